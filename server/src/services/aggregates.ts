/**
 * Counts and sums that triggers keep in step with the rows (migration 0004, ADR 0020): read
 * here by the paged lists, `GET /api/user` and the admin overview; `checkAggregates` compares
 * them with a full recount (tests after every scenario, `npm run reconcile`).
 */
import { sql } from 'kysely';
import { dayOf } from '../../migrations/0005-issue15-history-aggregates.ts';
import { LAGOS_OFFSET_MS } from '@contract/time';
import type { Db } from '../db/index.ts';
import { queryShape } from '../db/query-shape.ts';
import type { CountersTable } from '../db/schema.ts';

/** A table-wide counter: its count and amount summed over its shards. */
export async function counter(
  db: Db,
  name: CountersTable['name'],
): Promise<{ n: number; amount: number }> {
  const row = await db
    .selectFrom('counters')
    .select((eb) => [eb.fn.sum<number>('n').as('n'), eb.fn.sum<number>('amount').as('amount')])
    .where('name', '=', name)
    .executeTakeFirst();
  return { n: Number(row?.n ?? 0), amount: Number(row?.amount ?? 0) };
}

const countsOf = (db: Db, userId: string) =>
  db.selectFrom('tx_user_counts').select(['status', 'n', 'value']).where('user_id', '=', userId);

/** The common case (the overview's figures): every visible row of a customer, compiled once. */
const visibleCounts = queryShape((db, userId: string) =>
  countsOf(db, userId).where('deleted', '=', 0),
);

/**
 * One customer's transactions counted from `tx_user_counts` (at most products × statuses × 2
 * rows): all of them, or only those not deleted, optionally one status and one product.
 */
export async function userTransactionCounts(
  db: Db,
  userId: string,
  filter: { visibleOnly: boolean; status?: string; product?: string },
): Promise<{ n: number; successfulValue: number }> {
  let rows: { status: string; n: number; value: number }[];
  if (filter.visibleOnly && !filter.status && !filter.product) {
    rows = await visibleCounts(db, userId);
  } else {
    let q = countsOf(db, userId);
    if (filter.visibleOnly) q = q.where('deleted', '=', 0);
    if (filter.status) q = q.where('status', '=', filter.status);
    if (filter.product) q = q.where('product', '=', filter.product);
    rows = await q.execute();
  }
  let n = 0;
  let successfulValue = 0;
  for (const row of rows) {
    n += Number(row.n);
    if (row.status === 'successful') successfulValue += Number(row.value);
  }
  return { n, successfulValue };
}

/** Where an aggregate disagrees with a recount of its rows (empty = in step). Scans: not for a page. */
export async function checkAggregates(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const perUser = await sql<{ user_id: string; product: string; status: string; deleted: number }>`
    select coalesce(t.user_id, a.user_id) as user_id, coalesce(t.product, a.product) as product,
      coalesce(t.status, a.status) as status, coalesce(t.deleted, a.deleted) as deleted
    from (select user_id, product, status, deleted, count(*) as n, sum(value) as value
          from transactions group by user_id, product, status, deleted) t
    full outer join (select * from tx_user_counts where n <> 0 or value <> 0) a
      on a.user_id = t.user_id and a.product = t.product and a.status = t.status
        and a.deleted = t.deleted
    where t.n is null or a.n is null or t.n <> a.n or t.value <> a.value
    limit 50`.execute(db);
  for (const r of perUser.rows) {
    problems.push(`tx_user_counts ${r.user_id}/${r.product}/${r.status}/${r.deleted} ≠ recount`);
  }
  const recount = async (name: CountersTable['name'], query: string) => {
    const row = await sql<{ n: number; amount: number }>`${sql.raw(query)}`.execute(db);
    const want = { n: Number(row.rows[0]?.n ?? 0), amount: Number(row.rows[0]?.amount ?? 0) };
    const have = await counter(db, name);
    if (have.n !== want.n || have.amount !== want.amount) {
      problems.push(`counter ${name} ${JSON.stringify(have)} ≠ recount ${JSON.stringify(want)}`);
    }
  };
  await recount('transactions', 'select count(*) as n, 0 as amount from transactions');
  await recount('users', 'select count(*) as n, 0 as amount from users');
  await recount(
    'payments_completed',
    "select count(*) as n, coalesce(sum(amount), 0) as amount from payments where status = 'completed'",
  );
  const day = sql.raw(dayOf('created_at', LAGOS_OFFSET_MS));
  const days = await sql<{ day: number }>`
    select coalesce(t.day, a.day) as day
    from (select ${day} as day, count(*) as n, sum(value) as value
          from transactions where status = 'successful' and direction = 'debit'
          group by ${day}) t
    full outer join (select day, sum(n) as n, sum(value) as value from tx_daily_sales
          group by day having sum(n) <> 0 or sum(value) <> 0) a on a.day = t.day
    where t.n is null or a.n is null or t.n <> a.n or t.value <> a.value
    limit 50`.execute(db);
  for (const r of days.rows) problems.push(`tx_daily_sales day ${r.day} ≠ recount`);
  return problems;
}
