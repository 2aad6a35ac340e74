/**
 * What a customer is told about a purchase still at its provider (ADR 0075), and how long a
 * purchase waits for the provider before it says so.
 */

/**
 * The answer budget: a purchase waits at most this long for its provider's answer, then answers
 * with the purchase as it stands, pending (the call goes on and settles it, or the requery
 * worker does). Opay and Palmpay answer in about this time; a customer staring at a spinner for
 * the provider's 30 s timeout pays again or leaves. The server's PURCHASE_ANSWER_MS overrides it.
 */
export const PURCHASE_ANSWER_MS = 5_000;

export const PURCHASE_PENDING_MSG = {
  /** The first line: the money is taken once, the customer need not do anything. */
  body: 'Processing… we will tell you when it is done. Do not pay again.',
  /** What happens next, and when (the requery worker's and the refund's rules, ADR 0075). */
  next: 'This page updates by itself, and we send you a notification when it is done. If it fails, your money comes back to your wallet. If the provider has not finished within 24 hours, our team settles it with them.',
  /** The page stopped asking (PENDING_REFRESH) and the purchase is still with the provider. */
  stillPending:
    'Still processing: the provider has not finished yet. We keep asking it and tell you when it is done. Do not pay again.',
} as const;
