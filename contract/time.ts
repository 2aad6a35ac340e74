/**
 * Nigerian time: West Africa Time, UTC+1 all year (no daylight saving since 1919, IANA
 * tzdata). The one offset the app and the server use for Lagos dates and business days;
 * migrations keep their own copy (a migration is frozen once it has run).
 */
export const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** `YYYY-MM-DD` of an instant in Lagos: how the admin overview names its days. */
export function lagosDay(ms: number): string {
  return new Date(ms + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * Whether `text` is a `YYYY-MM-DD` that names a real calendar day (2026-02-30 does not): how
 * a date filter is written on the wire (ADR 0048).
 */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}

/** The first instant (epoch ms) of the Lagos day `YYYY-MM-DD`: 23:00 UTC the day before. */
export function lagosDayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - LAGOS_OFFSET_MS;
}

/**
 * The first instant after the Lagos day `YYYY-MM-DD`, so a day's rows are
 * `lagosDayStart(day) <= created_at < lagosDayEnd(day)` (Lagos keeps no daylight saving:
 * every day is 24 hours).
 */
export function lagosDayEnd(day: string): number {
  return lagosDayStart(day) + 24 * 60 * 60 * 1000;
}

/** What a refused date filter says (ADR 0048). */
export const DATE_FILTER_MSG = {
  invalid: 'Enter a date as YYYY-MM-DD.',
  order: 'The end date is before the start date.',
} as const;
