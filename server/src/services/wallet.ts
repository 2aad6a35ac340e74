/**
 * Moving money between customers (spec §5 "Share funds"; decisions §4, §7): the sender's pin
 * with lockout, a verified e-mail, then one ledger movement and a transaction row per side.
 */
import { randomUUID } from 'node:crypto';
import { MSG, SERVER_MSG, type Kobo } from '@contract';
import type { AppContext } from '../context.ts';
import { InsufficientFunds, postMovement, walletAccountId } from '../domain/ledger.ts';
import { ApiError } from '../http/errors.ts';
import type { UserRow } from './users.ts';

export const PIN_MAX_FAILURES = 5;
export const PIN_LOCK_MS = 30 * 60_000;

/** Money moves only from a verified e-mail (decisions §7). Blocked users never get here. */
export function requireVerified(user: UserRow): void {
  if (Number(user.email_verified) !== 1) {
    throw new ApiError('email_not_verified', SERVER_MSG.emailNotVerified);
  }
}

/** Checks the pin; five wrong ones in a row lock money movement for 30 minutes. */
export async function checkPin(ctx: AppContext, userId: string, pin: string): Promise<void> {
  const now = Date.now();
  const row = await ctx.db
    .selectFrom('users')
    .select(['pin_hash', 'pin_locked_until', 'pin_failed_count'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (row.pin_hash === null) throw new ApiError('pin_not_set', SERVER_MSG.noPin);
  const lockedUntil = row.pin_locked_until === null ? 0 : Number(row.pin_locked_until);
  if (lockedUntil > now) {
    throw new ApiError('pin_locked', SERVER_MSG.pinLocked(Math.ceil((lockedUntil - now) / 60_000)));
  }
  if (await ctx.hasher.verify(row.pin_hash, pin)) {
    if (Number(row.pin_failed_count) > 0 || lockedUntil) {
      await ctx.db
        .updateTable('users')
        .set({ pin_failed_count: 0, pin_locked_until: null })
        .where('id', '=', userId)
        .execute();
    }
    return;
  }
  // Counted in the database (atomic increment), so parallel wrong pins are all counted.
  const counted = await ctx.db
    .updateTable('users')
    .set((eb) => ({ pin_failed_count: eb('pin_failed_count', '+', 1) }))
    .where('id', '=', userId)
    .returning('pin_failed_count')
    .executeTakeFirstOrThrow();
  if (Number(counted.pin_failed_count) >= PIN_MAX_FAILURES) {
    await ctx.db
      .updateTable('users')
      .set({ pin_failed_count: 0, pin_locked_until: now + PIN_LOCK_MS })
      .where('id', '=', userId)
      .execute();
    throw new ApiError('pin_locked', SERVER_MSG.pinLocked(PIN_LOCK_MS / 60_000));
  }
  throw new ApiError('wrong_pin', SERVER_MSG.wrongPin);
}

export async function share(
  ctx: AppContext,
  sender: UserRow,
  body: { amount: Kobo; email: string; pin: string },
): Promise<Kobo> {
  requireVerified(sender);
  await checkPin(ctx, sender.id, body.pin);
  const recipient = await ctx.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', '=', body.email)
    .executeTakeFirst();
  if (!recipient) throw new ApiError('not_found', SERVER_MSG.userNotFound);
  if (recipient.id === sender.id) throw new ApiError('validation_error', SERVER_MSG.selfTransfer);

  const from = walletAccountId(sender.id);
  const to = walletAccountId(recipient.id);
  try {
    return await ctx.dbh.writeTx(async (trx) => {
      const now = Date.now();
      const { movementId, entries } = await postMovement(trx, {
        kind: 'share',
        legs: [
          { accountId: from, amount: -body.amount },
          { accountId: to, amount: body.amount },
        ],
        now,
      });
      const out = entries.get(from)!;
      const into = entries.get(to)!;
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
            id: randomUUID(),
            user_id: sender.id,
            direction: 'debit',
            balance_before: out.balanceBefore,
            balance_after: out.balanceAfter,
            counterparty: recipient.email,
          },
          {
            ...common,
            id: randomUUID(),
            user_id: recipient.id,
            direction: 'credit',
            balance_before: into.balanceBefore,
            balance_after: into.balanceAfter,
            counterparty: sender.email,
          },
        ])
        .execute();
      return out.balanceAfter;
    });
  } catch (err) {
    if (err instanceof InsufficientFunds) {
      throw new ApiError('insufficient_funds', MSG.insufficientFunds);
    }
    throw err;
  }
}
