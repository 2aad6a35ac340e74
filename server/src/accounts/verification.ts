/**
 * Wallet limits by verification level (ADR 0058): what Settings → Verification
 * and the admin's user dialog show, the admin's level and limit changes (audited), and the
 * release of held credits when a level rises. The limits themselves are enforced by the ledger
 * (wallet/ledger.ts), the one place every wallet movement passes. Held credits are released
 * when the level or its limits rise, and by a worker when a new Lagos day starts.
 */
import {
  FOUR_EYES_MSG,
  VERIFICATION_MSG,
  type LevelLimits,
  type Verification,
  type VerificationLevel,
} from '@contract';
import type { CardFeePayer } from '@contract/pricing';
import { lagosDay } from '@contract/time';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import {
  CreditLimitReached,
  HELD_CREDITS_ACCOUNT,
  type HeldCreditNote,
  postMovement,
  walletAccountId,
} from '../wallet/ledger.ts';
import { ApiError } from '../platform/http/errors.ts';
import { recordAudit, type Actor } from '../admin/audit.ts';
import { customerMail, type MoneyEvent } from '../notifications/customer-mail.ts';
import { type Executor, instantOrRequest, refuseOwnWallet, requestApproval } from '../admin/four-eyes.ts';
import { heldFundingBonus } from '../growth/referrals.ts';
import { startWorker } from '../platform/worker.ts';

/** Another call released this credit first: this one's movement is rolled back. */
class AlreadyReleased extends Error {}

const num = (v: number | null) => (v === null ? null : Number(v));

export async function levelLimits(db: Db): Promise<LevelLimits[]> {
  const rows = await db.selectFrom('verification_limits').selectAll().orderBy('level').execute();
  return rows.map((r) => ({
    level: Number(r.level) as VerificationLevel,
    max_balance: num(r.max_balance),
    daily_funding: num(r.daily_funding),
    daily_spending: num(r.daily_spending),
  }));
}

/** A customer's level, limits, today's use and held credits (newest first, the last 20). */
/** Who bears the card fee: `CARD_FEE_BEARER=customer`, else the business (the default). */
export const cardFeePayer = (ctx: AppContext): CardFeePayer =>
  ctx.config.env.CARD_FEE_BEARER === 'customer' ? 'customer' : 'business';

/** The customer's verification as Fund Wallet and Settings read it. */
export const verificationFor = (ctx: AppContext, userId: string) =>
  verificationOf(ctx.db, userId, cardFeePayer(ctx));

export async function verificationOf(
  db: Db,
  userId: string,
  /** Who bears the card fee (`CARD_FEE_BEARER`): Fund Wallet counts what a payment credits. */
  cardFeePayer: CardFeePayer,
): Promise<Verification> {
  const user = await db
    .selectFrom('users as u')
    .innerJoin('accounts as a', 'a.user_id', 'u.id')
    .select([
      'u.verification_level',
      'u.bvn_last4',
      'u.bvn_consented_at',
      'a.balance',
      'a.limit_day',
      'a.day_in',
      'a.day_out',
    ])
    .where('u.id', '=', userId)
    .where('a.kind', '=', 'wallet')
    .executeTakeFirst();
  if (!user) throw new ApiError('not_found', VERIFICATION_MSG.userNotFound);
  const levels = await levelLimits(db);
  const level = Number(user.verification_level) as VerificationLevel;
  const today = user.limit_day === lagosDay(Date.now());
  const held = await db
    .selectFrom('held_credits')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(20)
    .execute();
  return {
    level,
    limits: levels.find((l) => l.level === level)!,
    funded_today: today ? Number(user.day_in) : 0,
    spent_today: today ? Number(user.day_out) : 0,
    balance: Number(user.balance),
    bvn_last4: user.bvn_last4,
    consented_at: num(user.bvn_consented_at),
    held: held.map((h) => ({
      id: h.id,
      amount: Number(h.amount),
      reason: h.reason,
      source: h.source,
      status: h.status,
      created_at: Number(h.created_at),
      released_at: num(h.released_at),
    })),
    levels,
    card_fee_payer: cardFeePayer,
  };
}

const limitsOf = (r: {
  max_balance: number | null;
  daily_funding: number | null;
  daily_spending: number | null;
}) => ({
  max_balance: num(r.max_balance),
  daily_funding: num(r.daily_funding),
  daily_spending: num(r.daily_spending),
});

