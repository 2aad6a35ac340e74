/**
 * Level 2 by BVN (ADR 0063), with the provider already used for virtual accounts
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
 *
 * One BVN, one account (security review; migration 0026): each check keeps a keyed hash of
 * the BVN (`bvnHash`: HMAC-SHA256 under a key derived from PIN_SECRET, which is never in the
 * database, so a copy of it cannot be searched for a BVN); a BVN verified on another account
 * is refused at the start, and at completion (status `duplicate`, with a unique index over
 * the verified checks' hashes for races). An account that verified a BVN once never starts
 * another check, even after an admin lowered its level (its `bvn_last4` stays set): the admin
 * set that level. A check completed when the account is already verified ends `superseded`.
 */
import { createHmac, randomBytes } from 'node:crypto';
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
import type { Db } from '../platform/db/index.ts';
import type { BvnChecksTable, UserRow } from '../platform/db/schema.ts';
import { ApiError } from '../platform/http/errors.ts';
import { BvnRefused, type BvnConsentResult } from '../providers/index.ts';
import { recordAudit } from '../admin/audit.ts';
import { isUniqueViolation } from './auth.ts';
import { releaseHeldCredits, verificationFor } from './verification.ts';
import { requireVerified } from '../wallet/wallet.ts';

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

/** The key of `bvnHash`: derived from PIN_SECRET for this one use (never the raw secret). */
const hashKey = (pinSecret: string) =>
  createHmac('sha256', 'paybills:bvn-hash:v1').update(pinSecret).digest();

/** The BVN's keyed hash (64 hex characters): the same BVN gives the same hash, and no key no BVN. */
export function bvnHash(pinSecret: string, bvn: string): string {
  return createHmac('sha256', hashKey(pinSecret)).update(bvn).digest('hex');
}

/**
 * Why this account may not start or end a check with a new level: at level 2 or more, or it
 * verified a BVN before (`bvn_last4` kept) and an admin has since set its level.
 */
async function alreadyVerified(ctx: AppContext, userId: string): Promise<string | undefined> {
  const row = await ctx.db
    .selectFrom('users')
    .select(['verification_level', 'bvn_last4'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(row.verification_level) >= 2) return BVN_MSG.alreadyVerified;
  if (row.bvn_last4) return BVN_MSG.levelSetByAdmin;
  return undefined;
}

/** A BVN (by its hash) verified on an account other than this one. */
async function verifiedElsewhere(db: Db, hash: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('bvn_checks')
    .select('id')
    .where('bvn_hash', '=', hash)
    .where('status', '=', 'verified')
    .where('user_id', '!=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function startBvn(
  ctx: AppContext,
  user: UserRow,
  body: { bvn: string },
  req: FastifyRequest,
): Promise<BvnStart> {
  requireVerified(user);
  const refused = await alreadyVerified(ctx, user.id);
  if (refused) throw new ApiError('conflict', refused);
  const hash = bvnHash(ctx.config.pinSecret, body.bvn);
  // Before the provider is asked: a BVN verified on another account is never sent again.
  if (await verifiedElsewhere(ctx.db, hash, user.id)) {
    throw new ApiError('conflict', BVN_MSG.usedElsewhere);
  }
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
      bvn_hash: hash,
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
    verification: await verificationFor(ctx, user.id),
  });
  // A check that has ended answers what it ended with (the page reloaded, a second tab).
  if (check.status === 'verified') {
    // The level committed; the release after it may not have (a crash, a failed write): asked
    // again, it runs again. It releases each credit once, so a second run moves nothing twice.
    await releaseHeldCredits(ctx, user.id);
    return answer('verified');
  }
  if (check.status === 'duplicate') throw new ApiError('conflict', BVN_MSG.usedElsewhere);
  if (check.status === 'superseded') {
    throw new ApiError(
      'conflict',
      (await alreadyVerified(ctx, user.id)) ?? BVN_MSG.alreadyVerified,
    );
  }
  if (check.status !== 'started') return answer(check.status);

  const now = Date.now();
  /** Ends the check (guarded: only from `started`); false when another completion ended it. */
  const end = async (trx: Db, status: Exclude<BvnChecksTable['status'], 'started'>) =>
    (await trx
      .updateTable('bvn_checks')
      .set({ status, completed_at: now })
      .where('id', '=', check.id)
      .where('status', '=', 'started')
      .returning('id')
      .executeTakeFirst()) !== undefined;
  /** What a check ended by another completion answers. */
  const endedElsewhere = async (): Promise<BvnResult> => {
    const again = await ctx.db
      .selectFrom('bvn_checks')
      .select('status')
      .where('id', '=', check.id)
      .executeTakeFirstOrThrow();
    if (again.status === 'started') return answer('pending');
    return completeBvn(ctx, user, body, req);
  };

  // An account already verified (an earlier check, an admin) gains nothing from this one: it
  // ends now, without asking the provider, instead of staying `started` for ever.
  const verifiedBefore = await alreadyVerified(ctx, user.id);
  if (verifiedBefore) {
    if (!(await ctx.dbh.writeTx((trx) => end(trx, 'superseded')))) return endedElsewhere();
    throw new ApiError('conflict', verifiedBefore);
  }

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

  type Ended = 'ended' | 'raced' | 'duplicate' | 'superseded';
  const finish = (): Promise<Ended> =>
    ctx.dbh.writeTx(async (trx): Promise<Ended> => {
      if (outcome !== 'verified') return (await end(trx, outcome)) ? 'ended' : 'raced';
      // The BVN verified another account first (both started before either ended).
      if (check.bvn_hash && (await verifiedElsewhere(trx, check.bvn_hash, user.id))) {
        return (await end(trx, 'duplicate')) ? 'duplicate' : 'raced';
      }
      // The guard: of two racing completions one ends the check; the other answers its end.
      if (!(await end(trx, 'verified'))) return 'raced';
      const raised = await trx
        .updateTable('users')
        .set({
          verification_level: 2,
          bvn_last4: check.bvn_last4,
          bvn_consented_at: Number(check.consented_at),
        })
        .where('id', '=', user.id)
        .where('verification_level', '<', 2)
        .where('bvn_last4', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!raised) {
        // An admin raised the level (or another check verified) while the provider was asked.
        await trx
          .updateTable('bvn_checks')
          .set({ status: 'superseded' })
          .where('id', '=', check.id)
          .execute();
        return 'superseded';
      }
      await recordAudit(
        trx,
        { admin: { id: user.id, email: user.email }, req, kind: 'customer' },
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
      return 'ended';
    });
  let ended: Ended;
  try {
    ended = await finish();
  } catch (err) {
    // The unique index over verified BVNs: another account's check verified it in between.
    if (!isUniqueViolation(err)) throw err;
    ended = (await ctx.dbh.writeTx((trx) => end(trx, 'duplicate'))) ? 'duplicate' : 'raced';
  }
  if (ended === 'raced') return endedElsewhere();
  if (ended === 'duplicate') throw new ApiError('conflict', BVN_MSG.usedElsewhere);
  if (ended === 'superseded') {
    throw new ApiError(
      'conflict',
      (await alreadyVerified(ctx, user.id)) ?? BVN_MSG.alreadyVerified,
    );
  }
  // Held credits that fit level 2 now reach the wallet, once each (ADR 0058's release).
  if (outcome === 'verified') await releaseHeldCredits(ctx, user.id);
  return answer(outcome);
}
