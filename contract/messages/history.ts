/**
 * The history's sentences the server, the mocks and the screens share (ADR 0074): what hiding a
 * line does and why some lines cannot be hidden, and the plain sentence a customer reads for a
 * purchase that failed (never the provider's code or its own words).
 */
export const HISTORY_MSG = {
  /** The button and what it does: hiding is not deleting (the statement keeps the line's money). */
  hideAction: 'Hide from history',
  hideConfirm:
    'Hide it from your history? Your balance and totals stay the same; an admin can still see it.',
  hidden: 'Hidden from your history. Your balance and totals are unchanged.',
  /** A successful or pending line moved money: it stays, so the statement adds up. */
  keepsMoney:
    'This transaction moved money in your wallet, so it stays in your history. Only a failed, cancelled or refunded one can be hidden.',
  /** A failed purchase whose money is not back yet: not final until it is refunded. */
  waitingForRefund:
    'This purchase is waiting for its refund. You can hide it once the money is back in your wallet.',
} as const;

/**
 * Why a purchase failed, in a customer's words (ADR 0074): one sentence per reason, naming the
 * network or biller and what was bought ("MTN", "top-up"). The refund is said beside it by the
 * screen ("₦490.00 is back in your wallet.").
 */
export const FAILURE_MSG = {
  declined: (biller: string, kind: string) => `${biller} could not complete this ${kind}.`,
  details: (biller: string, kind: string, field: string) =>
    `${biller} did not accept the ${field} for this ${kind}. Check it and try again.`,
  amount: (biller: string, kind: string) =>
    `${biller} does not accept this amount for a ${kind}. Try a different amount.`,
  unavailable: (biller: string, kind: string) =>
    `${biller} cannot take this ${kind} right now. Please try again later.`,
  duplicate: (biller: string, kind: string) =>
    `${biller} refused this ${kind} because the same one was made a moment ago. Check your history before trying again.`,
  unknown: (kind: string) => `We could not complete this ${kind}.`,
  /** Beside the sentence when the money came back (the amount formatted by the caller). */
  refunded: (amount: string) => `${amount} is back in your wallet.`,
} as const;
