/**
 * Hiding a transaction from its owner's history (ADR 0074): the customer's "delete". Only a
 * line that leaves the statement adding up may go (contract/hide-rule.ts): a refunded or
 * cancelled one, or a failed one that holds no money. Hiding sets `deleted`; the ledger, the
 * overview's totals and the admin's lists keep the row.
 */
import { SERVER_MSG, type TransactionStatus } from '@contract';
import { HISTORY_MSG } from '@contract/messages/history';
import { HIDEABLE_STATUSES, hideRefusal } from '@contract/hide-rule';
import type { AppContext } from '../context.ts';
import { ApiError } from '../platform/http/errors.ts';
import type { UserRow } from '../accounts/users.ts';

export async function hideTransaction(ctx: AppContext, user: UserRow, id: string) {
  const row = await ctx.db
    .selectFrom('transactions')
    .select(['id', 'status', 'paid_account'])
    .where('id', '=', id)
    .where('user_id', '=', user.id)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw new ApiError('not_found', SERVER_MSG.transactionNotFound);
  // A failed purchase still holds what it took until its reversal (reversal.ts refunds a
  // failed row that names the account that paid).
  const refusal = hideRefusal(row.status as TransactionStatus, row.paid_account !== null);
  if (refusal) throw new ApiError('conflict', refusal);
  // Guarded by the same rule, so a purchase that moved on since the read is not hidden.
  const changed = await ctx.db
    .updateTable('transactions')
    .set({ deleted: 1 })
    .where('id', '=', id)
    .where('user_id', '=', user.id)
    .where('deleted', '=', 0)
    .where('status', 'in', [...HIDEABLE_STATUSES])
    .where((eb) => eb.or([eb('status', '!=', 'failed'), eb('paid_account', 'is', null)]))
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 0) throw new ApiError('conflict', HISTORY_MSG.keepsMoney);
  return HISTORY_MSG.hidden;
}
