/**
 * Held credits told truthfully (ADR 0076):
 *
 * - A credit a verification level's limit held (ADR 0058) is a line of the customer's statement
 *   while it waits (`statement_lines` src `held`, ref the held credit's id, status `pending`):
 *   it moved no wallet money, so it has no wallet entry, and the wallet's totals do not count
 *   it. Its release hides it, and the release's wallet entry (movement `held_release`, memo the
 *   held credit's id) becomes a line of its source's kind (a card funding, a bank transfer, a
 *   share received), not an "Adjustment".
 * - `counters` row `card_payments`: completed card payments whose credit reached the wallet (a
 *   bank transfer is no card payment; a held credit is not completed money until released),
 *   with the amounts paid. Kept by triggers on `payments` and `held_credits`.
 * - `audit_log.actor_kind`: who acted, `admin`, `customer` (their own BVN check raising their
 *   level) or `system`; entries from before have none, and the audit answer tells them from
 *   the actor's account.
 *
 * The statement's recount (`allLinesSql`) is replaced by this migration's: `checkAggregates`
 * compares with it.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../src/platform/db/engine.ts';
import {
  COUNTER_SHARDS,
  createAggregateTrigger,
  type AggregateTrigger,
} from './0005-history-aggregates.ts';
import { LINE_COLUMNS, txLine } from './0027-flat-signed-in-reads.ts';

/** Movements whose wallet leg is told by a transaction row (statement.ts's ROW_KINDS). */
const ROW_KINDS = `('purchase', 'coupon_redemption', 'share', 'coupon_purchase')`;

/** A held credit's line kind and product by its source (the movement kind that was held). */
export const heldKindSql = (source: string) => `case ${source}
    when 'card_funding' then 'card_funding' when 'transfer_funding' then 'bank_transfer'
    when 'share' then 'share_in' else 'adjustment' end`;
export const heldProductSql = (source: string) => `case ${source}
    when 'card_funding' then 'Funding' when 'transfer_funding' then 'Funding'
    when 'share' then 'Transfer' else 'Adjustment' end`;

/**
 * The statement lines of wallet entries `e` with no transaction row (funding, refunds,
 * commissions, adjustments, released credits), `from` naming where `e` and its movement `m`
 * come from. A released credit (`held_release`) reads as its source: the held credit is found
 * by its primary key (the movement's memo).
 */
function entryLines(e: string, from: string): string {
  return `select 'entry', cast(${e}.id as varchar(24)), a.user_id, ${e}.created_at, ${e}.id,
      case m.kind when 'card_funding' then 'card_funding'
        when 'transfer_funding' then 'bank_transfer' when 'reversal' then 'refund'
        when 'commission' then 'commission'
        when 'held_release' then ${heldKindSql('h.source')} else 'adjustment' end,
      case when m.kind = 'reversal' then 'reversed' else 'successful' end,
      case when m.kind = 'reversal' then coalesce(r.product, 'Adjustment')
        when m.kind in ('card_funding', 'transfer_funding') then 'Funding'
        when m.kind = 'commission' then 'Commission'
        when m.kind = 'held_release' then ${heldProductSql('h.source')}
        else 'Adjustment' end,
      r.id, coalesce(r.deleted, 0)
    ${from}
    join accounts a on a.id = ${e}.account_id and a.kind = 'wallet'
    left join transactions r on r.id = m.memo and m.kind = 'reversal'
    left join held_credits h on h.id = m.memo and m.kind = 'held_release'
    where m.id = ${e}.movement_id and m.kind not in ${ROW_KINDS}`;
}

/** The line of held credit `h` (a table alias, NEW or OLD): hidden once released. */
function heldLine(h: string) {
  return {
    src: `'held'`,
    ref: `${h}.id`,
    user_id: `${h}.user_id`,
    created_at: `${h}.created_at`,
    seq: `0`,
    kind: heldKindSql(`${h}.source`),
    status: `'pending'`,
    product: heldProductSql(`${h}.source`),
    refund_of: `null`,
    hidden: `case when ${h}.status = 'held' then 0 else 1 end`,
  };
}

/** Every line there should be: the backfill, and the recount `checkAggregates` compares. */
export function allLinesSql(): string {
  const t = txLine('t');
  const h = heldLine('hc');
  return `select ${LINE_COLUMNS.map((c) => `${t[c]} as ${c}`).join(', ')} from transactions t
    union all
    ${entryLines('e', 'from ledger_entries e join movements m on m.id = e.movement_id')}
    union all
    select ${LINE_COLUMNS.map((c) => h[c]).join(', ')} from held_credits hc`;
}

/**
 * Completed card payments whose credit is in the wallet, and their amounts paid: a held card
 * credit (held_credits.memo is the payment's tx_ref) is not counted until released.
 */
export const CARD_PAYMENTS_SQL = `select count(*) as n, coalesce(sum(p.amount), 0) as amount
  from payments p where p.channel = 'card' and p.status = 'completed'
  and not exists (select 1 from held_credits h where h.source = 'card_funding'
    and h.memo = p.tx_ref and h.status = 'held')`;

