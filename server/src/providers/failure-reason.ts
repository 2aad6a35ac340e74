/**
 * A failed purchase's provider answer, sorted into the reason a customer is told (ADR 0074;
 * contract/failure-reasons.ts) and split into what the admin reads: the provider, its code and
 * its own words. The failure's text is what the adapter stored in `response_msg`:
 * - VTpass: `<code> <response_description>` for a code whose verdict is "failed"
 *   (vtpass.ts `outcomeFromVtpass`), the codes and meanings of
 *   https://www.vtpass.com/documentation/response-codes/ (VTPASS_CODES);
 * - Flutterwave bill payments: its `message` (a refusal's, or `Bill <status>`), no code
 *   (https://developer.flutterwave.com/reference/create-a-bill-payment);
 * - ours: a purchase no provider sells ("Not sold through …"), the requery's "no record".
 */
import type { ProviderAnswer } from '@contract/entities';
import type { FailureReason } from '@contract/failure-reasons';
import { ROUTE_PROVIDER_LABELS, routeProviderOf } from '@contract/providers';
import { VTPASS_CODES } from './vtpass.ts';

/**
 * VTpass's documented codes by what they mean for the customer. A code VTpass documents but
 * that never fails a purchase (000, 001, 099, 089, 044, 015, 014, 083: status, pending or a
 * refusal that says nothing) is not here; a code it does not document is `unknown`.
 */
export const VTPASS_REASONS: Readonly<Record<string, FailureReason>> = {
  // TRANSACTION FAILED, TRANSACTION REVERSAL, TRANSACTION NOT PROCESSED.
  '016': 'declined',
  '040': 'declined',
  '091': 'declined',
  // Verification codes on a purchase: "treat as failed" (the page's note). INVALID ARGUMENTS
  // ("not passing at least one of the arguments expected") may be our request as much as the
  // number: the customer is not told their number was wrong.
  '020': 'declined',
  '011': 'declined',
  // RECIPIENT BANK INVALID; RECIPIENT ACCOUNT COULD NOT BE VERIFIED.
  '025': 'details',
  '026': 'details',
  // BELOW MINIMUM / ABOVE MAXIMUM AMOUNT; BELOW MINIMUM / ABOVE (sic) MINIMUM QUANTITY.
  '013': 'amount',
  '017': 'amount',
  '031': 'amount',
  '032': 'amount',
  // LIKELY DUPLICATE TRANSACTION (same biller within 30 s).
  '019': 'duplicate',
  // The product or our account with VTpass: VARIATION CODE / PRODUCT DOES NOT EXIST, LOW
  // WALLET BALANCE, ACCOUNT LOCKED / SUSPENDED / INACTIVE, API ACCESS NOT ENABLED, IP / PRODUCT
  // NOT WHITELISTED, BILLER NOT REACHABLE, SERVICE SUSPENDED / INACTIVE, IMPROPER REQUEST ID,
  // INVALID CREDENTIALS.
  '010': 'unavailable',
  '012': 'unavailable',
  '018': 'unavailable',
  '021': 'unavailable',
  '022': 'unavailable',
  '023': 'unavailable',
  '024': 'unavailable',
  '027': 'unavailable',
  '028': 'unavailable',
  '030': 'unavailable',
  '034': 'unavailable',
  '035': 'unavailable',
  '085': 'unavailable',
  '087': 'unavailable',
};

/** What the admin reads of a provider's answer: whose, its code if it has one, its words. */
export type ProviderWords = Omit<ProviderAnswer, 'requery_attempts'>;

const VTPASS_TEXT = /^(?:VTpass\s+)?(\d{3})\s+(.+)$/s;

/** Splits a stored answer into provider, code and words (no code: the words as stored). */
export function providerAnswerOf(
  provider: string | null,
  message: string | null,
): ProviderWords | null {
  if (!message) return null;
  const route = provider ? routeProviderOf(provider) : null;
  const name = route ? ROUTE_PROVIDER_LABELS[route] : (provider ?? 'Provider');
  const coded = route === 'vtpass' ? VTPASS_TEXT.exec(message.trim()) : null;
  return coded
    ? { provider: name, code: coded[1]!, message: coded[2]!.trim() }
    : { provider: name, code: null, message };
}

/** The reason a customer is told for a failed purchase's stored answer. */
export function failureReasonOf(provider: string | null, message: string | null): FailureReason {
  const text = message?.trim() ?? '';
  if (/^Not sold through /i.test(text)) return 'unavailable';
  if (/no record of this purchase/i.test(text)) return 'declined';
  const route = provider ? routeProviderOf(provider) : null;
  if (route === 'vtpass') {
    const code = VTPASS_TEXT.exec(text)?.[1];
    if (code) return VTPASS_REASONS[code] ?? (VTPASS_CODES[code] ? 'declined' : 'unknown');
    // A 000 answer whose transaction failed or was reversed carries VTpass's description only.
    return /\b(failed|reversed|reversal)\b/i.test(text) ? 'declined' : 'unknown';
  }
  if (route === 'flutterwave') {
    if (
      /\b(customer|meter|smart ?card|phone|account)\b.*\b(invalid|not found|not valid)\b|\binvalid\b.*\b(customer|meter|smart ?card|phone|number)\b/i.test(
        text,
      )
    ) {
      return 'details';
    }
    if (/\b(minimum|maximum|amount)\b/i.test(text)) return 'amount';
    if (/\bbill (failed|error|cancelled|reversed)\b|\bfailed\b/i.test(text)) return 'declined';
    return 'unknown';
  }
  return 'unknown';
}
