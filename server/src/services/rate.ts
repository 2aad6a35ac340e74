/**
 * Fixed-window counters in the database (decisions §7: login limits per account and per
 * address). In a table rather than in memory so that several instances share them.
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

/** Counts one hit on `key` and answers the count in the current window. */
export async function hit(
  db: Db,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<number> {
  const expired = now - windowMs;
  const row = await db
    .insertInto('rate_counters')
    .values({ key, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_counters.window_start <= ${expired} then 1 else rate_counters.count + 1 end`,
        window_start: sql<number>`case when rate_counters.window_start <= ${expired} then ${now} else rate_counters.window_start end`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The count in the current window without counting. */
export async function peek(
  db: Db,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<number> {
  const row = await db
    .selectFrom('rate_counters')
    .select('count')
    .where('key', '=', key)
    .where('window_start', '>', now - windowMs)
    .executeTakeFirst();
  return row ? Number(row.count) : 0;
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_counters').where('key', '=', key).execute();
}