type Row = 'NEW' | 'OLD';

function triggers(engine: Engine): AggregateTrigger[] {
  const pg = engine === 'postgres';
  const distinct = (cols: string[]) =>
    cols
      .map((c) => (pg ? `OLD.${c} is distinct from NEW.${c}` : `OLD.${c} is not NEW.${c}`))
      .join(' or ');
  const shard = pg ? `(pg_backend_pid() & ${COUNTER_SHARDS - 1})` : '0';
  const cardPayments = (sign: 1 | -1, amount: string, when: string) =>
    `insert into counters (name, shard, n, amount)
       select 'card_payments', ${shard}, ${sign}, ${sign} * (${amount}) where ${when}
       on conflict (name, shard) do update
         set n = counters.n + excluded.n, amount = counters.amount + excluded.amount;`;
  const payment = (r: Row, sign: 1 | -1) =>
    cardPayments(sign, `${r}.amount`, `${r}.channel = 'card' and ${r}.status = 'completed'`);
  // The held card credit's payment (one per tx_ref), and whether it is still held.
  const paid = (r: Row) =>
    `coalesce((select p.amount from payments p where p.tx_ref = ${r}.memo
        and p.channel = 'card'), 0)`;
  const heldCard = (r: Row, sign: 1 | -1) =>
    cardPayments(
      sign,
      paid(r),
      `${r}.source = 'card_funding' and ${r}.status = 'held'
        and exists (select 1 from payments p where p.tx_ref = ${r}.memo and p.channel = 'card')`,
    );
  const newHeld = heldLine('NEW');
  return [
    {
      name: 'stmt_entry_ins',
      table: 'ledger_entries',
      event: 'insert',
      when: `NEW.account_id like 'wallet:%'`,
      body: [
        `insert into statement_lines (${LINE_COLUMNS.join(', ')})
          ${entryLines('NEW', 'from movements m')};`,
      ],
    },
    {
      name: 'stmt_held_ins',
      table: 'held_credits',
      event: 'insert',
      body: [
        `insert into statement_lines (${LINE_COLUMNS.join(', ')})
          select ${LINE_COLUMNS.map((c) => newHeld[c]).join(', ')} where true;`,
        heldCard('NEW', -1),
      ],
    },
    {
      name: 'stmt_held_upd',
      table: 'held_credits',
      event: 'update of status',
      when: distinct(['status']),
      body: [
        `update statement_lines set hidden = ${newHeld.hidden} where src = 'held' and ref = NEW.id;`,
        heldCard('OLD', 1),
        heldCard('NEW', -1),
      ],
    },
    { name: 'card_pay_ins', table: 'payments', event: 'insert', body: [payment('NEW', 1)] },
    { name: 'card_pay_del', table: 'payments', event: 'delete', body: [payment('OLD', -1)] },
    {
      name: 'card_pay_upd',
      table: 'payments',
      event: 'update of status, channel, amount',
      when: distinct(['status', 'channel', 'amount']),
      body: [payment('OLD', -1), payment('NEW', 1)],
    },
  ];
}

export function heldCreditsTold(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // The release's line reads as its source from now on: the entry trigger is made again.
      if (engine === 'postgres') {
        await sql.raw(`drop trigger stmt_entry_ins on ledger_entries`).execute(db);
        await sql.raw(`drop function stmt_entry_ins()`).execute(db);
      } else {
        await sql.raw(`drop trigger stmt_entry_ins`).execute(db);
      }
      // Released credits already on the statement: their kind and product (the counts follow
      // by the statement_lines update trigger).
      await sql
        .raw(
          `update statement_lines set
             kind = (select ${heldKindSql('h.source')} from ledger_entries e
               join movements m on m.id = e.movement_id
               join held_credits h on h.id = m.memo
               where cast(e.id as varchar(24)) = statement_lines.ref),
             product = (select ${heldProductSql('h.source')} from ledger_entries e
               join movements m on m.id = e.movement_id
               join held_credits h on h.id = m.memo
               where cast(e.id as varchar(24)) = statement_lines.ref)
           where src = 'entry' and ref in (select cast(e.id as varchar(24)) from ledger_entries e
             join movements m on m.id = e.movement_id
             join held_credits h on h.id = m.memo
             where m.kind = 'held_release')`,
        )
        .execute(db);
      const h = heldLine('hc');
      await sql
        .raw(
          `insert into statement_lines (${LINE_COLUMNS.join(', ')})
           select ${LINE_COLUMNS.map((c) => h[c]).join(', ')} from held_credits hc`,
        )
        .execute(db);
      await sql
        .raw(
          `insert into counters (name, shard, n, amount)
           select 'card_payments', 0, x.n, x.amount from (${CARD_PAYMENTS_SQL}) x`,
        )
        .execute(db);
      await db.schema.alterTable('audit_log').addColumn('actor_kind', 'varchar(16)').execute();
      for (const t of triggers(engine)) await createAggregateTrigger(db, engine, t);
    },
  };
}
