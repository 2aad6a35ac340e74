/**
 * Nigerian time: West Africa Time, UTC+1 all year (no daylight saving since 1919, IANA
 * tzdata). The one offset the app and the server use for Lagos dates and business days;
 * migrations keep their own copy (a migration is frozen once it has run).
 */
export const LAGOS_OFFSET_MS = 60 * 60 * 1000;
