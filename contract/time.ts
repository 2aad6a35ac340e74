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
