/**
 * A customer's and the admin's view of transactions: one transaction as the API answers it,
 * and the admin's and the customer's paged lists. Hiding a line from a customer's history is
 * hide-transaction.ts (ADR 0074).
 */
import {
  tidyPhone,
  type Transaction,
  type TransactionStatus,
} from '@contract';
import { lagosDayEnd, lagosDayStart } from '@contract/time';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import { counter, userTransactionCounts } from '../platform/aggregates.ts';
import { countRows, paged } from '../platform/paging.ts';
import { statementPage, type StatementQuery } from './statement.ts';
import { toAdminTransaction } from './transaction-view.ts';
import { toTransaction, type UserRow } from '../accounts/users.ts';

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

/**
 * The admin's list: every transaction, newest first; `q` an exact user e-mail, `id` one id,
 * `dest` what a purchase was for (byDestination),
 * `status` one status, `from`/`to` Lagos days, both inclusive (ADR 0048). The day range is a
 * range of `created_at`, which leads the indexes the pages walk (transactions_created, and
 * transactions_user_created after the user).
 */
export async function listTransactions(
  ctx: AppContext,
  query: {
    page: number;
    limit: number;
    q?: string;
    id?: string;
    dest?: string;
    status?: TransactionStatus;
    from?: string;
    to?: string;
  },
) {
  let userId: string | undefined;
  if (query.q) {
    const owner = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', query.q.toLowerCase())
      .executeTakeFirst();
    if (!owner) return paged([], query, 0);
    userId = owner.id;
  }
  if (query.dest) return byDestination(ctx, { ...query, dest: query.dest }, userId);
  let base = ctx.db.selectFrom('transactions');
  if (userId) base = base.where('transactions.user_id', '=', userId);
  if (query.id) base = base.where('transactions.id', '=', query.id);
  if (query.status) base = base.where('transactions.status', '=', query.status);
  if (query.from) base = base.where('transactions.created_at', '>=', lagosDayStart(query.from));
  if (query.to) base = base.where('transactions.created_at', '<', lagosDayEnd(query.to));
  const dated = Boolean(query.from || query.to);
  // Counted from the aggregates where they know the answer (all rows, or one customer's by
  // status); one id, a day range or a status across everyone is counted from the rows (the
  // aggregates know no days; the range walks the created_at index).
  const total =
    query.id || dated || (query.status && !userId)
      ? await countRows(base)
      : userId
        ? (
            await userTransactionCounts(ctx.db, userId, {
              visibleOnly: false,
              status: query.status,
            })
          ).n
        : (await counter(ctx.db, 'transactions')).n;
  const rows = await base
    .innerJoin('users', 'users.id', 'transactions.user_id')
    .selectAll('transactions')
    .select('users.email')
    .orderBy('transactions.created_at', 'desc')
    .orderBy('transactions.id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return paged(
    rows.map((r) => toAdminTransaction(r, r.email)),
    query,
    total,
  );
}

/** The most purchases a destination search lists: its newest, twenty pages of five (ADR 0078). */
export const DESTINATION_SEARCH_MAX = 100;

/** The columns a destination search looks in, each with its own index (migration 0037). */
const DESTINATION_COLUMNS = [
  'transaction_phone',
  'meter_number',
  'smart_card_number',
  'exchange_reference',
] as const;

/**
 * The admin's search by what a purchase was for (ADR 0078): the phone (tidied as the purchase
 * forms tidy it, so 080…, +234… and 234… find the same), the meter or smart card number, or the
 * provider's reference, each exact. Each column is asked on its own index, newest first and cut
 * at DESTINATION_SEARCH_MAX (a walk of the rows it finds, never a scan or a sort of the table);
 * the ids are merged here, and the page's rows read by their key. A destination with more
 * purchases lists its newest DESTINATION_SEARCH_MAX.
 */
async function byDestination(
  ctx: AppContext,
  query: {
    page: number;
    limit: number;
    dest: string;
    id?: string;
    status?: TransactionStatus;
    from?: string;
    to?: string;
  },
  userId: string | undefined,
) {
  const tidy = tidyPhone(query.dest);
  const found = await Promise.all(
    DESTINATION_COLUMNS.map((column) => {
      let arm = ctx.db
        .selectFrom('transactions')
        .select(['transactions.id', 'transactions.created_at'])
        .where(column, '=', column === 'exchange_reference' ? query.dest : tidy);
      if (userId) arm = arm.where('transactions.user_id', '=', userId);
      if (query.id) arm = arm.where('transactions.id', '=', query.id);
      if (query.status) arm = arm.where('transactions.status', '=', query.status);
      if (query.from) arm = arm.where('created_at', '>=', lagosDayStart(query.from));
      if (query.to) arm = arm.where('created_at', '<', lagosDayEnd(query.to));
      return arm
        .orderBy('transactions.created_at', 'desc')
        .orderBy('transactions.id', 'desc')
        .limit(DESTINATION_SEARCH_MAX)
        .execute();
    }),
  );
  const byId = new Map<string, number>();
  for (const row of found.flat()) byId.set(row.id, Number(row.created_at));
  const ordered = [...byId.entries()]
    .sort(([a, at], [b, bt]) => bt - at || (a < b ? 1 : a > b ? -1 : 0))
    .slice(0, DESTINATION_SEARCH_MAX)
    .map(([id]) => id);
  const pageIds = ordered.slice((query.page - 1) * query.limit, query.page * query.limit);
  const rows = pageIds.length
    ? await ctx.db
        .selectFrom('transactions')
        .innerJoin('users', 'users.id', 'transactions.user_id')
        .selectAll('transactions')
        .select('users.email')
        .where('transactions.id', 'in', pageIds)
        .execute()
    : [];
  const place = new Map(pageIds.map((id, i) => [id, i]));
  rows.sort((a, b) => place.get(a.id)! - place.get(b.id)!);
  return paged(
    rows.map((r) => toAdminTransaction(r, r.email)),
    query,
    ordered.length,
  );
}

export type HistoryQuery = StatementQuery;

/**
 * A customer's own history: their wallet statement (ADR 0045; ADR 0020 for the paging),
 * newest first, without the rows they deleted; a status, a product, a kind, and `q` an exact
 * transaction id, a funding reference, or the phone, meter, smart card, account or e-mail it
 * went to.
 */
export const listMyTransactions = (ctx: AppContext, user: UserRow, query: HistoryQuery) =>
  statementPage(ctx, user, query);
