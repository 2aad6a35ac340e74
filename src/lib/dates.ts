/**
 * Epoch milliseconds → text, in Nigerian time (Africa/Lagos, UTC+1, no daylight saving) on
 * any machine, so a receipt reads the same in Lagos, in CI and on a traveller's laptop.
 * The one date formatter (style.md "one way to do each thing").
 */

const TIME_ZONE = 'Africa/Lagos';

const dateParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

const timeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? '';
}

/** "DD - MM - YYYY" (spec §2), e.g. `formatDate(Date.UTC(2024, 2, 5, 23, 30))` → "06 - 03 - 2024". */
export function formatDate(epochMs: number): string {
  const parts = dateParts.formatToParts(epochMs);
  return `${part(parts, 'day')} - ${part(parts, 'month')} - ${part(parts, 'year')}`;
}

/** 24-hour "HH:MM", e.g. "14:05". */
export function formatTime(epochMs: number): string {
  const parts = timeParts.formatToParts(epochMs);
  return `${part(parts, 'hour')}:${part(parts, 'minute')}`;
}

/** "DD - MM - YYYY HH:MM", e.g. "06 - 03 - 2024 00:30". */
export function formatDateTime(epochMs: number): string {
  return `${formatDate(epochMs)} ${formatTime(epochMs)}`;
}
