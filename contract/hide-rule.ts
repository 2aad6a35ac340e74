import type { TransactionStatus } from './entities';
import { HISTORY_MSG } from './messages/history';

/**
 * Which lines a customer may hide from their history (ADR 0074). The spec lets a customer
 * delete a transaction without saying which; the statement must still add up, so a line that
 * moved money and keeps it moved never leaves:
 * - successful and pending: refused (the money left the wallet, or may yet);
 * - failed: only once nothing is held, i.e. nothing was taken (a failed purchase whose money
 *   is still waiting for its refund is not final);
 * - reversed (refunded: its refund line leaves with it, the two net to zero) and cancelled:
 *   hidden.
 * Hiding never deletes: the ledger, the totals and the admin's lists keep the line.
 * `held` is whether the purchase still holds money taken from the customer.
 */
export function hideRefusal(status: TransactionStatus, held: boolean): string | null {
  if (status === 'reversed' || status === 'cancelled') return null;
  if (status === 'failed') return held ? HISTORY_MSG.waitingForRefund : null;
  return HISTORY_MSG.keepsMoney;
}

/** The statuses whose lines may be hidden at all (a failed one only when nothing is held). */
export const HIDEABLE_STATUSES: readonly TransactionStatus[] = ['failed', 'reversed', 'cancelled'];
