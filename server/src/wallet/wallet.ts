/**
 * Moving money between customers (spec §5 "Share funds"; decisions §4, §7): the sender's pin
 * with lockout, a verified e-mail, then one ledger movement and a transaction row per side.
 */
import { randomUUID } from 'node:crypto';
import {
  maskName,
  MSG,
  spendingLimitMessage,
  PIN_MAX_WRONG,
  SERVER_MSG,
  TRUST_MSG,
  wrongPinMessage,
  type Kobo,
  shareOfAdminCreditMessage,
} from '@contract';
import type { AppContext } from '../context.ts';
import {
  InsufficientFunds,
  postMovement,
  SpendingLimitReached,
  walletAccountId,
} from './ledger.ts';
import { ApiError } from '../platform/http/errors.ts';
import { bindIdempotencyKey } from '../platform/http/idempotency.ts';
import { customerMail } from '../notifications/customer-mail.ts';
import { heldOr } from '../accounts/verification.ts';
import { RateLimited } from '../platform/rate.ts';
import type { UserRow } from '../accounts/users.ts';
import { recentAdminCreditDrawnOn } from '../payouts/withdrawal-review.ts';

export const PIN_MAX_FAILURES = PIN_MAX_WRONG;
export const PIN_LOCK_MS = 30 * 60_000;

/** Money moves only from a verified e-mail (decisions §7). Blocked users never get here. */
export function requireVerified(user: UserRow): void {
  if (Number(user.email_verified) !== 1) {
    throw new ApiError('email_not_verified', SERVER_MSG.emailNotVerified);
  }
}

/** The pin columns of a user row. */
export type PinRow = Pick<UserRow, 'pin_hash' | 'pin_failed_count' | 'pin_locked_until'>;

/** The row counts no wrong pin and holds no lock (a right pin would change nothing in it). */
const clean = (row: PinRow, now: number) =>
  Number(row.pin_failed_count) === 0 &&
  (row.pin_locked_until === null || Number(row.pin_locked_until) <= now);

/**
 * A right pin against a clean row (as this request read the user) needs no write of its own
 * (ADR 0029): `checkPin` would only write back what is there. The caller confirms inside the
 * transaction that moves the money that the row is still so (`pinStillClean`), else rolls
 * back and calls `checkPin`. A wrong or legacy pin, counted failures or a lock: `false`, and
 * `checkPin` runs first as before.
 */
export function rightPinOnCleanRow(
  ctx: AppContext,
  user: Pick<UserRow, 'id'> & PinRow,
  pin: string,
): boolean {
  return (
    user.pin_hash !== null &&
    clean(user, Date.now()) &&
    ctx.pins.matches(user.pin_hash, user.id, pin) === true
  );
}

/** Inside the money's transaction: the row still has the hash the pin matched, and is clean. */
export const pinStillClean = (row: PinRow | undefined, matched: string | null, now: number) =>
  row !== undefined && matched !== null && row.pin_hash === matched && clean(row, now);

/** How long a pin check waits for a free attempt while five others are being checked. */
const PIN_WAIT_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Checks the pin; five wrong ones in a row lock money movement for 30 minutes (decisions §7).
 *
 * Every verdict is bound to one conditional UPDATE of the user's row, guarded by the hash it
 * was computed against and by the lock (ADR 0015, ADR 0021): of 200 parallel wrong pins
 * exactly five are counted, and a right pin passes only while fewer than five wrong ones are
 * counted and the pin is not locked.
 * - An HMAC hash (ADR 0021) is compared in microseconds, so a right pin is one round trip
 *   (reset the count) and a wrong one is one (count it) or two (the fifth locks).
 * - A legacy argon2 hash first reserves an attempt (count + 1), then runs argon2, and a right
 *   pin resets the row and stores the HMAC in place of the argon2 hash (upgraded once).
 * A check that finds all five attempts taken by checks still running (legacy hashes) waits
 * for one to finish, unless the pin is locked.
 */
