/**
 * Recent recipients read by an index, whatever the history (ADR 0069): `recent_recipients` keeps
 * one row per destination a customer bought for (product, number, provider, meter type) with its
 * newest purchase still standing (not failed, reversed or cancelled, not hidden), so the purchase
 * pages read the newest few of each product by `recent_recipients_user` and a LIMIT instead of
 * scanning the customer's latest purchases.
 *
 * Kept by triggers on `transactions`, as `statement_lines` is (migration 0027): a purchase
 * written, settled, hidden or changed refreshes its destination's row from
 * `transactions_recipient`, a partial index of the purchases that still stand by destination,
 * newest first, so a refresh is one index seek, however many purchases the customer made. The
 * rules are contract/recipients.ts's `recentRecipients` (where a purchase went, by product; an
 * electricity meter's type, prepaid unless the purchase says postpaid).
 *
 * What is already there is written once here; `checkAggregates` (platform/aggregates.ts)
 * recomputes it from the purchases.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../src/platform/db/engine.ts';
import {
  createAggregateTrigger,
  type AggregateTrigger,
} from './0005-history-aggregates.ts';

/** contract/entities/recipients.ts's RECIPIENT_PRODUCTS. */
const PRODUCTS = `('Airtime', 'Data', 'CableTV', 'Electricity')`;

/** The number a purchase went to (contract/recipients.ts `destinationOf`); `r`: a row or ''. */
export function destinationSql(r: string): string {
  const c = (column: string) => (r ? `${r}.${column}` : column);
  return `case ${c('product')} when 'Airtime' then ${c('transaction_phone')}
    when 'Data' then coalesce(${c('transaction_phone')}, ${c('account_id')})
    when 'CableTV' then ${c('smart_card_number')}
    when 'Electricity' then ${c('meter_number')} end`;
}

/** The meter type (electricity rows keep it in plan_id; prepaid unless postpaid), '' otherwise. */
export function variationSql(r: string): string {
  const c = (column: string) => (r ? `${r}.${column}` : column);
  return `case when ${c('product')} = 'Electricity'
    then case when ${c('plan_id')} = 'postpaid' then 'postpaid' else 'prepaid' end else '' end`;
}

/**
 * A purchase that still stands, as `transactions_recipient`'s WHERE says it (the query must say
 * it alike for SQLite to use the partial index).
 */
const standsSql = (r: string) =>
  `${r}.deleted = 0 and ${r}.status not in ('failed', 'reversed', 'cancelled')
    and ${r}.product in ${PRODUCTS}`;

export const RECENT_COLUMNS = [
  'user_id',
  'product',
  'destination',
  'service_id',
  'variation_code',
  'last_used',
  'tx_id',
] as const;

/** Every row there should be: each destination's newest standing purchase (backfill, recount). */
export const ALL_RECENT_SQL = `select user_id, product, destination, service_id, variation_code,
    last_used, tx_id
  from (select t.user_id, t.product, ${destinationSql('t')} as destination, t.service_id,
      ${variationSql('t')} as variation_code, t.created_at as last_used, t.id as tx_id,
      row_number() over (partition by t.user_id, t.product, ${destinationSql('t')}, t.service_id,
        ${variationSql('t')} order by t.created_at desc, t.id desc) as nth
    from transactions t
    where ${standsSql('t')} and t.service_id <> '' and ${destinationSql('t')} <> '') x
  where nth = 1`;

type Row = 'NEW' | 'OLD';

