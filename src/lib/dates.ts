/**
 * Epoch milliseconds → text, in Nigerian time (Africa/Lagos, UTC+1, no daylight saving) on
 * any machine, so a receipt reads the same in Lagos, in CI and on a traveller's laptop.
 * The one date formatter (style.md "one way to do each thing").
 *
 * Arithmetic, not `Intl.DateTimeFormat({ timeZone: 'Africa/Lagos' })`: building a formatter
 * with a time zone loads the browser's zone data, about 50 ms of main thread on a fast laptop
 * (200 ms on Lighthouse's 4× slower phone) in the first task of every signed-in page
 * (docs/decisions/0031). Lagos has been UTC+1 all year since 1919 (IANA tzdata: no
 * daylight saving since), so adding the hour and reading the UTC fields gives the same text
 * for every date the app shows; dates.test.ts checks it against Intl over many years.
 */

import { LAGOS_OFFSET_MS } from '@contract/time';

const two = (n: number) => String(n).padStart(2, '0');

/** "DD - MM - YYYY" (spec §2), e.g. `formatDate(Date.UTC(2024, 2, 5, 23, 30))` → "06 - 03 - 2024". */
export function formatDate(epochMs: number): string {
  const d = new Date(epochMs + LAGOS_OFFSET_MS);
  return `${two(d.getUTCDate())} - ${two(d.getUTCMonth() + 1)} - ${d.getUTCFullYear()}`;
}

/** 24-hour "HH:MM", e.g. "14:05". */
export function formatTime(epochMs: number): string {
  const d = new Date(epochMs + LAGOS_OFFSET_MS);
  return `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** "DD - MM - YYYY HH:MM", e.g. "06 - 03 - 2024 00:30". */
export function formatDateTime(epochMs: number): string {
  return `${formatDate(epochMs)} ${formatTime(epochMs)}`;
}

/** "DD - MM - YYYY HH:MM:SS", for a timeline whose events are seconds apart (ADR 0083). */
export function formatDateTimeSeconds(epochMs: number): string {
  const d = new Date(epochMs + LAGOS_OFFSET_MS);
  return `${formatDateTime(epochMs)}:${two(d.getUTCSeconds())}`;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long ago, for a feed (the bell, ADR 0057): "Just now", "5 min ago", "3 h ago",
 * "Yesterday", "4 days ago", then the date ("DD - MM - YYYY"). A moment ahead of `now` (a
 * device clock behind the server's) reads "Just now".
 */
export function formatAgo(epochMs: number, now: number): string {
  const ago = now - epochMs;
  if (ago < MINUTE_MS) return 'Just now';
  if (ago < HOUR_MS) return `${Math.floor(ago / MINUTE_MS)} min ago`;
  if (ago < DAY_MS) return `${Math.floor(ago / HOUR_MS)} h ago`;
  if (ago < 2 * DAY_MS) return 'Yesterday';
  if (ago < 7 * DAY_MS) return `${Math.floor(ago / DAY_MS)} days ago`;
  return formatDate(epochMs);
}
