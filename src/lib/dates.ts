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
