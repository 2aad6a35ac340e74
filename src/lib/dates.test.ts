import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './dates';

describe('dates (Africa/Lagos, UTC+1, on any machine)', () => {
  // 2024-03-05 13:05 UTC = 14:05 in Lagos.
  const afternoon = Date.UTC(2024, 2, 5, 13, 5);
  // 2024-12-31 23:30 UTC = 00:30 on 1 January 2025 in Lagos.
  const newYear = Date.UTC(2024, 11, 31, 23, 30);

  it('formatDate is "DD - MM - YYYY" (spec §2)', () => {
    expect(formatDate(afternoon)).toBe('05 - 03 - 2024');
    expect(formatDate(newYear)).toBe('01 - 01 - 2025');
  });

  it('formatTime is 24-hour HH:MM', () => {
    expect(formatTime(afternoon)).toBe('14:05');
    expect(formatTime(newYear)).toBe('00:30');
  });

  it('formatDateTime joins both', () => {
    expect(formatDateTime(afternoon)).toBe('05 - 03 - 2024 14:05');
  });
});
