/**
 * History whose cost stays flat as it grows (ADR 0020). Page loads read counts and
 * sums from small aggregate tables that triggers keep in step with every insert, update and
 * delete, in the same database transaction as the change, so no writer has to remember them:
 *
 * - `tx_user_counts`: per customer, product, status and deleted flag, how many transactions
 *   and the sum of their values (the overview's figures, a history page's total, the admin
 *   list filtered by one customer);
 * - `counters`: table-wide counts (`transactions`, `users`, `payments_completed` with its
 *   amount), split over 32 shards on PostgreSQL (one per connection) so concurrent purchases
 *   do not queue on one row (one shard on SQLite, which has one writer anyway);
 * - `tx_daily_sales`: successful debits per UTC day (the admin overview's 30-day series),
 *   sharded the same way.
 *
 * The lists' ORDER BY (created_at desc, id desc) gets indexes that end in id, so a page is an
 * index walk, and `users.last_login` an index for "active recently".
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../src/platform/db/engine.ts';

export const COUNTER_SHARDS = 32;
export const DAY_MS = 86_400_000;

type Row = 'NEW' | 'OLD';

/**
 * The aggregate triggers, as migrations 0005 and 0009 create them: their SQL must never change
 * (a change belongs in a new migration with its own copy). `dayOffsetMs` is added to `created_at` before dividing into days:
 * 0 here (UTC days, as first shipped), the Lagos offset since 0009.
 */
export function aggregateTriggers(engine: Engine, dayOffsetMs = 0): AggregateTrigger[] {
  const pg = engine === 'postgres';
  /**
   * Which counter row a change lands on: on PostgreSQL the connection's own (its backend pid),
   * so two transactions in flight rarely share one and none ever waits on two; one on SQLite.
   */
  const shard = (_r: Row) => (pg ? `(pg_backend_pid() & ${COUNTER_SHARDS - 1})` : '0');
  const upsertCounter = (name: string, r: Row, sign: 1 | -1, amount: string, when: string) =>
    `insert into counters (name, shard, n, amount)
       select '${name}', ${shard(r)}, ${sign}, ${sign} * (${amount}) where ${when}
       on conflict (name, shard) do update
         set n = counters.n + excluded.n, amount = counters.amount + excluded.amount;`;

  /** What one transaction row adds to (sign 1) or takes from (sign -1) the aggregates. */
  const txRowEffects = (r: Row, sign: 1 | -1, withCounter: boolean) => [
    `insert into tx_user_counts (user_id, product, status, deleted, n, value)
       select ${r}.user_id, ${r}.product, ${r}.status, ${r}.deleted, ${sign}, ${sign} * ${r}.value
       where true
       on conflict (user_id, product, status, deleted) do update
         set n = tx_user_counts.n + excluded.n, value = tx_user_counts.value + excluded.value;`,
    `insert into tx_daily_sales (day, shard, n, value)
       select ${dayOf(`${r}.created_at`, dayOffsetMs)}, ${shard(r)}, ${sign}, ${sign} * ${r}.value
       where ${r}.status = 'successful' and ${r}.direction = 'debit'
       on conflict (day, shard) do update
         set n = tx_daily_sales.n + excluded.n, value = tx_daily_sales.value + excluded.value;`,
    ...(withCounter ? [upsertCounter('transactions', r, sign, '0', 'true')] : []),
  ];
  const txChanged = ['status', 'deleted', 'value', 'product', 'user_id', 'direction'];
  const changedWhen = txChanged
    .map((c) => (pg ? `OLD.${c} is distinct from NEW.${c}` : `OLD.${c} is not NEW.${c}`))
    .join(' or ');
  const paymentEffect = (r: Row, sign: 1 | -1) =>
    upsertCounter('payments_completed', r, sign, `${r}.amount`, `${r}.status = 'completed'`);
  const userEffect = (r: Row, sign: 1 | -1) => upsertCounter('users', r, sign, '0', 'true');

  /** One trigger per table and event: SQLite runs the statements, PostgreSQL a function. */
  return [
    {
      name: 'tx_agg_ins',
      table: 'transactions',
      event: 'insert',
      body: txRowEffects('NEW', 1, true),
    },
    {
      name: 'tx_agg_del',
      table: 'transactions',
      event: 'delete',
      body: txRowEffects('OLD', -1, true),
    },
    {
      name: 'tx_agg_upd',
      table: 'transactions',
      event: `update of ${txChanged.join(', ')}`,
      when: changedWhen,
      body: [...txRowEffects('OLD', -1, false), ...txRowEffects('NEW', 1, false)],
    },
    { name: 'users_agg_ins', table: 'users', event: 'insert', body: [userEffect('NEW', 1)] },
    { name: 'users_agg_del', table: 'users', event: 'delete', body: [userEffect('OLD', -1)] },
    { name: 'pay_agg_ins', table: 'payments', event: 'insert', body: [paymentEffect('NEW', 1)] },
    { name: 'pay_agg_del', table: 'payments', event: 'delete', body: [paymentEffect('OLD', -1)] },
    {
      name: 'pay_agg_upd',
      table: 'payments',
      event: 'update of status, amount',
      when: pg
        ? 'OLD.status is distinct from NEW.status or OLD.amount is distinct from NEW.amount'
        : 'OLD.status is not NEW.status or OLD.amount is not NEW.amount',
      body: [paymentEffect('OLD', -1), paymentEffect('NEW', 1)],
    },
  ];
}

