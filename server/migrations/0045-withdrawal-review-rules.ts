/**
 * Withdrawals reviewed by the day, approvers with a daily total, and withdrawals out of the
 * sales figures (ADR 0088):
 * - `withdrawals.review_reason`: why a withdrawal waits for review (`amount`, `daily_total`,
 *   `recent_adjustment`); null for one that never waited, and for older rows;
 * - `instant_totals.scope` may be `approver`: what each admin has approved of withdrawals in a
 *   Lagos day, raised by the same guarded UPDATE as the makers' totals (ADR 0070);
 * - `tx_daily_sales` (the admin overview's sales series) leaves withdrawals out: money sent to
 *   a bank account is no sale. The transaction triggers are made again with that condition
 *   (from 0009's definition, its SQL unchanged otherwise) and the series is counted again
 *   from the transactions once.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../src/platform/db/engine.ts';
import { aggregateTriggers, createAggregateTrigger, dayOf } from './0005-history-aggregates.ts';

/** Africa/Lagos is UTC+1 all year (this migration's own copy, as 0009 keeps one). */
const LAGOS_OFFSET_MS = 3_600_000;

/** The transaction triggers of 0009, with withdrawals left out of `tx_daily_sales`. */
export function salesTriggersWithoutWithdrawals(engine: Engine) {
  return aggregateTriggers(engine, LAGOS_OFFSET_MS)
    .filter((t) => t.table === 'transactions')
    .map((t) => ({
      ...t,
      body: t.body.map((statement) =>
        statement.replace(
          /\b(NEW|OLD)\.direction = 'debit'/g,
          "$1.direction = 'debit' and $1.product <> 'Withdrawal'",
        ),
      ),
    }));
}

async function widenInstantTotalScopes(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    await sql.raw(`alter table instant_totals drop constraint instant_totals_scope`).execute(db);
    await sql
      .raw(
        `alter table instant_totals add constraint instant_totals_scope
         check (scope in ('maker','customer','approver'))`,
      )
      .execute(db);
    return;
  }
  // SQLite cannot alter a CHECK: the table is made again (as 0021 does for accounts).
  const { rows } = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'instant_totals'`.execute(db);
  const create = rows[0]?.sql ?? '';
  const check = "scope in ('maker','customer')";
  if (!create.includes(check)) throw new Error('instant_totals: no scope CHECK to widen');
  const widened = create.replace(check, "scope in ('maker','customer','approver')");
  await sql
    .raw(`create temp table instant_totals_before_0045 as select * from instant_totals`)
    .execute(db);
  await sql.raw(`drop table instant_totals`).execute(db);
  await sql.raw(widened).execute(db);
  await sql
    .raw(
      `insert into instant_totals (day, scope, subject_id, total)
       select day, scope, subject_id, total from instant_totals_before_0045`,
    )
    .execute(db);
  await sql.raw(`drop table instant_totals_before_0045`).execute(db);
}

export function withdrawalReviewRules(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('withdrawals').addColumn('review_reason', 'varchar(24)').execute();
      await widenInstantTotalScopes(db, engine);
      for (const t of salesTriggersWithoutWithdrawals(engine)) {
        if (engine === 'postgres') {
          await sql.raw(`drop trigger ${t.name} on ${t.table}`).execute(db);
          await sql.raw(`drop function ${t.name}()`).execute(db);
        } else {
          await sql.raw(`drop trigger ${t.name}`).execute(db);
        }
        await createAggregateTrigger(db, engine, t);
      }
      await sql`delete from tx_daily_sales`.execute(db);
      const day = sql.raw(dayOf('created_at', LAGOS_OFFSET_MS));
      await sql`insert into tx_daily_sales (day, shard, n, value)
        select ${day}, 0, count(*), coalesce(sum(value), 0)
        from transactions
        where status = 'successful' and direction = 'debit' and product <> 'Withdrawal'
        group by ${day}`.execute(db);
    },
  };
}
