/**
 * Counts and sums that triggers keep in step with the rows (migration 0004, ADR 0020): read
 * here by the paged lists, `GET /api/user` and the admin overview; `checkAggregates` compares
 * them with a full recount (tests after every scenario, `npm run reconcile`).
 */
import { sql } from 'kysely';
import { dayOf } from '../../migrations/0005-history-aggregates.ts';
import {
  ACCOUNT_TOTALS_SQL,
  LINE_COLUMNS,
  TIER_CUSTOMERS_SQL,
  USER_TOTAL_COLUMNS,
  USER_TOTALS_SQL,
} from '../../migrations/0027-flat-signed-in-reads.ts';
import { allLinesSql as linesOf0027 } from '../../migrations/0027-flat-signed-in-reads.ts';
import { attemptLinesSql } from '../../migrations/0034-failed-card-attempts-told.ts';
import { allLinesSql, CARD_PAYMENTS_SQL } from '../../migrations/0035-held-credits-told.ts';
import { ALL_RECENT_SQL } from '../../migrations/0032-recent-recipients.ts';
import { LAGOS_OFFSET_MS } from '@contract/time';
import type { Db } from './db/index.ts';
import { queryShape } from './db/query-shape.ts';
import type { CountersTable, UserTotalsTable } from './db/schema.ts';

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

const totalsOf = queryShape((db, userId: string) =>
  db.selectFrom('user_totals').selectAll().where('user_id', '=', userId),
);

/**
 * A customer's counts the signed-in pages show (`user_totals`, migration 0027, ADR 0069): one
 * row by its key, zeros for a customer with nothing counted yet.
 */
export async function userTotals(
  db: Db,
  userId: string,
): Promise<Omit<UserTotalsTable, 'user_id'>> {
  const [row] = await totalsOf(db, userId);
  return {
    notices_unread: Number(row?.notices_unread ?? 0),
    coupons: Number(row?.coupons ?? 0),
    referred: Number(row?.referred ?? 0),
    commissions: Number(row?.commissions ?? 0),
    commissions_earned: Number(row?.commissions_earned ?? 0),
    webhook_deliveries: Number(row?.webhook_deliveries ?? 0),
  };
}

/** Customers per price tier, summed over the shards (at most tiers × shards rows). */
export async function tierCustomers(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('tier_customers')
    .select(['tier_id', (eb) => eb.fn.sum<number>('n').as('n')])
    .groupBy('tier_id')
    .execute();
  return new Map(rows.map((r) => [r.tier_id, Number(r.n)]));
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
  await recount('card_payments', CARD_PAYMENTS_SQL);
  const day = sql.raw(dayOf('created_at', LAGOS_OFFSET_MS));
  const days = await sql<{ day: number }>`
    select coalesce(t.day, a.day) as day
    from (select ${day} as day, count(*) as n, sum(value) as value
          from transactions
          where status = 'successful' and direction = 'debit' and product <> 'Withdrawal'
          group by ${day}) t
    full outer join (select day, sum(n) as n, sum(value) as value from tx_daily_sales
          group by day having sum(n) <> 0 or sum(value) <> 0) a on a.day = t.day
    where t.n is null or a.n is null or t.n <> a.n or t.value <> a.value
    limit 50`.execute(db);
  for (const r of days.rows) problems.push(`tx_daily_sales day ${r.day} ≠ recount`);
  problems.push(...(await checkSignedInAggregates(db)));
  problems.push(...(await checkRecentRecipients(db)));
  return problems;
}

/** The migrations applied to `db` (Kysely's own record of them). */
async function appliedMigrations(db: Db): Promise<Set<string>> {
  const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return new Set(rows.rows.map((r) => r.name));
}

/** `recent_recipients` (migration 0032) against each destination's newest standing purchase. */
async function checkRecentRecipients(db: Db): Promise<string[]> {
  // An upgrade test may stop at a schema before 0032: nothing to compare there.
  const tables = await db.introspection.getTables();
  if (!tables.some((t) => t.name === 'recent_recipients')) return [];
  const key = ['user_id', 'product', 'destination', 'service_id', 'variation_code'];
  const rows = await sql<{ user_id: string; product: string; destination: string }>`
    select coalesce(r.user_id, w.user_id) as user_id, coalesce(r.product, w.product) as product,
      coalesce(r.destination, w.destination) as destination
    from recent_recipients r
    full outer join (${sql.raw(ALL_RECENT_SQL)}) w
      on ${sql.raw(key.map((c) => `w.${c} = r.${c}`).join(' and '))}
    where r.user_id is null or w.user_id is null or r.last_used <> w.last_used
      or r.tx_id <> w.tx_id
    limit 50`.execute(db);
  return rows.rows.map(
    (r) => `recent_recipients ${r.user_id}/${r.product}/${r.destination} ≠ recount`,
  );
}

