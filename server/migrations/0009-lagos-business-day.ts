/**
 * The admin overview's days are Lagos days (WAT, UTC+1, no daylight saving), not UTC days: a
 * sale at 00:30 in Lagos belongs to the day the operator is living, not to yesterday. The
 * transaction triggers of 0005 are made again with the offset, and `tx_daily_sales` is counted
 * again from the transactions once (a scan, at this one start-up).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../src/platform/db/engine.ts';
import {
  aggregateTriggers,
  createAggregateTrigger,
  dayOf,
} from './0005-history-aggregates.ts';

/** Africa/Lagos is UTC+1 all year. */
export const LAGOS_OFFSET_MS = 3_600_000;

export function lagosBusinessDay(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const transactionTriggers = aggregateTriggers(engine, LAGOS_OFFSET_MS).filter(
        (t) => t.table === 'transactions',
      );
      for (const t of transactionTriggers) {
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
        from transactions where status = 'successful' and direction = 'debit'
        group by ${day}`.execute(db);
    },
  };
}
