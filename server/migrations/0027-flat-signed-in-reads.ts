/**
 * Every read a signed-in page makes costs the same at ten transactions or a hundred thousand
 * (ADR 0069, after ADR 0020). What those pages summed or sorted over a customer's whole history
 * is kept as it changes, in the transaction that changes it:
 *
 * - `accounts.debited`, `received`, `refunded`: what left an account, what came in other than
 *   refunds, and the refunds, moved by the ledger's own conditional UPDATE (wallet/ledger.ts)
 *   beside the balance (balance = received + refunded − debited). The overview's spent and
 *   received come from the wallet's row.
 * - `statement_lines`: one row per line of the wallet statement (ADR 0045), with the keys the
 *   statement filters and orders by, so a page is a walk of one index; `statement_counts`: the
 *   lines per customer, kind, status and product (a page's total). Kept by triggers on
 *   `transactions` and `ledger_entries`, as `tx_user_counts` is (ADR 0020).
 * - `user_totals`: per customer, unread notices, coupons owned, people referred, commissions
 *   paid and what they earned net of claw-backs, reseller webhook deliveries.
 * - `tier_customers`: customers per price tier (the admin's tiers and user popup), sharded on
 *   PostgreSQL as `counters` is.
 * - Indexes: a customer's held credits newest first, their pending purchases (the referral
 *   panel's "pending" looks at friends' pending purchases only), and users newest first (the
 *   admin's users page).
 *
 * Everything there already is, is counted once here. `checkAggregates` (platform/aggregates.ts,
 * run by `npm run reconcile` and after every test scenario) recounts all of it from the rows.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../src/platform/db/engine.ts';
import {
  COUNTER_SHARDS,
  createAggregateTrigger,
  type AggregateTrigger,
} from './0005-history-aggregates.ts';

/** Movements whose wallet leg is told by a transaction row (statement.ts's ROW_KINDS). */
const ROW_KINDS = `('purchase', 'coupon_redemption', 'share', 'coupon_purchase')`;

/** The statement line of transaction row `r` (a table alias, NEW or OLD): its columns. */
export function txLine(r: string) {
  return {
    src: `'tx'`,
    ref: `${r}.id`,
    user_id: `${r}.user_id`,
    created_at: `${r}.created_at`,
    // The row's wallet entry (its movement's leg on the customer's wallet): ledger order.
    seq: `coalesce((select max(we.id) from ledger_entries we
        where we.movement_id = ${r}.movement_id and we.account_id = 'wallet:' || ${r}.user_id), 0)`,
    kind: `case when ${r}.product = 'Transfer' and ${r}.direction = 'credit' then 'share_in'
        when ${r}.product = 'Transfer' then 'share_out'
        when ${r}.product = 'Coupon' then 'coupon' else 'purchase' end`,
    status: `${r}.status`,
    product: `${r}.product`,
    refund_of: `null`,
    hidden: `${r}.deleted`,
  };
}

export const LINE_COLUMNS = [
  'src',
  'ref',
  'user_id',
  'created_at',
  'seq',
  'kind',
  'status',
  'product',
  'refund_of',
  'hidden',
] as const;

/**
 * The statement lines of wallet entries `e` with no transaction row of their own (funding,
 * refunds, commissions, adjustments), `from` naming where `e` and its movement `m` come from.
 * A refund (movement kind `reversal`, memo = the purchase's id) carries its purchase's product
 * and is hidden with it.
 */
function entryLines(e: string, from: string): string {
  return `select 'entry', cast(${e}.id as varchar(24)), a.user_id, ${e}.created_at, ${e}.id,
      case m.kind when 'card_funding' then 'card_funding'
        when 'transfer_funding' then 'bank_transfer' when 'reversal' then 'refund'
        when 'commission' then 'commission' else 'adjustment' end,
      case when m.kind = 'reversal' then 'reversed' else 'successful' end,
      case when m.kind = 'reversal' then coalesce(r.product, 'Adjustment')
        when m.kind in ('card_funding', 'transfer_funding') then 'Funding'
        when m.kind = 'commission' then 'Commission' else 'Adjustment' end,
      r.id, coalesce(r.deleted, 0)
    ${from}
    join accounts a on a.id = ${e}.account_id and a.kind = 'wallet'
    left join transactions r on r.id = m.memo and m.kind = 'reversal'
    where m.id = ${e}.movement_id and m.kind not in ${ROW_KINDS}`;
}

/** Every line there should be: the backfill, and the recount `checkAggregates` compares. */
export function allLinesSql(): string {
  const t = txLine('t');
  return `select ${LINE_COLUMNS.map((c) => `${t[c]} as ${c}`).join(', ')} from transactions t
    union all
    ${entryLines('e', 'from ledger_entries e join movements m on m.id = e.movement_id')}`;
}

