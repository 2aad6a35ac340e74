import type { Transaction } from '@contract/entities';

/**
 * How a wallet statement line reads (ADR 0045): what it is in a few words, and its sign. A
 * line from before the statement (no `kind`) reads as its product, as it always did.
 */

/** The other customer of a share: their name, else their e-mail. */
export function counterpartyText(tx: Transaction): string | undefined {
  return tx.counterparty_name ?? tx.counterparty;
}

/**
 * "Card funding", "Refund · Airtime", "From Bola Ade", "To Bola Ade", "Airtime", "Withdrawal
 * to ADAEZE NWOSU, Guaranty Trust Bank"…; a credit a
 * level's limit held (ADR 0076): "Card funding, held" while it waits, "Card funding, released"
 * once it reached the wallet; a card payment that failed or was cancelled: "Card funding,
 * failed", "Card funding, cancelled".
 */
export function lineLabel(tx: Transaction): string {
  const label = kindLabel(tx);
  if (isAttempt(tx)) return `${label}, ${tx.status}`;
  return tx.held ? `${label}, ${tx.held.status}` : label;
}

/** A line still held: it moved no wallet money (ADR 0076). */
export const isHeld = (tx: Transaction) => tx.held?.status === 'held';

/**
 * A card payment that failed or was cancelled at the checkout (ADR 0076): "Card funding,
 * failed", "Card funding, cancelled"; it moved no wallet money and has no receipt.
 */
export const isAttempt = (tx: Transaction) =>
  tx.kind === 'card_funding' && (tx.status === 'failed' || tx.status === 'cancelled');

/** A line that moved no wallet money: no balance before or after of its own. */
export const movedNothing = (tx: Transaction) => isHeld(tx) || isAttempt(tx);

/** The status a line's badge shows: "Held" for a held credit, else its own. */
export const lineStatus = (tx: Transaction): string => (isHeld(tx) ? 'held' : tx.status);

/** Why a credit was held, in a few words (the reason of HeldLineSchema). */
export const heldWhy = (reason: 'balance' | 'daily_funding') =>
  reason === 'balance'
    ? 'It would have passed your maximum balance'
    : 'It would have passed your daily funding limit';

function kindLabel(tx: Transaction): string {
  const other = counterpartyText(tx);
  switch (tx.kind) {
    case 'card_funding':
      return 'Card funding';
    case 'bank_transfer':
      return 'Bank transfer';
    case 'refund':
      return `Refund · ${tx.product}`;
    case 'share_in':
      return other ? `From ${other}` : 'Funds received';
    case 'share_out':
      return other ? `To ${other}` : 'Funds sent';
    case 'coupon':
      return 'Coupon';
    case 'commission':
      return 'Commission';
    case 'adjustment':
      return 'Adjustment';
    default:
      // A withdrawal names who received it: "Withdrawal to ADAEZE NWOSU, Guaranty Trust Bank".
      return tx.product === 'Withdrawal' && tx.counterparty
        ? `Withdrawal to ${tx.counterparty}`
        : tx.product;
  }
}

/** True when the line put money into the wallet. */
export const isCredit = (tx: Transaction) => tx.direction === 'credit';

/** What moved in or out of the wallet: the line's amount, or its value for an older answer. */
export function movedAmount(tx: Transaction): number {
  return tx.amount ?? (tx.direction === 'credit' ? tx.value : tx.amountCharged);
}

/** A purchase the customer got their money back for. */
export const isRefunded = (tx: Transaction) =>
  tx.status === 'reversed' && tx.direction === 'debit' && tx.kind !== 'refund';
