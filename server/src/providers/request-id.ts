import { randomInt } from 'node:crypto';

/**
 * VTpass `request_id` (domain.md): at least 12 characters, the first 12 the current date-time
 * in Africa/Lagos as `YYYYMMDDHHmm`, then any alphanumeric suffix. It is the only idempotency
 * key upstream, so the suffix is 16 crypto-random characters (~82 bits).
 */
const SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const SUFFIX_LENGTH = 16;

const lagosParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `YYYYMMDDHHmm` of `now` in Africa/Lagos (UTC+1, no daylight saving). */
export function lagosTimestamp(now: Date = new Date()): string {
  const parts = Object.fromEntries(
    lagosParts.formatToParts(now).map((part) => [part.type, part.value]),
  ) as Partial<Record<Intl.DateTimeFormatPartTypes, string>>;
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}`;
}

export function newVtpassRequestId(now: Date = new Date()): string {
  let suffix = '';
  for (let i = 0; i < SUFFIX_LENGTH; i += 1) {
    suffix += SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)];
  }
  return `${lagosTimestamp(now)}${suffix}`;
}

/** True when `id` follows the rule (shape only; VTpass also rejects stale dates: code 085). */
export function isVtpassRequestId(id: string): boolean {
  return /^\d{12}[A-Za-z0-9]*$/.test(id) && id.length >= 12;
}