export async function checkPin(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'pin_hash'>,
  pin: string,
): Promise<void> {
  const { db } = ctx;
  const userId = user.id;
  const deadline = Date.now() + PIN_WAIT_MS;
  let stored = user.pin_hash;
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    const now = Date.now();
    if (stored !== null) {
      const verdict = ctx.pins.matches(stored, userId, pin);
      /** The row still has this hash, fewer than five counted failures, and no lock. */
      const open = db
        .updateTable('users')
        .where('id', '=', userId)
        .where('pin_hash', '=', stored)
        .where('pin_failed_count', '<', PIN_MAX_FAILURES)
        .where((eb) =>
          eb.or([eb('pin_locked_until', 'is', null), eb('pin_locked_until', '<=', now)]),
        );
      if (verdict === true) {
        const passed = await open
          .set({ pin_failed_count: 0, pin_locked_until: null })
          .returning('id')
          .executeTakeFirst();
        if (passed) return;
      } else {
        const reserved = await open
          .set((eb) => ({ pin_failed_count: eb('pin_failed_count', '+', 1) }))
          .returning('pin_failed_count')
          .executeTakeFirst();
        if (reserved) {
          const right = verdict === 'legacy' && (await ctx.hasher.verify(stored, pin));
          if (right) {
            await db
              .updateTable('users')
              .set({
                pin_failed_count: 0,
                pin_locked_until: null,
                pin_hash: ctx.pins.hash(userId, pin),
              })
              .where('id', '=', userId)
              .where('pin_hash', '=', stored)
              .execute();
            return;
          }
          if (Number(reserved.pin_failed_count) >= PIN_MAX_FAILURES) {
            // The fifth wrong pin in a row (unless a right one reset the row meanwhile).
            const locked = await db
              .updateTable('users')
              .set({ pin_failed_count: 0, pin_locked_until: now + PIN_LOCK_MS })
              .where('id', '=', userId)
              .where('pin_failed_count', '>=', PIN_MAX_FAILURES)
              .returning('id')
              .executeTakeFirst();
            if (locked) {
              throw new ApiError('pin_locked', SERVER_MSG.pinLocked(PIN_LOCK_MS / 60_000));
            }
          }
          // The count this request made: "N attempts left" from the third.
          throw new ApiError('wrong_pin', wrongPinMessage(Number(reserved.pin_failed_count)));
        }
      }
    }
    // Nothing matched: no pin, a lock, a pin changed since the user was read, or five
    // attempts being checked right now.
    const row = await db
      .selectFrom('users')
      .select(['pin_hash', 'pin_locked_until', 'pin_failed_count'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (row.pin_hash === null) throw new ApiError('pin_not_set', SERVER_MSG.noPin);
    const lockedUntil = row.pin_locked_until === null ? 0 : Number(row.pin_locked_until);
    if (lockedUntil > Date.now()) {
      throw new ApiError(
        'pin_locked',
        // Another instance's clock set the lock: never tell more than the rule's 30 minutes.
        SERVER_MSG.pinLocked(
          Math.min(PIN_LOCK_MS / 60_000, Math.ceil((lockedUntil - Date.now()) / 60_000)),
        ),
      );
    }
    if (row.pin_hash !== stored) {
      stored = row.pin_hash;
      continue;
    }
    if (Date.now() > deadline) throw new RateLimited(1000);
    await sleep(pause + Math.random() * pause);
  }
}

/**
 * The masked display name behind an e-mail, for Share Funds to confirm before sending
 * (ADR 0046). An unknown e-mail answers only that no account uses it; the limit
 * per account (rate.ts) keeps a session from sweeping a list of addresses.
 */
export async function shareRecipient(
  ctx: AppContext,
  sender: UserRow,
  email: string,
): Promise<{ name: string }> {
  const recipient = await ctx.db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (!recipient) throw new ApiError('not_found', TRUST_MSG.noAccount);
  if (recipient.id === sender.id) throw new ApiError('validation_error', SERVER_MSG.selfTransfer);
  return { name: maskName(recipient.name) };
}

export async function share(
  ctx: AppContext,
  sender: UserRow,
  body: { amount: Kobo; email: string; pin: string },
): Promise<Kobo> {
  requireVerified(sender);
  await checkPin(ctx, sender, body.pin);
  const recipient = await ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'name'])
    .where('email', '=', body.email)
    .executeTakeFirst();
  if (!recipient) throw new ApiError('not_found', SERVER_MSG.userNotFound);
  if (recipient.id === sender.id) throw new ApiError('validation_error', SERVER_MSG.selfTransfer);

  const from = walletAccountId(sender.id);
  const to = walletAccountId(recipient.id);
  try {
    return await ctx.dbh.writeTx(async (trx) => {
      const now = Date.now();
      const { movementId, entries, held } = await postMovement(trx, {
        kind: 'share',
        legs: [
          { accountId: from, amount: -body.amount },
          { accountId: to, amount: body.amount },
        ],
        now,
      });
      const out = entries.get(from)!;
      // Money an admin credited lately leaves only through a withdrawal's review (ADR 0088):
      // a share may not draw on it. Read after the ledger locked the wallet; throwing rolls
      // the movement back.
      const credited = await recentAdminCreditDrawnOn(trx, sender.id, out.balanceAfter, now);
      if (credited > 0) {
        throw new ApiError('limit_exceeded', shareOfAdminCreditMessage(credited));
      }
      // Over the recipient's level limits the money is held for them (ADR 0058): no line of
      // theirs until it is released, a mail that says why.
      const into = entries.get(to);
      const debitId = randomUUID();
      const creditId = randomUUID();
      const common = {
        movement_id: movementId,
        product: 'Transfer',
        status: 'successful',
        value: body.amount,
        amount_charged: body.amount,
        response_msg: MSG.fundsSent,
        created_at: now,
        updated_at: now,
      };
      await trx
        .insertInto('transactions')
        .values([
          {
            ...common,
            id: debitId,
            user_id: sender.id,
            direction: 'debit',
            balance_before: out.balanceBefore,
            balance_after: out.balanceAfter,
            counterparty: recipient.email,
          },
          ...(into
            ? [
                {
                  ...common,
                  id: creditId,
                  user_id: recipient.id,
                  direction: 'credit' as const,
                  balance_before: into.balanceBefore,
                  balance_after: into.balanceAfter,
                  counterparty: sender.email,
                },
              ]
            : []),
        ])
        .execute();
      await customerMail(
        trx,
        recipient.id,
        heldOr(held, 'share', {
          kind: 'shareReceived',
          amount: body.amount,
          from: sender.name,
          balance: into?.balanceAfter ?? 0,
          ref: creditId,
        }),
        now,
      );
      // The sender's bank alert (SMS only, ADR 0081): the debit's line is its key.
      await customerMail(
        trx,
        sender.id,
        {
          kind: 'shareSent',
          amount: body.amount,
          to: recipient.name,
          balance: out.balanceAfter,
          ref: debitId,
        },
        now,
      );
      await bindIdempotencyKey(trx, debitId);
      return out.balanceAfter;
    });
  } catch (err) {
    if (err instanceof InsufficientFunds) {
      throw new ApiError('insufficient_funds', MSG.insufficientFunds);
    }
    if (err instanceof SpendingLimitReached) {
      throw new ApiError('limit_exceeded', spendingLimitMessage(err.limit, err.level));
    }
    throw err;
  }
}

/** What a share answered (the sender's balance after it), for a retry of the same request. */
export async function shareAnswer(ctx: AppContext, transactionId: string): Promise<Kobo> {
  const row = await ctx.db
    .selectFrom('transactions')
    .select('balance_after')
    .where('id', '=', transactionId)
    .executeTakeFirstOrThrow();
  return Number(row.balance_after);
}
