/**
 * Time in the mocks. The mock world lives on the seed's dates: its clock starts at SEED_NOW
 * when this module loads and runs at real speed from there, so a coupon bought a fortnight
 * before SEED_NOW is valid, and a lockout of 15 minutes lasts 15 minutes, whatever the
 * calendar says on the machine (on real time, the seed's 90-day coupons expired under the
 * stories and tests in January 2027). A story or test can freeze it (`freezeClock(SEED_NOW)`
 * makes "2 hours ago" and the admin 30-day series identical on every run).
 */
import { LAGOS_OFFSET_MS } from '@contract/time';

/** The seed's "today": 1 November 2026, 09:00 in Lagos (UTC+1, no daylight saving). */
export const SEED_NOW = Date.UTC(2026, 10, 1, 8, 0, 0);

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

let frozen: number | null = null;
const loadedAt = Date.now();

/** The mock world's time: SEED_NOW plus the real time since the mocks loaded, unless frozen. */
export function now(): number {
  return frozen ?? SEED_NOW + (Date.now() - loadedAt);
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