/**
 * The aggregates of migration 0027 (ADR 0069) against a recount from the ledger and the rows:
 * each account's running totals, the statement's lines and their counts, the per-customer
 * totals and the customers per tier.
 */
async function checkSignedInAggregates(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const accounts = await sql<{ id: string; debited: number; received: number; refunded: number }>`
    select a.id, a.debited, a.received, a.refunded from accounts a
    left join (${sql.raw(ACCOUNT_TOTALS_SQL)}) x on x.account_id = a.id
    where a.debited <> coalesce(x.debited, 0) or a.received <> coalesce(x.received, 0)
      or a.refunded <> coalesce(x.refunded, 0)
    limit 50`.execute(db);
  for (const a of accounts.rows) {
    problems.push(
      `account ${a.id} totals (debited ${a.debited}, received ${a.received}, refunded ${a.refunded}) ≠ its entries`,
    );
  }

  const same = LINE_COLUMNS.filter((c) => c !== 'src' && c !== 'ref')
    .map((c) => `l.${c} is not distinct from w.${c}`)
    .join(' and ');
  // The statement's lines as the database's own schema keeps them: an upgrade test may stop
  // at 0027, before held credits (0035) and card attempts (0034) became lines.
  const applied = await appliedMigrations(db);
  const wanted = applied.has('0035-held-credits-told') ? allLinesSql() : linesOf0027();
  const attempts = applied.has('0034-failed-card-attempts-told')
    ? ` union all ${attemptLinesSql()}`
    : '';
  const lines = await sql<{ src: string; ref: string }>`
    select coalesce(l.src, w.src) as src, coalesce(l.ref, w.ref) as ref
    from statement_lines l
    full outer join (${sql.raw(`${wanted}${attempts}`)}) w
      on w.src = l.src and w.ref = l.ref
    where l.ref is null or w.ref is null or not (${sql.raw(same)})
    limit 50`.execute(db);
  for (const r of lines.rows) problems.push(`statement line ${r.src} ${r.ref} ≠ recount`);

  const counts = await sql<{ user_id: string; kind: string; status: string; product: string }>`
    select coalesce(c.user_id, x.user_id) as user_id, coalesce(c.kind, x.kind) as kind,
      coalesce(c.status, x.status) as status, coalesce(c.product, x.product) as product
    from (select * from statement_counts where n <> 0) c
    full outer join (select user_id, kind, status, product, count(*) as n from statement_lines
        where hidden = 0 group by user_id, kind, status, product) x
      on x.user_id = c.user_id and x.kind = c.kind and x.status = c.status
        and x.product = c.product
    where c.n is null or x.n is null or c.n <> x.n
    limit 50`.execute(db);
  for (const r of counts.rows) {
    problems.push(`statement_counts ${r.user_id}/${r.kind}/${r.status}/${r.product} ≠ recount`);
  }

  const differs = USER_TOTAL_COLUMNS.map((c) => `coalesce(t.${c}, 0) <> coalesce(x.${c}, 0)`).join(
    ' or ',
  );
  const totals = await sql<{ user_id: string }>`
    select coalesce(t.user_id, x.user_id) as user_id from user_totals t
    full outer join (${sql.raw(USER_TOTALS_SQL)}) x on x.user_id = t.user_id
    where ${sql.raw(differs)}
    limit 50`.execute(db);
  for (const r of totals.rows) problems.push(`user_totals ${r.user_id} ≠ recount`);

  const tiers = await sql<{ tier_id: string }>`
    select coalesce(t.tier_id, x.tier_id) as tier_id
    from (select tier_id, sum(n) as n from tier_customers group by tier_id having sum(n) <> 0) t
    full outer join (${sql.raw(TIER_CUSTOMERS_SQL)}) x on x.tier_id = t.tier_id
    where t.n is null or x.n is null or t.n <> x.n
    limit 50`.execute(db);
  for (const r of tiers.rows) problems.push(`tier_customers ${r.tier_id} ≠ recount`);
  return problems;
}
