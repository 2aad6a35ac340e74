import { NAIRA } from '@contract/business-limits';
import { isDigits } from '@contract/rules';

/** What the five product definitions share (ADR 0061). */

export const PHONE_HINT = '11 digits, starting 070, 080, 081, 090 or 091.';

/** Whole naira typed → kobo; 0 until it is a whole number. */
export const typedKobo = (naira: string | undefined) =>
  isDigits((naira ?? '').trim()) ? Number((naira ?? '').trim()) * NAIRA : 0;

/** A value the form keeps, '' until set. */
export const v = (values: Readonly<Record<string, string>>, key: string) => values[key] ?? '';
