import { describe, expect, it } from 'vitest';
import { isVtpassRequestId, lagosTimestamp, newVtpassRequestId } from './request-id.ts';

describe('VTpass request_id', () => {
  it('starts with the Africa/Lagos date-time (UTC+1) as YYYYMMDDHHmm', () => {
    expect(lagosTimestamp(new Date('2026-11-22T03:49:10Z'))).toBe('202611220449');
    // 23:30 UTC on the last day of a month is already the next day (and month) in Lagos.
    expect(lagosTimestamp(new Date('2026-01-31T23:30:00Z'))).toBe('202602010030');
    expect(lagosTimestamp(new Date('2025-12-31T23:05:00Z'))).toBe('202601010005');
    // No daylight saving: mid-year is still UTC+1.
    expect(lagosTimestamp(new Date('2026-07-01T12:00:00Z'))).toBe('202607011300');
  });

  it('adds a random alphanumeric suffix: at least 12 characters, unique', () => {
    const now = new Date('2026-11-22T03:49:10Z');
    const ids = Array.from({ length: 200 }, () => newVtpassRequestId(now));
    for (const id of ids) {
      expect(id).toMatch(/^202611220449[a-z0-9]{16}$/);
      expect(id.length).toBeGreaterThanOrEqual(12);
      expect(isVtpassRequestId(id)).toBe(true);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('uses the current time by default', () => {
    const before = lagosTimestamp();
    const id = newVtpassRequestId();
    const after = lagosTimestamp();
    expect([before, after]).toContain(id.slice(0, 12));
  });

  it('recognises malformed ids', () => {
    expect(isVtpassRequestId('2026112204')).toBe(false);
    expect(isVtpassRequestId('abc611220449x')).toBe(false);
    expect(isVtpassRequestId('202611220449-x')).toBe(false);
  });
});
