/**
 * Rate limits and attempt counters in the database (ADR 0015), so that several instances
 * share them: fixed-window counters in `rate_counters`, each change one atomic statement.
 * - `limit`: counts a request; over `max` in the window → 429 `rate_limited` with Retry-After.
 * - `reserve` / `release`: an attempt is reserved BEFORE a secret is checked (one conditional
 *   upsert that succeeds only while the count is under `max`), so parallel guesses can never
 *   check more than `max`; a right guess gives its slot back.
 */
import { SERVER_MSG } from '@contract';
import { sql } from 'kysely';
import type { Db } from './db/index.ts';
import { sha256 } from './secrets.ts';
import { ApiError } from './http/errors.ts';
import type { Rule } from '../rate-limits.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// The limits themselves live below config.ts; callers keep finding them here.
export { DEFAULT_LIMITS, type Limits, type RouteRule, type Rule } from '../rate-limits.ts';

/** The longest window: counters older than this are deleted by the maintenance worker. */
export const LONGEST_WINDOW_MS = 24 * HOUR;

/**
 * A counter's key from its parts. E-mail addresses are hashed (the table holds no addresses,
 * and a key stays within its column however long an address or a forwarded header is).
 */
export function counterKey(kind: string, ...parts: string[]): string {
  return `${kind}:${parts.map((p) => (p.length > 64 || p.includes('@') ? sha256(p).slice(0, 40) : p)).join('|')}`;
}

/**
 * The wait until a window opened at `windowStart` ends, as seen from `now`. A request reads the
 * clock before it reaches the database, so a parallel request may have opened the window with a
 * later reading: the wait is never told as longer than the rule's window.
 */
const waitUntilEnd = (windowStart: number, rule: Rule, now: number) =>
  Math.min(rule.windowMs, Math.max(1000, windowStart + rule.windowMs - now));

/** A 429 with the wait: the route answers it with a `Retry-After` header. */
export class RateLimited extends ApiError {
  constructor(readonly retryAfterMs: number) {
    super(
      'rate_limited',
      SERVER_MSG.tooManyAttempts(Math.max(1, Math.ceil(retryAfterMs / MINUTE))),
    );
  }
}

const counted = (now: number, windowMs: number) => {
  const expired = now - windowMs;
  return {
    count: sql<number>`case when rate_counters.window_start <= ${expired} then 1 else rate_counters.count + 1 end`,
    window_start: sql<number>`case when rate_counters.window_start <= ${expired} then ${now} else rate_counters.window_start end`,
  };
};

/** Counts one hit on `key` and answers the count and the start of the current window. */
export async function hit(
  db: Db,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<{ count: number; windowStart: number }> {
  const row = await db
    .insertInto('rate_counters')
    .values({ key, window_start: now, count: 1 })
    .onConflict((oc) => oc.column('key').doUpdateSet(counted(now, windowMs)))
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: Number(row.window_start) };
}

/** Counts a request on `key`; over `rule.max` in the window → `RateLimited`. */
export async function limit(db: Db, key: string, rule: Rule, now = Date.now()): Promise<void> {
  const { count, windowStart } = await hit(db, key, rule.windowMs, now);
  if (count > rule.max) throw new RateLimited(waitUntilEnd(windowStart, rule, now));
}

/** A reserved attempt: give it back with `release` when the secret was right. */
export interface Reservation {
  key: string;
  windowStart: number;
}

/**
 * Reserves one attempt on `key`, atomically: the upsert updates the row only while the window
 * has room (or has expired), so of N parallel callers at most `rule.max` get a reservation.
 * Full → `RateLimited` with the time until the window ends.
 */
export async function reserve(
  db: Db,
  key: string,
  rule: Rule,
  now = Date.now(),
): Promise<Reservation> {
  const expired = now - rule.windowMs;
  const row = await db
    .insertInto('rate_counters')
    .values({ key, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet(counted(now, rule.windowMs))
        .where((eb) =>
          eb.or([
            eb('rate_counters.window_start', '<=', expired),
            eb('rate_counters.count', '<', rule.max),
          ]),
        ),
    )
    .returning('window_start')
    .executeTakeFirst();
  if (row) return { key, windowStart: Number(row.window_start) };
  const current = await db
    .selectFrom('rate_counters')
    .select('window_start')
    .where('key', '=', key)
    .executeTakeFirst();
  throw new RateLimited(waitUntilEnd(current ? Number(current.window_start) : now, rule, now));
}

/** Gives a reserved attempt back (the secret was right), if its window is still the same. */
export async function release(db: Db, reservation: Reservation): Promise<void> {
  await db
    .updateTable('rate_counters')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', reservation.key)
    .where('window_start', '=', reservation.windowStart)
    .where('count', '>', 0)
    .execute();
}

/** Reserves on every key in order; if one is full, gives back those already taken. */
export async function reserveAll(
  db: Db,
  keys: readonly (readonly [string, Rule])[],
  now = Date.now(),
): Promise<Reservation[]> {
  const taken: Reservation[] = [];
  try {
    for (const [key, rule] of keys) taken.push(await reserve(db, key, rule, now));
    return taken;
  } catch (err) {
    for (const r of taken) await release(db, r);
    throw err;
  }
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_counters').where('key', '=', key).execute();
}

/** Deletes counters whose window ended long ago (maintenance worker). */
export async function purgeCounters(db: Db, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('rate_counters')
    .where('window_start', '<', now - LONGEST_WINDOW_MS)
    .execute();
}
