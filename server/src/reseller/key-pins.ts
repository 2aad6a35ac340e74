/**
 * The transaction pin sent through an API key (ADR 0034). A key says who calls,
 * the pin authorises spending (ADR 0026). Checked against the owner's pin, but counted apart
 * from the app's lockout (wallet/wallet.ts `checkPin`): a leaked key guessing pins would
 * otherwise lock its owner out of the app for 30 minutes at a time, for as long as it liked.
 * - Each key has its own budget of wrong pins (five in 30 minutes); full, that key's purchases
 *   are paused until its window ends, and the app and the other keys go on.
 * - All the account's keys together have a ceiling of the same five in 30 minutes, so that a
 *   thief with the session cannot multiply guesses by creating and revoking keys: however many
 *   keys, at most five guesses in 30 minutes beside the app's five (ten in all).
 * - A wrong pin is counted BEFORE its verdict is told (`reserve`, one conditional upsert that
 *   fails once the budget is full): of any number of parallel guesses, at most the budget learn
 *   they were wrong, the others are told the pause. A right pin writes nothing, and is refused
 *   while its key is paused in the same words, so a paused key tells no right guess from a
 *   wrong one.
 * - The app's lock (five wrong pins in the app) does not pause keys, nor do keys' wrong pins
 *   count towards it: the two budgets add up, each bounded.
 */
import { RESELLER_MSG, SERVER_MSG } from '@contract';
import type { AppContext } from '../context.ts';
import { ApiError } from '../platform/http/errors.ts';
import { counterKey, RateLimited, reserveAll, type Rule } from '../platform/rate.ts';
import type { UserRow } from '../accounts/users.ts';
import { PIN_LOCK_MS, PIN_MAX_FAILURES } from '../wallet/wallet.ts';

export const KEY_PIN_RULES = {
  perKey: { max: PIN_MAX_FAILURES, windowMs: PIN_LOCK_MS },
  perAccount: { max: PIN_MAX_FAILURES, windowMs: PIN_LOCK_MS },
} as const satisfies Record<string, Rule>;

const budgets = (userId: string, keyId: string): [string, Rule][] => [
  [counterKey('keypin', keyId), KEY_PIN_RULES.perKey],
  [counterKey('keypins', userId), KEY_PIN_RULES.perAccount],
];

const paused = (waitMs: number) =>
  new ApiError('pin_locked', RESELLER_MSG.keyPinLocked(Math.max(1, Math.ceil(waitMs / 60_000))));

/** The longest wait among the budgets that are full now, or 0 if none is. */
async function fullFor(ctx: AppContext, keys: [string, Rule][], now: number): Promise<number> {
  const rows = await ctx.db
    .selectFrom('rate_counters')
    .select(['key', 'count', 'window_start'])
    .where(
      'key',
      'in',
      keys.map(([key]) => key),
    )
    .execute();
  let wait = 0;
  for (const [key, rule] of keys) {
    const row = rows.find((r) => r.key === key);
    if (!row) continue;
    const ends = Number(row.window_start) + rule.windowMs;
    // The window's opener may have read a later clock: never tell more than the rule's window.
    if (Number(row.count) >= rule.max && ends > now) {
      wait = Math.max(wait, Math.min(rule.windowMs, ends - now));
    }
  }
  return wait;
}

/**
 * Checks `pin` for a purchase (or a replay of one) made with key `keyId`: returns if it is
 * right and the key is not paused; else 422 `wrong_pin` or 423 `pin_locked` (the key's).
 */
export async function checkKeyPin(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'pin_hash'>,
  keyId: string,
  pin: string,
): Promise<void> {
  const stored = user.pin_hash;
  if (stored === null) throw new ApiError('pin_not_set', SERVER_MSG.noPin);
  const keys = budgets(user.id, keyId);
  const now = Date.now();
  let verdict = ctx.pins.matches(stored, user.id, pin);
  if (verdict !== false) {
    const wait = await fullFor(ctx, keys, now);
    if (wait > 0) throw paused(wait);
  }
  if (verdict === 'legacy') {
    // A pin set before ADR 0021 (argon2, never run for a paused key): the HMAC in its place
    // once it is right, as the app's check does; the app's counters are left alone.
    verdict = await ctx.hasher.verify(stored, pin);
    if (verdict) {
      await ctx.db
        .updateTable('users')
        .set({ pin_hash: ctx.pins.hash(user.id, pin) })
        .where('id', '=', user.id)
        .where('pin_hash', '=', stored)
        .execute();
    }
  }
  if (verdict) return;
  try {
    await reserveAll(ctx.db, keys, now);
  } catch (err) {
    if (err instanceof RateLimited) throw paused(err.retryAfterMs);
    throw err;
  }
  // The wrong pin that fills a budget is told the pause, as the app's fifth is told its lock.
  const wait = await fullFor(ctx, keys, now);
  if (wait > 0) throw paused(wait);
  throw new ApiError('wrong_pin', SERVER_MSG.wrongPin);
}