/** Per customer, from the rows: `user_totals`' columns (the recount and the backfill). */
export const USER_TOTALS_SQL = `
  select user_id, sum(notices_unread) as notices_unread, sum(coupons) as coupons,
    sum(referred) as referred, sum(commissions) as commissions,
    sum(commissions_earned) as commissions_earned, sum(webhook_deliveries) as webhook_deliveries
  from (
    select user_id, count(*) as notices_unread, 0 as coupons, 0 as referred, 0 as commissions,
      0 as commissions_earned, 0 as webhook_deliveries
    from notices where read_at is null group by user_id
    union all
    select owner_id, 0, count(*), 0, 0, 0, 0 from coupons group by owner_id
    union all
    select referred_by, 0, 0, count(*), 0, 0, 0 from users where referred_by is not null
      group by referred_by
    union all
    select referrer_id, 0, 0, 0, count(*), sum(amount - coalesce(clawed_back, 0)), 0
      from referral_commissions where movement_id is not null group by referrer_id
    union all
    select user_id, 0, 0, 0, 0, 0, count(*) from webhook_deliveries group by user_id
  ) x group by user_id`;

export const USER_TOTAL_COLUMNS = [
  'notices_unread',
  'coupons',
  'referred',
  'commissions',
  'commissions_earned',
  'webhook_deliveries',
] as const;
type UserTotal = (typeof USER_TOTAL_COLUMNS)[number];

/** Customers per tier (admins are in none; no tier yet is the default one). */
export const TIER_CUSTOMERS_SQL = `select coalesce(tier_id, 'standard') as tier_id, count(*) as n
  from users where is_admin = 0 group by coalesce(tier_id, 'standard')`;

/** Money out, refunds in and other money in per account, from its entries. */
export const ACCOUNT_TOTALS_SQL = `select e.account_id,
    coalesce(sum(case when e.amount < 0 then -e.amount else 0 end), 0) as debited,
    coalesce(sum(case when e.amount > 0 and m.kind <> 'reversal' then e.amount else 0 end), 0)
      as received,
    coalesce(sum(case when e.amount > 0 and m.kind = 'reversal' then e.amount else 0 end), 0)
      as refunded
  from ledger_entries e join movements m on m.id = e.movement_id group by e.account_id`;

type Row = 'NEW' | 'OLD';

