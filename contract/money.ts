import { z } from './zod';

/**
 * Money: naira (at most 2 decimals) on the wire, integer kobo everywhere inside
 * (decisions §3). Every money field of the contract is a `Naira` codec, so
 * `schema.parse(wire)` yields kobo and `z.encode(schema, value)` yields naira.
 */
export type Kobo = number;

const KOBO_PER_NAIRA = 100;

/** True when `naira` is a finite number with at most two decimals. */
export function hasAtMostTwoDecimals(naira: number): boolean {
  if (!Number.isFinite(naira)) return false;
  const scaled = naira * KOBO_PER_NAIRA;
  // Float noise grows with the amount (a few ulps); a third decimal is always ≥ 0.1 kobo off.
  const tolerance = Math.max(1e-6, Math.abs(scaled) * Number.EPSILON * 8);
  return Math.abs(scaled - Math.round(scaled)) <= tolerance;
}

/** Naira (≤ 2 decimals) → integer kobo. Throws on more precision or non-finite input. */
export function toKobo(naira: number): Kobo {
  if (!hasAtMostTwoDecimals(naira) || Math.abs(naira) * KOBO_PER_NAIRA > MAX_KOBO) {
    throw new RangeError(`not a naira amount: ${naira}`);
  }
  return Math.round(naira * KOBO_PER_NAIRA);
}

/** Integer kobo → naira for the wire. */
export function toNaira(kobo: Kobo): number {
  if (!Number.isSafeInteger(kobo)) throw new RangeError(`not an integer kobo amount: ${kobo}`);
  return kobo / KOBO_PER_NAIRA;
}

/**
 * Kobo → "₦1,500" (kobo only when there are any: "₦1,500.50") for names stored with data, such
 * as a coupon's "₦500 Airtime". Amounts shown on screens go through formatNaira / <Money>.
 * Grouped by hand: toLocaleString depends on the runtime's ICU data.
 */
export function nairaText(amount: Kobo): string {
  const whole = String(Math.floor(amount / KOBO_PER_NAIRA)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const kobo = amount % KOBO_PER_NAIRA;
  return `₦${whole}${kobo ? `.${String(kobo).padStart(2, '0')}` : ''}`;
}

/** Largest amount any call may carry: ₦10 billion, far above any wallet, far below 2^53 kobo. */
export const MAX_KOBO: Kobo = 1_000_000_000_000;

const nairaWire = z.number().check(
  z.refine(hasAtMostTwoDecimals, 'Amounts have at most 2 decimals.'),
  z.refine((n) => Math.abs(n) * KOBO_PER_NAIRA <= MAX_KOBO, 'Amount is too large.'),
);

/**
 * A money field: naira on the wire, kobo after parsing. `message` replaces the default
 * error (the spec's message for the screen, e.g. "Invalid Amount.").
 */
export function naira(message?: string) {
  const wire = message
    ? z.number({ error: message }).check(
        z.refine(hasAtMostTwoDecimals, message),
        z.refine((n) => Math.abs(n) * KOBO_PER_NAIRA <= MAX_KOBO, message),
      )
    : nairaWire;
  return z.codec(wire, z.int(), {
    decode: (n) => Math.round(n * KOBO_PER_NAIRA),
    encode: (kobo) => toNaira(kobo),
  });
}

/** The common money field (no screen-specific message). */
export const Naira = naira();
