import { MAX_KOBO, type Kobo } from '@contract/money';

/**
 * Kobo → text. With the design system's `<Money>`, the only place kobo becomes text
 * (style.md "Names"). Integer math only: no float ever touches a displayed amount.
 */

/** U+2212 MINUS SIGN: reads as "minus" to screen readers, unlike a hyphen. */
const MINUS = '\u2212';

/** Groups an unsigned digit string in threes: "1234567" → "1,234,567". */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Integer kobo → "₦1,234.50": always two decimals and thousands separators (spec §1: NGN
 * with 2 decimals). Negative amounts read "−₦250.00"; zero is "₦0.00".
 * Throws a RangeError for anything but a safe integer: kobo from the contract always is one.
 */
export function formatNaira(kobo: Kobo): string {
  if (!Number.isSafeInteger(kobo)) throw new RangeError(`not an integer kobo amount: ${kobo}`);
  const abs = Math.abs(kobo);
  const naira = Math.floor(abs / 100);
  const rest = abs % 100;
  const text = `₦${groupThousands(String(naira))}.${String(rest).padStart(2, '0')}`;
  return kobo < 0 ? `${MINUS}${text}` : text;
}

/**
 * What a person typed as naira → integer kobo, or undefined when it is not an amount.
 * Accepts thousands separators, spaces and a leading "₦": "1,234.5" → 123450, "₦50" → 5000,
 * ".5" → 50. Refuses negatives, more than 2 decimals and anything above the contract's
 * MAX_KOBO. Done on the digit string, so "0.29" is exactly 29 kobo.
 */
export function parseNairaInput(input: string): Kobo | undefined {
  const cleaned = input.trim().replace(/^₦/, '').replace(/[,\s]/g, '');
  const match = /^(\d*)(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match) return undefined;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return undefined;
  const digits = `${whole || '0'}${fraction.padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits.length > String(MAX_KOBO).length) return undefined;
  const kobo = Number(digits);
  return kobo <= MAX_KOBO ? kobo : undefined;
}

/**
 * Integer kobo as a naira form field shows it: separators, no sign ("2,000.00"); null (no
 * amount, e.g. "no limit") is an empty field.
 */
export function nairaFieldText(kobo: Kobo | null): string {
  return kobo === null ? '' : formatNaira(kobo).slice(1);
}

/**
 * What a person typed as naira → the wire's naira number, for the contract's `naira()` field
 * to check: NaN when it is not an amount, so the contract answers its own message.
 */
export function typedNairaToWire(input: string): number {
  const kobo = parseNairaInput(input);
  return kobo === undefined ? Number.NaN : kobo / 100;
}