function triggers(engine: Engine): AggregateTrigger[] {
  const pg = engine === 'postgres';
  const distinct = (cols: string[]) =>
    cols
      .map((c) => (pg ? `OLD.${c} is distinct from NEW.${c}` : `OLD.${c} is not NEW.${c}`))
      .join(' or ');

  // statement_lines ← transactions, ledger_entries
  const newTx = txLine('NEW');
  const insertTxLine = `insert into statement_lines (${LINE_COLUMNS.join(', ')})
    select ${LINE_COLUMNS.map((c) => newTx[c]).join(', ')} where true;`;
  const moved = ['deleted', 'product', 'direction', 'user_id', 'created_at', 'movement_id'];
  const resyncTxLine = `update statement_lines set ${LINE_COLUMNS.filter(
    (c) => !['src', 'ref', 'refund_of', 'status'].includes(c),
  )
    .map((c) => `${c} = ${newTx[c]}`)
    .join(', ')} where src = 'tx' and ref = NEW.id;`;
  const refundsFollow = `update statement_lines set product = NEW.product, hidden = NEW.deleted
    where refund_of = NEW.id and (product <> NEW.product or hidden <> NEW.deleted);`;
  const insertEntryLine = `insert into statement_lines (${LINE_COLUMNS.join(', ')})
    ${entryLines('NEW', 'from movements m')};`;

  // statement_counts ← statement_lines
  const lineCount = (r: Row, sign: 1 | -1) =>
    `insert into statement_counts (user_id, kind, status, product, n)
       select ${r}.user_id, ${r}.kind, ${r}.status, ${r}.product, ${sign} where ${r}.hidden = 0
       on conflict (user_id, kind, status, product)
         do update set n = statement_counts.n + excluded.n;`;

  // user_totals ← notices, coupons, users, referral_commissions, webhook_deliveries
  const total = (user: string, add: Partial<Record<UserTotal, string>>, when: string) =>
    `insert into user_totals (user_id, ${USER_TOTAL_COLUMNS.join(', ')})
       select ${user}, ${USER_TOTAL_COLUMNS.map((c) => add[c] ?? '0').join(', ')} where ${when}
       on conflict (user_id) do update set ${USER_TOTAL_COLUMNS.map(
         (c) => `${c} = user_totals.${c} + excluded.${c}`,
       ).join(', ')};`;
  const unread = (r: Row, sign: 1 | -1) =>
    total(`${r}.user_id`, { notices_unread: `${sign}` }, `${r}.read_at is null`);
  const coupon = (r: Row, sign: 1 | -1) => total(`${r}.owner_id`, { coupons: `${sign}` }, 'true');
  const referred = (r: Row, sign: 1 | -1) =>
    total(`${r}.referred_by`, { referred: `${sign}` }, `${r}.referred_by is not null`);
  const commission = (r: Row, sign: 1 | -1) =>
    total(
      `${r}.referrer_id`,
      {
        commissions: `${sign}`,
        commissions_earned: `${sign} * (${r}.amount - coalesce(${r}.clawed_back, 0))`,
      },
      `${r}.movement_id is not null`,
    );
  const delivery = (r: Row, sign: 1 | -1) =>
    total(`${r}.user_id`, { webhook_deliveries: `${sign}` }, 'true');

  // tier_customers ← users
  const shard = pg ? `(pg_backend_pid() & ${COUNTER_SHARDS - 1})` : '0';
  const tier = (r: Row, sign: 1 | -1) =>
    `insert into tier_customers (tier_id, shard, n)
       select coalesce(${r}.tier_id, 'standard'), ${shard}, ${sign} where ${r}.is_admin = 0
       on conflict (tier_id, shard) do update set n = tier_customers.n + excluded.n;`;

  return [
    { name: 'stmt_tx_ins', table: 'transactions', event: 'insert', body: [insertTxLine] },
    {
      name: 'stmt_tx_status',
      table: 'transactions',
      event: 'update of status',
      when: distinct(['status']),
      body: [`update statement_lines set status = NEW.status where src = 'tx' and ref = NEW.id;`],
    },
    {
      name: 'stmt_tx_upd',
      table: 'transactions',
      event: `update of ${moved.join(', ')}`,
      when: distinct(moved),
      body: [resyncTxLine, refundsFollow],
    },
    {
      name: 'stmt_entry_ins',
      table: 'ledger_entries',
      event: 'insert',
      when: `NEW.account_id like 'wallet:%'`,
      body: [insertEntryLine],
    },
    {
      name: 'stmt_count_ins',
      table: 'statement_lines',
      event: 'insert',
      body: [lineCount('NEW', 1)],
    },
    {
      name: 'stmt_count_del',
      table: 'statement_lines',
      event: 'delete',
      body: [lineCount('OLD', -1)],
    },
    {
      name: 'stmt_count_upd',
      table: 'statement_lines',
      event: 'update of user_id, kind, status, product, hidden',
      when: distinct(['user_id', 'kind', 'status', 'product', 'hidden']),
      body: [lineCount('OLD', -1), lineCount('NEW', 1)],
    },
    { name: 'totals_notice_ins', table: 'notices', event: 'insert', body: [unread('NEW', 1)] },
    { name: 'totals_notice_del', table: 'notices', event: 'delete', body: [unread('OLD', -1)] },
    {
      name: 'totals_notice_upd',
      table: 'notices',
      event: 'update of read_at, user_id',
      when: `(OLD.read_at is null) <> (NEW.read_at is null) or ${distinct(['user_id'])}`,
      body: [unread('OLD', -1), unread('NEW', 1)],
    },
    { name: 'totals_coupon_ins', table: 'coupons', event: 'insert', body: [coupon('NEW', 1)] },
    { name: 'totals_coupon_del', table: 'coupons', event: 'delete', body: [coupon('OLD', -1)] },
    {
      name: 'totals_coupon_upd',
      table: 'coupons',
      event: 'update of owner_id',
      when: distinct(['owner_id']),
      body: [coupon('OLD', -1), coupon('NEW', 1)],
    },
    {
      name: 'totals_user_ins',
      table: 'users',
      event: 'insert',
      body: [referred('NEW', 1), tier('NEW', 1)],
    },
    {
      name: 'totals_user_del',
      table: 'users',
      event: 'delete',
      body: [referred('OLD', -1), tier('OLD', -1)],
    },
    {
      name: 'totals_user_referred',
      table: 'users',
      event: 'update of referred_by',
      when: distinct(['referred_by']),
      body: [referred('OLD', -1), referred('NEW', 1)],
    },
    {
      name: 'totals_user_tier',
      table: 'users',
      event: 'update of tier_id, is_admin',
      when: distinct(['tier_id', 'is_admin']),
      body: [tier('OLD', -1), tier('NEW', 1)],
    },
    {
      name: 'totals_commission_ins',
      table: 'referral_commissions',
      event: 'insert',
      body: [commission('NEW', 1)],
    },
    {
      name: 'totals_commission_del',
      table: 'referral_commissions',
      event: 'delete',
      body: [commission('OLD', -1)],
    },
    {
      name: 'totals_commission_upd',
      table: 'referral_commissions',
      event: 'update of referrer_id, movement_id, amount, clawed_back',
      when: distinct(['referrer_id', 'movement_id', 'amount', 'clawed_back']),
      body: [commission('OLD', -1), commission('NEW', 1)],
    },
    {
      name: 'totals_delivery_ins',
      table: 'webhook_deliveries',
      event: 'insert',
      body: [delivery('NEW', 1)],
    },
    {
      name: 'totals_delivery_del',
      table: 'webhook_deliveries',
      event: 'delete',
      body: [delivery('OLD', -1)],
    },
    {
      name: 'totals_delivery_upd',
      table: 'webhook_deliveries',
      event: 'update of user_id',
      when: distinct(['user_id']),
      body: [delivery('OLD', -1), delivery('NEW', 1)],
    },
  ];
}

