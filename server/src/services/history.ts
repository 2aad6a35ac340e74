/**
 * A customer's and the admin's view of transactions: one transaction as the API answers it,
 * the admin's paged list, and hiding a finished transaction from the customer's history (the
 * ledger keeps its entries).
 */
import { FINAL_TRANSACTION_STATUSES, SERVER_MSG, type Transaction } from '@contract';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../http/errors.ts';
import { toTransaction, type UserRow } from './users.ts';

export async function transactionById(db: Db, id: string): Promise<Transaction> {
  const row = await db
    .selectFrom('transactions')
    .innerJoin('users', 'users.id', 'transactions.user_id')
    .selectAll('transactions')
    .select('users.email')
    .where('transactions.id', '=', id)
    .executeTakeFirstOrThrow();
  return toTransaction(row, row.email);
}

/** Hides one of the user's own finished transactions (the ledger keeps its entries). */
export async function deleteTransaction(ctx: AppContext, user: UserRow, id: string) {
  const row = await ctx.db
    .selectFrom('transactions')
    .select(['id', 'status'])
    .where('id', '=', id)
    .where('user_id', '=', user.id)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw new ApiError('not_found', SERVER_MSG.transactionNotFound);
  if (!FINAL_TRANSACTION_STATUSES.includes(row.status as Transaction['status'])) {
    throw new ApiError('conflict', SERVER_MSG.notDeletable);
  }
  await ctx.db
    .updateTable('transactions')
    .set({ deleted: 1 })
    .where('id', '=', id)
    .where('user_id', '=', user.id)
    .where('status', 'in', [...FINAL_TRANSACTION_STATUSES])
    .execute();
  return SERVER_MSG.deleted;
}

export async function listTransactions(
  ctx: AppContext,
  query: { page: number; limit: number; q?: string; id?: string },
) {
  let base = ctx.db
    .selectFrom('transactions')
    .innerJoin('users', 'users.id', 'transactions.user_id');
  if (query.q) base = base.where('users.email', '=', query.q.toLowerCase());
  if (query.id) base = base.where('transactions.id', '=', query.id);
  const { total } = await base
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('transactions')
    .select('users.email')
    .orderBy('transactions.created_at', 'desc')
    .orderBy('transactions.id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const count = Number(total);
  return {
    message: rows.map((r) => toTransaction(r, r.email)),
    page: query.page,
    pages: Math.max(1, Math.ceil(count / query.limit)),
    total: count,
  };
}
