/**
 * Time in the mocks. Seed data is dated relative to a fixed instant so screenshots are
 * stable; requests use `now()`, which is the real time unless a story or test freezes it
 * (`freezeClock(SEED_NOW)` makes "2 hours ago" and the admin 30-day series identical on
 * every run).
 */
import { LAGOS_OFFSET_MS } from '@contract/time';

/** The seed's "today": 1 November 2026, 09:00 in Lagos (UTC+1, no daylight saving). */
export const SEED_NOW = Date.UTC(2026, 10, 1, 8, 0, 0);

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

let frozen: number | null = null;

export function now(): number {
  return frozen ?? Date.now();
}

/** Pin the mock clock (stories, tests); `null` lets it run again. */
export function freezeClock(at: number | null): void {
  frozen = at;
}

/** A seed instant: `daysAgo` days before SEED_NOW's date, at hh:mm Lagos time. */
export function seedAt(daysAgo: number, hh: number, mm = 0): number {
  return Date.UTC(2026, 10, 1 - daysAgo, hh, mm) - LAGOS_OFFSET_MS;
}

/** `YYYYMMDDHHmm` in Lagos: the prefix VTpass wants on every request_id (docs/domain.md). */
export function lagosStamp(ms: number): string {
  return new Date(ms + LAGOS_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 12);
}

/** Midnight (Lagos) that starts the day of `ms`. */
export function lagosMidnight(ms: number): number {
  return Math.floor((ms + LAGOS_OFFSET_MS) / DAY) * DAY - LAGOS_OFFSET_MS;
}