export function flatSignedInReads(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // ── Account totals, moved by the ledger's UPDATE from now on ──────────────────────────
      for (const column of ['debited', 'received', 'refunded']) {
        await db.schema
          .alterTable('accounts')
          .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
          .execute();
      }
      await sql`update accounts set debited = x.debited, received = x.received,
          refunded = x.refunded
        from (${sql.raw(ACCOUNT_TOTALS_SQL)}) x where x.account_id = accounts.id`.execute(db);

      // ── The statement's lines and their counts ────────────────────────────────────────────
      await db.schema
        .createTable('statement_lines')
        .addColumn('src', 'varchar(8)', (c) => c.notNull())
        .addColumn('ref', 'varchar(64)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('product', 'varchar(40)', (c) => c.notNull())
        .addColumn('refund_of', 'varchar(64)')
        .addColumn('hidden', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('statement_lines_pk', ['src', 'ref'])
        .execute();
      await db.schema
        .createTable('statement_counts')
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('product', 'varchar(40)', (c) => c.notNull())
        .addColumn('n', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('statement_counts_pk', ['user_id', 'kind', 'status', 'product'])
        .execute();
      await sql`insert into statement_lines (${sql.raw(LINE_COLUMNS.join(', '))})
        ${sql.raw(allLinesSql())}`.execute(db);
      await sql`insert into statement_counts (user_id, kind, status, product, n)
        select user_id, kind, status, product, count(*) from statement_lines where hidden = 0
        group by user_id, kind, status, product`.execute(db);
      // A page walks one of these newest first and stops at its limit; a filter by status or
      // kind walks its own.
      const order = ['created_at', 'seq', 'ref'];
      await db.schema
        .createIndex('statement_lines_user')
        .on('statement_lines')
        .columns(['user_id', 'hidden', ...order])
        .execute();
      await db.schema
        .createIndex('statement_lines_status')
        .on('statement_lines')
        .columns(['user_id', 'hidden', 'status', ...order])
        .execute();
      await db.schema
        .createIndex('statement_lines_kind')
        .on('statement_lines')
        .columns(['user_id', 'hidden', 'kind', ...order])
        .execute();
      await sql`create index statement_lines_refund on statement_lines (refund_of)
        where refund_of is not null`.execute(db);

      // ── Per-customer totals and customers per tier ─────────────────────────────────────────
      let totals = db.schema
        .createTable('user_totals')
        .addColumn('user_id', 'varchar(40)', (c) => c.primaryKey());
      for (const column of USER_TOTAL_COLUMNS) {
        totals = totals.addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0));
      }
      await totals.execute();
      await sql`insert into user_totals (user_id, ${sql.raw(USER_TOTAL_COLUMNS.join(', '))})
        ${sql.raw(USER_TOTALS_SQL)}`.execute(db);
      await db.schema
        .createTable('tier_customers')
        .addColumn('tier_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('shard', 'integer', (c) => c.notNull())
        .addColumn('n', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('tier_customers_pk', ['tier_id', 'shard'])
        .execute();
      await sql`insert into tier_customers (tier_id, shard, n)
        select tier_id, 0, n from (${sql.raw(TIER_CUSTOMERS_SQL)}) x`.execute(db);

      for (const t of triggers(engine)) await createAggregateTrigger(db, engine, t);

      // ── Indexes ────────────────────────────────────────────────────────────────────────────
      // Settings → Verification and the admin's popup: the newest held credits.
      await db.schema
        .createIndex('held_credits_user_created')
        .on('held_credits')
        .columns(['user_id', 'created_at', 'id'])
        .execute();
      // The referral panel: friends' purchases still pending (few, whatever their history).
      await sql`create index transactions_pending_user on transactions (user_id)
        where status = 'pending'`.execute(db);
      // The admin's users page: newest first, in the list's own order.
      await sql`create index users_created on users (created_on desc, id)`.execute(db);
    },
  };
}
