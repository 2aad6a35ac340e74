/**
 * Level 2 by BVN (issue 26 §3; ADR 0063), with the provider already used for virtual accounts
 * (Flutterwave's consent flow, providers/flutterwave-transfers.ts):
 * 1. `startBvn`: the customer sends the BVN with their consent; it goes to the provider with
 *    the account's first and last names and a return address carrying our reference, and
 *    nowhere else (not stored, not logged: only its last 4 digits and the consent time are
 *    kept in `bvn_checks`). The answer is the provider's consent page.
 * 2. The customer approves or declines there and comes back to Settings with our reference.
 * 3. `completeBvn`: the provider is asked (the return itself proves nothing); approved with
 *    names that match the account's (contract `bvnNamesMatch`) → level 2, the last 4 digits and
 *    the consent time on the user, an audit entry like an admin's level change (the customer
 *    as the actor), and the held credits that now fit released (`releaseHeldCredits`, the path
 *    an admin's rise takes). Each check ends once (guarded `started` → …).
 */
import { randomBytes } from 'node:crypto';
import {
  BVN_MSG,
  BVN_REFERENCE_PARAM,
  SERVER_MSG,
  accountNames,
  bvnNamesMatch,
  type BvnOutcome,
  type BvnResult,
  type BvnStart,
} from '@contract';
import { PAGES } from '@contract/web-routes';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { BvnRefused, type BvnConsentResult } from '../providers/index.ts';
import { recordAudit } from './audit.ts';
import { releaseHeldCredits, verificationOf } from './verification.ts';
import { requireVerified } from './wallet.ts';

const TEXT: Record<BvnOutcome, string> = {
  verified: BVN_MSG.verified,
  mismatch: BVN_MSG.mismatch,
  declined: BVN_MSG.declined,
  pending: BVN_MSG.pending,
};

/** Where the browser comes back to: the configured public address, else the request's own. */
function origin(ctx: AppContext, req: FastifyRequest): string {
  if (ctx.config.env.PUBLIC_URL) return ctx.config.publicUrl;
  return `${req.protocol}://${req.host}`;
}

async function levelOf(ctx: AppContext, userId: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('users')
    .select('verification_level')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.verification_level);
}

export async function startBvn(
  ctx: AppContext,
  user: UserRow,
  body: { bvn: string },
  req: FastifyRequest,
): Promise<BvnStart> {
  requireVerified(user);
  if ((await levelOf(ctx, user.id)) >= 2) throw new ApiError('conflict', BVN_MSG.alreadyVerified);
  const id = `BVN-${randomBytes(12).toString('hex')}`;
  const back = new URL(PAGES.user.settings, origin(ctx, req));
  back.searchParams.set(BVN_REFERENCE_PARAM, id);
  const { first, last } = accountNames(user.name);
  const consentedAt = Date.now();
  let answer;
  try {
    answer = await ctx.providers.transfer.startBvnConsent({
      bvn: body.bvn,
      firstName: first,
      lastName: last,
      redirectUrl: back.toString(),
    });
  } catch (err) {
    // The provider's error may echo the request (the BVN): nothing of it is logged or answered.
    if (err instanceof BvnRefused) throw new ApiError('validation_error', BVN_MSG.refused);
    throw new ApiError('provider_error', SERVER_MSG.providerUnavailable);
  }
  await ctx.db
    .insertInto('bvn_checks')
    .values({
      id,
      user_id: user.id,
      provider: ctx.providers.transfer.name.slice(0, 40),
      provider_ref: answer.reference.slice(0, 128),
      bvn_last4: body.bvn.slice(-4),
      consented_at: consentedAt,
      status: 'started',
      created_at: consentedAt,
      completed_at: null,
    })
    .execute();
  // No page (the customer consented to us before): straight back, where the result is asked.
  return { reference: id, consent_url: answer.url ?? back.toString() };
}

export async function completeBvn(
  ctx: AppContext,
  user: UserRow,
  body: { reference: string },
  req: FastifyRequest,
): Promise<BvnResult> {
  const check = await ctx.db
    .selectFrom('bvn_checks')
    .selectAll()
    .where('id', '=', body.reference)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (!check) throw new ApiError('not_found', BVN_MSG.unknownReference);
  const answer = async (outcome: BvnOutcome): Promise<BvnResult> => ({
    outcome,
    text: TEXT[outcome],
    verification: await verificationOf(ctx.db, user.id),
  });
  // A check that has ended answers what it ended with (the page reloaded, a second tab).
  if (check.status !== 'started') return answer(check.status);
  if ((await levelOf(ctx, user.id)) >= 2) throw new ApiError('conflict', BVN_MSG.alreadyVerified);

  let result: BvnConsentResult;
  try {
    result = await ctx.providers.transfer.bvnConsent(check.provider_ref);
  } catch {
    throw new ApiError('provider_error', SERVER_MSG.providerUnavailable);
  }
  if (result.state === 'pending') return answer('pending');
  const outcome: BvnOutcome =
    result.state === 'declined'
      ? 'declined'
      : bvnNamesMatch(user.name, result.firstName, result.lastName)
        ? 'verified'
        : 'mismatch';

  const now = Date.now();
  const ended = await ctx.dbh.writeTx(async (trx) => {
    // The guard: of two racing completions one ends the check; the other answers its end.
    const claimed = await trx
      .updateTable('bvn_checks')
      .set({ status: outcome as 'verified' | 'mismatch' | 'declined', completed_at: now })
      .where('id', '=', check.id)
      .where('status', '=', 'started')
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return false;
    if (outcome !== 'verified') return true;
    const raised = await trx
      .updateTable('users')
      .set({
        verification_level: 2,
        bvn_last4: check.bvn_last4,
        bvn_consented_at: Number(check.consented_at),
      })
      .where('id', '=', user.id)
      .where('verification_level', '<', 2)
      .returning('id')
      .executeTakeFirst();
    if (raised) {
      await recordAudit(
        trx,
        { admin: { id: user.id, email: user.email }, req },
        {
          action: 'verification.level',
          targetType: 'user',
          targetId: user.id,
          targetLabel: user.email,
          before: { level: 1 },
          after: { level: 2, by: 'bvn' },
        },
        now,
      );
    }
    return true;
  });
  if (!ended) {
    const again = await ctx.db
      .selectFrom('bvn_checks')
      .select('status')
      .where('id', '=', check.id)
      .executeTakeFirstOrThrow();
    return answer(again.status === 'started' ? 'pending' : again.status);
  }
  // Held credits that fit level 2 now reach the wallet, once each (ADR 0058's release).
  if (outcome === 'verified') await releaseHeldCredits(ctx, user.id);
  return answer(outcome);
}
