/**
 * Failed and cancelled card attempts told in History (ADR 0076): a card payment whose status
 * is `failed` (the customer paid nothing) or `cancelled` (the checkout was cancelled at
 * Flutterwave) is a line of the customer's statement (`statement_lines` src `attempt`, ref the
 * payment's id, kind `card_funding`, status the payment's), as a held credit is: it moved no
 * wallet money, so it has no wallet entry, and the wallet's totals and balances never count
 * it. Kept by triggers on `payments` (its insert, and the status change `verifyPayment`
 * records), backfilled from the payments already failed or cancelled.
 *
 * `checkAggregates` recounts these lines beside 0035's `allLinesSql` (`attemptLinesSql`).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../src/platform/db/engine.ts';
import {
  createAggregateTrigger,
  type AggregateTrigger,
} from './0005-history-aggregates.ts';
import { LINE_COLUMNS } from './0027-flat-signed-in-reads.ts';

/** A card payment that is a line of its own: one that failed or was cancelled. */
export const attemptWhere = (p: string) =>
  `${p}.channel = 'card' and ${p}.status in ('failed', 'cancelled')`;

/** The line of card payment `p` (a table alias, NEW or OLD). */
function attemptLine(p: string): Record<(typeof LINE_COLUMNS)[number], string> {
  return {
    src: `'attempt'`,
    ref: `${p}.id`,
    user_id: `${p}.user_id`,
    created_at: `${p}.created_at`,
    seq: `0`,
    kind: `'card_funding'`,
    status: `${p}.status`,
    product: `'Funding'`,
    refund_of: `null`,
    hidden: `0`,
  };
}

const selectLine = (p: string) => LINE_COLUMNS.map((c) => attemptLine(p)[c]).join(', ');

/** Every attempt line there should be (the backfill, and the recount `checkAggregates` makes). */
export function attemptLinesSql(): string {
  return `select ${LINE_COLUMNS.map((c) => `${attemptLine('p')[c]} as ${c}`).join(', ')}
    from payments p where ${attemptWhere('p')}`;
}

function triggers(engine: Engine): AggregateTrigger[] {
  const pg = engine === 'postgres';
  const changed = pg ? `OLD.status is distinct from NEW.status` : `OLD.status is not NEW.status`;
  const insert = `insert into statement_lines (${LINE_COLUMNS.join(', ')})
    select ${selectLine('NEW')} where ${attemptWhere('NEW')};`;
  return [
    { name: 'stmt_attempt_ins', table: 'payments', event: 'insert', body: [insert] },
    {
      name: 'stmt_attempt_upd',
      table: 'payments',
      event: 'update of status, channel',
      when: `${changed} or OLD.channel <> NEW.channel`,
      body: [`delete from statement_lines where src = 'attempt' and ref = NEW.id;`, insert],
    },
    {
      name: 'stmt_attempt_del',
      table: 'payments',
      event: 'delete',
      body: [`delete from statement_lines where src = 'attempt' and ref = OLD.id;`],
    },
  ];
}

export function failedCardAttemptsTold(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql
        .raw(`insert into statement_lines (${LINE_COLUMNS.join(', ')}) ${attemptLinesSql()}`)
        .execute(db);
      for (const t of triggers(engine)) await createAggregateTrigger(db, engine, t);
    },
  };
}