/** Whether `after` lets more in than `before` (null: no limit). */
const raises = (before: number | null, after: number | null) =>
  before !== null && (after === null || after > before);

/** The limits of one level change, with its audit entry, in `trx`. */
async function applyLevelLimits(trx: Db, actor: Actor, body: LevelLimits, now: number) {
  const before = await trx
    .selectFrom('verification_limits')
    .select(['max_balance', 'daily_funding', 'daily_spending'])
    .where('level', '=', body.level)
    .executeTakeFirstOrThrow();
  const after = limitsOf(body);
  await trx
    .updateTable('verification_limits')
    .set({ ...after, updated_at: now })
    .where('level', '=', body.level)
    .execute();
  await recordAudit(
    trx,
    actor,
    {
      action: 'verification.limits',
      targetType: 'verification',
      targetId: `level-${body.level}`,
      targetLabel: `Level ${body.level}`,
      before: limitsOf(before),
      after,
    },
    now,
  );
}

/** Higher limits may let held credits in: every customer with one is tried. */
async function releaseEveryHeld(ctx: AppContext): Promise<void> {
  const waiting = await ctx.db
    .selectFrom('held_credits')
    .select('user_id')
    .distinct()
    .where('status', '=', 'held')
    .execute();
  for (const w of waiting) await releaseHeldCredits(ctx, w.user_id);
}