function triggers(engine: Engine): AggregateTrigger[] {
  const pg = engine === 'postgres';
  /** The destination row `r`'s purchase counts towards, by its key. */
  const sameKey = (r: Row) => `user_id = ${r}.user_id and product = ${r}.product
    and destination = ${destinationSql(r)} and service_id = ${r}.service_id
    and variation_code = ${variationSql(r)}`;
  /** The purchases that still stand for that destination, through `transactions_recipient`. */
  const standing = (r: Row) => `from transactions t
    where t.user_id = ${r}.user_id and t.product = ${r}.product
      and ${destinationSql('t')} = ${destinationSql(r)} and t.service_id = ${r}.service_id
      and ${variationSql('t')} = ${variationSql(r)} and ${standsSql('t')}
      and t.service_id <> '' and ${destinationSql('t')} <> ''`;
  const refresh = (r: Row) => [
    // PostgreSQL: a concurrent refresh of the same destination is waited for, so the newest
    // standing purchase is read after it committed (READ COMMITTED: each statement sees it).
    ...(pg ? [`perform 1 from recent_recipients where ${sameKey(r)} for update;`] : []),
    `insert into recent_recipients (${RECENT_COLUMNS.join(', ')})
       select t.user_id, t.product, ${destinationSql('t')}, t.service_id, ${variationSql('t')},
         t.created_at, t.id
       ${standing(r)}
       order by t.created_at desc, t.id desc limit 1
     on conflict (user_id, product, destination, service_id, variation_code)
       do update set last_used = excluded.last_used, tx_id = excluded.tx_id;`,
    `delete from recent_recipients where ${sameKey(r)}
       and not exists (select 1 ${standing(r)});`,
  ];
  const distinct = (cols: string[]) =>
    cols
      .map((c) => (pg ? `OLD.${c} is distinct from NEW.${c}` : `OLD.${c} is not NEW.${c}`))
      .join(' or ');
  const keyed = [
    'user_id',
    'product',
    'service_id',
    'plan_id',
    'transaction_phone',
    'account_id',
    'smart_card_number',
    'meter_number',
    'created_at',
    'deleted',
  ];
  const dead = (r: Row) => `(${r}.status in ('failed', 'reversed', 'cancelled'))`;
  return [
    {
      name: 'recent_tx_ins',
      table: 'transactions',
      event: 'insert',
      when: `NEW.product in ${PRODUCTS}`,
      body: refresh('NEW'),
    },
    {
      name: 'recent_tx_upd',
      table: 'transactions',
      event: `update of status, ${keyed.join(', ')}`,
      when: `(OLD.product in ${PRODUCTS} or NEW.product in ${PRODUCTS})
        and (${dead('OLD')} <> ${dead('NEW')} or ${distinct(keyed)})`,
      body: [...refresh('OLD'), ...refresh('NEW')],
    },
    {
      name: 'recent_tx_del',
      table: 'transactions',
      event: 'delete',
      when: `OLD.product in ${PRODUCTS}`,
      body: refresh('OLD'),
    },
  ];
}

export function recentRecipientsTable(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('recent_recipients')
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('product', 'varchar(40)', (c) => c.notNull())
        .addColumn('destination', 'varchar(64)', (c) => c.notNull())
        .addColumn('service_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('variation_code', 'varchar(16)', (c) => c.notNull())
        .addColumn('last_used', 'bigint', (c) => c.notNull())
        .addColumn('tx_id', 'varchar(64)', (c) => c.notNull())
        .addPrimaryKeyConstraint('recent_recipients_pk', [
          'user_id',
          'product',
          'destination',
          'service_id',
          'variation_code',
        ])
        .execute();
      await sql`insert into recent_recipients (${sql.raw(RECENT_COLUMNS.join(', '))})
        ${sql.raw(ALL_RECENT_SQL)}`.execute(db);
      // The purchase pages: a product's newest destinations, walked newest first to a LIMIT.
      await db.schema
        .createIndex('recent_recipients_user')
        .on('recent_recipients')
        .columns(['user_id', 'product', 'last_used', 'tx_id'])
        .execute();
      // A refresh: one destination's newest standing purchase, one seek.
      await sql`create index transactions_recipient on transactions (user_id, product,
          (${sql.raw(destinationSql(''))}), service_id, (${sql.raw(variationSql(''))}), created_at, id)
        where ${sql.raw(standsSql('transactions').replaceAll('transactions.', ''))}`.execute(db);
      for (const t of triggers(engine)) await createAggregateTrigger(db, engine, t);
    },
  };
}
