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

  it('reads the same as Intl in Africa/Lagos from 1920 to 2100 (no zone data needed)', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Africa/Lagos',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const asIntl = (ms: number) => {
      const parts = Object.fromEntries(intl.formatToParts(ms).map((p) => [p.type, p.value]));
      return `${parts.day} - ${parts.month} - ${parts.year} ${parts.hour}:${parts.minute}`;
    };
    const differ: string[] = [];
    // Every 31 h 13 min: each hour of the day and each day of the month comes round.
    const step = (31 * 60 + 13) * 60 * 1000;
    for (let ms = Date.UTC(1920, 0, 1); ms < Date.UTC(2100, 0, 1); ms += step) {
      if (formatDateTime(ms) !== asIntl(ms)) differ.push(new Date(ms).toISOString());
    }
    // Midnight and the turn of each year in Lagos (23:00 UTC the day before).
    for (let year = 1920; year < 2100; year += 1) {
      for (const ms of [Date.UTC(year, 0, 1) - 3_600_000, Date.UTC(year, 0, 1) - 3_540_000]) {
        if (formatDateTime(ms) !== asIntl(ms)) differ.push(new Date(ms).toISOString());
      }
    }
    expect(differ).toEqual([]);
  });
});