/** The credits held for customers of `level` (or of one customer): what a rise may release. */
async function heldOf(db: Db, where: { level?: VerificationLevel; userId?: string }) {
  let q = db
    .selectFrom('held_credits')
    .innerJoin('users', 'users.id', 'held_credits.user_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('held_credits.amount'), eb.lit(0)).as('n'))
    .where('held_credits.status', '=', 'held');
  if (where.level !== undefined) q = q.where('users.verification_level', '=', where.level);
  if (where.userId !== undefined) q = q.where('held_credits.user_id', '=', where.userId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/**
 * An admin changes a level's limits. A rise that could release held credits waits for a
 * second admin (ADR 0070): it moves many customers' money at once. Answers the limits as they
 * are now, and, when the change waits, the sentence that says so.
 */
export async function setLevelLimits(
  ctx: AppContext,
  actor: Actor,
  body: LevelLimits,
): Promise<{ levels: LevelLimits[]; waits: string | null }> {
  const waits = await ctx.dbh.writeTx(async (trx) => {
    const now = Date.now();
    const before = await trx
      .selectFrom('verification_limits')
      .select(['max_balance', 'daily_funding', 'daily_spending'])
      .where('level', '=', body.level)
      .executeTakeFirstOrThrow();
    const rise =
      raises(num(before.max_balance), body.max_balance) ||
      raises(num(before.daily_funding), body.daily_funding);
    const held = rise ? await heldOf(trx, { level: body.level }) : 0;
    if (held > 0) {
      return requestApproval(
        ctx,
        trx,
        actor,
        {
          kind: 'verification.limits',
          targetId: `level-${body.level}`,
          userId: null,
          amount: held,
          payload: { ...limitsOf(body), level: body.level, before: limitsOf(before) },
          summary: `Raise the limits of level ${body.level}`,
          why: 'releases_held',
        },
        now,
      );
    }
    await applyLevelLimits(trx, actor, body, now);
    return null;
  });
  if (waits === null) await releaseEveryHeld(ctx);
  return { levels: await levelLimits(ctx.db), waits };
}

/** An approved limit change: made now, with the approver's audit entry; releases after commit. */
export const limitsApproved: Executor = async (_ctx, trx, approval, checker, now) => {
  const body = JSON.parse(approval.payload) as LevelLimits & {
    before: ReturnType<typeof limitsOf>;
  };
  // Approved over the limits the approver saw, never over a later change.
  const current = await trx
    .selectFrom('verification_limits')
    .select(['max_balance', 'daily_funding', 'daily_spending'])
    .where('level', '=', body.level)
    .executeTakeFirstOrThrow();
  if (JSON.stringify(limitsOf(current)) !== JSON.stringify(body.before)) {
    throw new ApiError('conflict', FOUR_EYES_MSG.changedMeanwhile);
  }
  await applyLevelLimits(trx, checker, body, now);
};
export const afterLimitsApproved = (ctx: AppContext) => releaseEveryHeld(ctx);

/** One customer's level change, with its audit entry, in `trx`. */
async function applyUserLevel(
  trx: Db,
  actor: Actor,
  user: { id: string; email: string; level: number },
  level: VerificationLevel,
  now: number,
) {
  await trx
    .updateTable('users')
    .set({ verification_level: level })
    .where('id', '=', user.id)
    .execute();
  await recordAudit(
    trx,
    actor,
    {
      action: 'verification.level',
      targetType: 'user',
      targetId: user.id,
      targetLabel: user.email,
      before: { level: user.level },
      after: { level },
    },
    now,
  );
}

/**
 * An admin changes a customer's level. A rise that releases held credits follows the
 * four-eyes rules (ADR 0070) on the held amount: at once under the threshold and within the
 * day's totals, else it waits for a second admin. Answers the customer's verification, and,
 * when the change waits, the sentence that says so.
 */
export async function setUserLevel(
  ctx: AppContext,
  actor: Actor,
  body: { user_id: string; level: VerificationLevel },
): Promise<{ verification: Verification; waits: string | null }> {
  const waits = await ctx.dbh.writeTx(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['email', 'verification_level', 'is_admin'])
      .where('id', '=', body.user_id)
      // Locked (PostgreSQL): two level changes of one customer are decided in turn.
      .$if(ctx.dbh.engine === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
    if (!user || Number(user.is_admin) === 1) {
      throw new ApiError('not_found', VERIFICATION_MSG.userNotFound);
    }
    refuseOwnWallet(actor, body.user_id);
    const current = Number(user.verification_level);
    if (current === body.level) return null;
    const now = Date.now();
    // Any change, up or down, while credits are held is measured on them: the level's limits
    // need not rise with its number (an owner may set a lower level's limits higher), and the
    // release runs after every change.
    const held = await heldOf(trx, { userId: body.user_id });
    if (held > 0) {
      const waits = await instantOrRequest(
        ctx,
        trx,
        actor,
        {
          kind: 'verification.level',
          targetId: body.user_id,
          userId: body.user_id,
          amount: held,
          // What the approver sees is what is checked when they approve (`levelApproved`).
          payload: { level: body.level, from: current, held },
          summary: `Change ${user.email} from level ${current} to level ${body.level}`,
        },
        now,
      );
      if (waits !== null) return waits;
    }
    const target = { id: body.user_id, email: user.email, level: current };
    await applyUserLevel(trx, actor, target, body.level, now);
    return null;
  });
  if (waits === null) await releaseHeldCredits(ctx, body.user_id);
  return { verification: await verificationFor(ctx, body.user_id), waits };
}

/** An approved level change: made now, with the approver's audit entry; releases after commit. */
export const levelApproved: Executor = async (_ctx, trx, approval, checker, now) => {
  const { level, from, held } = JSON.parse(approval.payload) as {
    level: VerificationLevel;
    from: number;
    held: number;
  };
  const user = await trx
    .selectFrom('users')
    .select(['id', 'email', 'verification_level', 'is_admin'])
    .where('id', '=', approval.target_id)
    .executeTakeFirstOrThrow();
  // Approved as asked, or not at all: the level and the credits it releases are those the
  // approver saw, never what was held or changed since.
  const stale =
    Number(user.is_admin) === 1 ||
    Number(user.verification_level) !== from ||
    (await heldOf(trx, { userId: user.id })) !== held;
  if (stale) throw new ApiError('conflict', FOUR_EYES_MSG.changedMeanwhile);
  const target = { id: user.id, email: user.email, level: Number(user.verification_level) };
  await applyUserLevel(trx, checker, target, level, now);
};
export const afterLevelApproved = (ctx: AppContext, approval: { target_id: string }) =>
  releaseHeldCredits(ctx, approval.target_id).then(() => undefined);

/**
 * Releases the customer's held credits that now fit their level, oldest first, each in its own
 * transaction: the guarded status change (`held` → `released`) lets one caller release a credit,
 * however many level changes, day passes or instances race, and the release is a funding
 * movement like any other, so it counts against the day and is refused (rolled back, still
 * held) if it still does not fit. A released card payment or bank transfer that was the
 * friend's first funding pays their referrer's bonus in the same transaction (ADR 0056).
 * `clock` dates each release (the Lagos day it counts against). Answers how many were released.
 */
export async function releaseHeldCredits(
  ctx: AppContext,
  userId: string,
  clock: () => number = Date.now,
): Promise<number> {
  const waiting = await ctx.db
    .selectFrom('held_credits')
    .select(['id', 'amount', 'source', 'movement_id', 'created_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'held')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  let released = 0;
  for (const h of waiting) {
    const amount = Number(h.amount);
    try {
      await ctx.dbh.writeTx(async (trx) => {
        const now = clock();
        const { movementId, entries } = await postMovement(trx, {
          kind: 'held_release',
          memo: h.id,
          limits: 'refuse',
          legs: [
            { accountId: HELD_CREDITS_ACCOUNT, amount: -amount },
            { accountId: walletAccountId(userId), amount },
          ],
          now,
        });
        // The guard: of two racing releases the second finds it released and rolls back.
        const claimed = await trx
          .updateTable('held_credits')
          .set({ status: 'released', released_at: now, release_movement_id: movementId })
          .where('id', '=', h.id)
          .where('status', '=', 'held')
          .returning('id')
          .executeTakeFirst();
        if (!claimed) throw new AlreadyReleased();
        await customerMail(
          trx,
          userId,
          {
            kind: 'heldReleased',
            id: h.id,
            amount,
            balance: entries.get(walletAccountId(userId))!.balanceAfter,
          },
          now,
        );
        await heldFundingBonus(
          trx,
          {
            userId,
            movementId: h.movement_id,
            source: h.source,
            amount,
            heldAt: Number(h.created_at),
          },
          now,
        );
        released++;
      });
    } catch (err) {
      // Still over a limit: it stays held until it fits (the next day's pass, a rise, …).
      if (err instanceof CreditLimitReached || err instanceof AlreadyReleased) continue;
      throw err;
    }
  }
  return released;
}

/** How often the release worker looks whether a new Lagos day has started (ADR 0058). */
export const HELD_RELEASE_CHECK_MS = 60_000;

const clockOf = (ctx: Pick<AppContext, 'config'>) => ctx.config.clock ?? Date.now;

/**
 * The new day's release (ADR 0058): every customer with a credit still held, the one held
 * longest first, has their held credits tried through `releaseHeldCredits` (oldest first,
 * guarded), dated by `config.clock`. A credit held past the day's funding fits again on a new
 * Lagos day (its counter starts at 0); one held past the maximum balance stays until the
 * balance leaves room (the customer spent). Safe to run on several instances at once: each
 * credit is released once. Answers how many were released.
 */
export async function releaseHeldForNewDay(ctx: AppContext): Promise<number> {
  const customers = await ctx.db
    .selectFrom('held_credits')
    .select(['user_id', (eb) => eb.fn.min<number>('created_at').as('first')])
    .where('status', '=', 'held')
    .groupBy('user_id')
    .orderBy('first')
    .orderBy('user_id')
    .execute();
  let released = 0;
  for (const c of customers) released += await releaseHeldCredits(ctx, c.user_id, clockOf(ctx));
  return released;
}

/**
 * The worker (with the others, `config.workers`): a look every `everyMs`, and a release pass
 * (`releaseHeldForNewDay`) at start and whenever `config.clock`'s Lagos day has changed since
 * the last pass that completed (a failed pass is tried again at the next look).
 */
export function startHeldReleaseWorker(
  ctx: AppContext,
  everyMs = HELD_RELEASE_CHECK_MS,
): () => Promise<void> {
  let lastDay: string | null = null;
  return startWorker(
    ctx,
    'held credit release',
    async () => {
      const day = lagosDay(clockOf(ctx)());
      if (day === lastDay) return;
      await releaseHeldForNewDay(ctx);
      lastDay = day;
    },
    everyMs,
  );
}

/**
 * The mail of a credit: `event` when it reached the wallet, or why it is held (ADR 0058), from
 * the same hook point in the same transaction.
 */
export function heldOr(
  held: readonly HeldCreditNote[],
  source: string,
  event: MoneyEvent,
): MoneyEvent {
  const h = held[0];
  if (!h) return event;
  return {
    kind: 'creditHeld',
    amount: h.amount,
    source,
    reason: h.reason,
    level: h.level,
    limit: h.limit,
    // The held movement's own reference: the held SMS's key (ADR 0081).
    ref: 'ref' in event ? event.ref : 'reference' in event ? event.reference : undefined,
  };
}