export interface AggregateTrigger {
  name: string;
  table: string;
  event: string;
  when?: string;
  body: string[];
}

/** The day number of an epoch-ms column, `offsetMs` east of UTC (integer division). */
export function dayOf(column: string, offsetMs: number): string {
  return offsetMs ? `(${column} + ${offsetMs}) / ${DAY_MS}` : `${column} / ${DAY_MS}`;
}

/** Creates one aggregate trigger (PostgreSQL: its function and a deferred constraint trigger). */
export async function createAggregateTrigger(
  db: Kysely<unknown>,
  engine: Engine,
  t: AggregateTrigger,
): Promise<void> {
  if (engine === 'postgres') {
    await sql
      .raw(
        `create function ${t.name}() returns trigger language plpgsql as $$
         begin ${t.body.join('\n')} return null; end $$`,
      )
      .execute(db);
    // Deferred to the commit: a transaction takes its ledger rows first and the aggregate rows
    // last, whatever order its statements ran in, so two transactions never wait on each
    // other's locks in opposite orders (no deadlock).
    await sql
      .raw(
        `create constraint trigger ${t.name} after ${t.event} on ${t.table}
         deferrable initially deferred for each row
         ${t.when ? `when (${t.when})` : ''} execute function ${t.name}()`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create trigger ${t.name} after ${t.event} on ${t.table} for each row
         ${t.when ? `when ${t.when}` : ''} begin ${t.body.join('\n')} end`,
      )
      .execute(db);
  }
}

export function historyAggregates(engine: Engine): Migration {
  const triggers = aggregateTriggers(engine);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tx_user_counts')
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('product', 'varchar(40)', (c) => c.notNull())
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('deleted', 'integer', (c) => c.notNull())
        .addColumn('n', 'bigint', (c) => c.notNull())
        .addColumn('value', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('tx_user_counts_pk', ['user_id', 'product', 'status', 'deleted'])
        .execute();
      await db.schema
        .createTable('counters')
        .addColumn('name', 'varchar(40)', (c) => c.notNull())
        .addColumn('shard', 'integer', (c) => c.notNull())
        .addColumn('n', 'bigint', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('counters_pk', ['name', 'shard'])
        .execute();
      await db.schema
        .createTable('tx_daily_sales')
        .addColumn('day', 'bigint', (c) => c.notNull())
        .addColumn('shard', 'integer', (c) => c.notNull())
        .addColumn('n', 'bigint', (c) => c.notNull())
        .addColumn('value', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('tx_daily_sales_pk', ['day', 'shard'])
        .execute();

      // What is already there, counted once (a fresh database has nothing).
      await sql`insert into tx_user_counts (user_id, product, status, deleted, n, value)
        select user_id, product, status, deleted, count(*), coalesce(sum(value), 0)
        from transactions group by user_id, product, status, deleted`.execute(db);
      await sql`insert into counters (name, shard, n, amount)
        select 'transactions', 0, count(*), 0 from transactions`.execute(db);
      await sql`insert into counters (name, shard, n, amount)
        select 'users', 0, count(*), 0 from users`.execute(db);
      await sql`insert into counters (name, shard, n, amount)
        select 'payments_completed', 0, count(*), coalesce(sum(amount), 0)
        from payments where status = 'completed'`.execute(db);
      await sql`insert into tx_daily_sales (day, shard, n, value)
        select created_at / ${sql.lit(DAY_MS)}, 0, count(*), coalesce(sum(value), 0)
        from transactions where status = 'successful' and direction = 'debit'
        group by created_at / ${sql.lit(DAY_MS)}`.execute(db);

      for (const t of triggers) await createAggregateTrigger(db, engine, t);

      // Pages walk these in ORDER BY order (created_at desc, id desc) and stop at the limit.
      await db.schema.dropIndex('transactions_user_created').execute();
      await db.schema
        .createIndex('transactions_user_created')
        .on('transactions')
        .columns(['user_id', 'created_at', 'id'])
        .execute();
      await db.schema.dropIndex('transactions_created').execute();
      await db.schema
        .createIndex('transactions_created')
        .on('transactions')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema.dropIndex('coupons_owner').execute();
      await db.schema
        .createIndex('coupons_owner')
        .on('coupons')
        .columns(['owner_id', 'issued_at', 'code'])
        .execute();
      await db.schema.createIndex('users_last_login').on('users').column('last_login').execute();
    },
  };
}
