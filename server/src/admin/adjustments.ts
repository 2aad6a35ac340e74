/**
 * Manual wallet adjustments with a second approver (ADR 0050, ADR 0070). An admin credits or
 * debits a customer's wallet through the ledger, against the `adjustments` system account (so
 * reconciliation balances). Up to the approval threshold, and within the day's instant totals
 * of the maker and of the customer, the money moves at once; otherwise the adjustment is saved
 * pending and moves only when another admin approves it: never its maker, never the customer.
 * - Every step is one write transaction with its audit entry: a refused step writes nothing.
 * - Approve and reject are guarded transitions out of `pending` (one conditional UPDATE), so
 *   of any number of parallel clicks exactly one decides and the money moves once.
 * - A debit is the ledger's conditional update: it never takes the wallet below zero, at
 *   creation or at approval (the balance may have changed meanwhile).
 * - The reference is unique: the same adjustment sent again (a double click, a retry after a
 *   lost answer) answers the first one; a different one under a used reference is refused.
 */
import { randomUUID } from 'node:crypto';
import {
  ADJUSTMENT_MSG,
  adjustmentBelowZero,
  FOUR_EYES_MSG,
  SERVER_MSG,
  type Adjustment,
  type AdjustmentDirection,
  type AdjustmentStatus,
  type WaitReason,
} from '@contract';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import type { AdjustmentsTable } from '../platform/db/schema.ts';
import {
  InsufficientFunds,
  postMovement,
  systemAccountId,
  walletAccountId,
} from '../wallet/ledger.ts';
import { ApiError } from '../platform/http/errors.ts';
import { recordAudit, type Actor, type Snapshot } from './audit.ts';
import { isUniqueViolation } from '../accounts/auth.ts';
import { customerMail } from '../notifications/customer-mail.ts';
import { fourEyesState, instantOrWait } from './four-eyes.ts';
import { heldOr } from '../accounts/verification.ts';
import { countRows, paged } from '../platform/paging.ts';

/** The movement kind of an adjustment (the statement's `adjustment` line). */
export const ADJUSTMENT_MOVEMENT = 'adjustment';

export interface AdjustmentRequest {
  email: string;
  direction: AdjustmentDirection;
  amount: number;
  reason: string;
  reference: string;
}

type Row = Selectable<AdjustmentsTable> & { email: string; name: string };

const toAdjustment = (r: Row): Adjustment => ({
  id: r.id,
  reference: r.reference,
  user: r.email,
  user_id: r.user_id,
  user_name: r.name,
  direction: r.direction,
  amount: Number(r.amount),
  reason: r.reason,
  status: r.status,
  maker: r.maker_email,
  maker_id: r.maker_id,
  checker: r.checker_email,
  checker_id: r.checker_id,
  created_at: Number(r.created_at),
  decided_at: r.decided_at === null ? null : Number(r.decided_at),
  why: r.status === 'pending' ? ((r.wait_reason as WaitReason | null) ?? 'above_threshold') : null,
});

const withUser = (db: Db) =>
  db
    .selectFrom('adjustments')
    .innerJoin('users', 'users.id', 'adjustments.user_id')
    .selectAll('adjustments')
    .select(['users.email', 'users.name']);

/** What the audit log keeps of an adjustment (amounts in kobo, as the other entries). */
const snapshot = (a: {
  status: AdjustmentStatus;
  direction: string;
  amount: number;
  reason: string;
  reference: string;
  email: string;
}): Snapshot => ({
  status: a.status,
  customer: a.email,
  direction: a.direction,
  amount_kobo: a.amount,
  reason: a.reason,
  reference: a.reference,
});

/**
 * Moves the money of an adjustment inside `trx`: wallet against the adjustments account. The
 * wallet's debit is the ledger's conditional update, so an overdraft throws the clear refusal
 * and the caller's transaction (the adjustment's row and audit entry with it) rolls back.
 */
async function move(
  trx: Db,
  a: {
    userId: string;
    direction: AdjustmentDirection;
    amount: number;
    reference: string;
    reason: string;
  },
  now: number,
): Promise<string> {
  const sign = a.direction === 'credit' ? 1 : -1;
  try {
    const { movementId, entries, held } = await postMovement(trx, {
      kind: ADJUSTMENT_MOVEMENT,
      // The memo is the reference: the customer's statement search finds the line by it.
      memo: a.reference,
      now,
      legs: [
        { accountId: walletAccountId(a.userId), amount: sign * a.amount },
        { accountId: systemAccountId('adjustments'), amount: -sign * a.amount },
      ],
    });
    // The customer hears of it as of any other movement of their money: mail and bell.
    // A credit is funding like any other (ADR 0058): over the level's limits it is held.
    await customerMail(
      trx,
      a.userId,
      heldOr(held, ADJUSTMENT_MOVEMENT, {
        kind: 'adjusted',
        direction: a.direction,
        amount: a.amount,
        reason: a.reason,
        reference: a.reference,
        balance: entries.get(walletAccountId(a.userId))?.balanceAfter ?? 0,
      }),
      now,
    );
    return movementId;
  } catch (err) {
    if (!(err instanceof InsufficientFunds)) throw err;
    const wallet = await trx
      .selectFrom('accounts')
      .select('balance')
      .where('id', '=', walletAccountId(a.userId))
      .executeTakeFirst();
    throw new ApiError('insufficient_funds', adjustmentBelowZero(Number(wallet?.balance ?? 0)));
  }
}

const sameRequest = (row: Row, userId: string, body: AdjustmentRequest) =>
  row.user_id === userId &&
  row.direction === body.direction &&
  Number(row.amount) === body.amount &&
  row.reason === body.reason;

export async function createAdjustment(
  ctx: AppContext,
  actor: Actor,
  body: AdjustmentRequest,
): Promise<Adjustment> {
  const attempt = () =>
    ctx.dbh.writeTx(async (trx) => {
      const customer = await trx
        .selectFrom('users')
        .select(['id', 'email', 'name'])
        .where('email', '=', body.email)
        .executeTakeFirst();
      if (!customer) throw new ApiError('not_found', SERVER_MSG.userNotFound);
      const existing = await withUser(trx)
        .where('adjustments.reference', '=', body.reference)
        .executeTakeFirst();
      if (existing) {
        if (sameRequest(existing, customer.id, body)) return toAdjustment(existing);
        throw new ApiError('conflict', ADJUSTMENT_MSG.referenceTaken);
      }
      // Maker-checker means nobody moves money into their own wallet alone.
      if (customer.id === actor.admin.id) throw new ApiError('forbidden', ADJUSTMENT_MSG.ownWallet);

      const now = Date.now();
      const id = randomUUID();
      // Instant only under the threshold and within the day's totals (ADR 0070).
      const decision = await instantOrWait(ctx, trx, actor, customer.id, body.amount, now);
      const pending = !decision.instant;
      if (pending && body.direction === 'debit') {
        // Refused now rather than left for an approver who could only refuse it too.
        const wallet = await trx
          .selectFrom('accounts')
          .select('balance')
          .where('id', '=', walletAccountId(customer.id))
          .executeTakeFirst();
        const balance = Number(wallet?.balance ?? 0);
        if (balance < body.amount) {
          throw new ApiError('insufficient_funds', adjustmentBelowZero(balance));
        }
      }
      const movementId = pending ? null : await move(trx, { userId: customer.id, ...body }, now);
      const row = {
        id,
        reference: body.reference,
        user_id: customer.id,
        direction: body.direction,
        amount: body.amount,
        reason: body.reason,
        status: pending ? ('pending' as const) : ('approved' as const),
        maker_id: actor.admin.id,
        maker_email: actor.admin.email,
        checker_id: null,
        checker_email: null,
        movement_id: movementId,
        created_at: now,
        decided_at: pending ? null : now,
        wait_reason: decision.instant ? null : decision.why,
      };
      await trx.insertInto('adjustments').values(row).execute();
      await recordAudit(
        trx,
        actor,
        {
          action: 'adjustment.create',
          targetType: 'adjustment',
          targetId: id,
          targetLabel: customer.email,
          before: null,
          after: snapshot({ ...row, email: customer.email }),
        },
        now,
      );
      return toAdjustment({ ...row, email: customer.email, name: customer.name });
    });
  try {
    return await attempt();
  } catch (err) {
    // The same reference sent twice at once: the loser's insert hits the unique key, and the
    // second try answers the winner's adjustment (or the refusal of a different one).
    if (err instanceof ApiError || !isUniqueViolation(err)) throw err;
    return attempt();
  }
}

/**
 * The adjustment a checker may decide: it exists and is still pending; approving also needs
 * another admin than its maker. Refusals answer before anything is written.
 */
async function decidable(trx: Db, actor: Actor, id: string, decision: 'approve' | 'reject') {
  const a = await withUser(trx).where('adjustments.id', '=', id).executeTakeFirst();
  if (!a) throw new ApiError('not_found', ADJUSTMENT_MSG.notFound);
  if (a.status !== 'pending') throw new ApiError('conflict', ADJUSTMENT_MSG.alreadyDecided);
  if (decision === 'approve' && a.maker_id === actor.admin.id) {
    throw new ApiError('forbidden', ADJUSTMENT_MSG.selfApproval);
  }
  // The customer whose wallet gains never approves it (ADR 0070).
  if (decision === 'approve' && a.user_id === actor.admin.id) {
    throw new ApiError('forbidden', FOUR_EYES_MSG.beneficiaryApproval);
  }
  return a;
}

/**
 * Claims a pending adjustment for this decision: one conditional UPDATE, so of parallel
 * decisions exactly one matches (PostgreSQL: the others wait on the row, then find it decided;
 * SQLite: writers are serial). The status itself changes last, with the movement (the table's
 * CHECK ties `approved` to one).
 */
async function claim(trx: Db, actor: Actor, id: string, now: number): Promise<void> {
  const claimed = await trx
    .updateTable('adjustments')
    .set({ checker_id: actor.admin.id, checker_email: actor.admin.email, decided_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) {
    throw new ApiError('conflict', ADJUSTMENT_MSG.alreadyDecided);
  }
}

/** Approves a pending adjustment: the money moves, once; never by its maker. */
export async function approveAdjustment(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<string> {
  return ctx.dbh.writeTx(async (trx) => {
    const a = await decidable(trx, actor, id, 'approve');
    const now = Date.now();
    await claim(trx, actor, id, now);
    const movementId = await move(
      trx,
      {
        userId: a.user_id,
        direction: a.direction,
        amount: Number(a.amount),
        reference: a.reference,
        reason: a.reason,
      },
      now,
    );
    await trx
      .updateTable('adjustments')
      .set({ status: 'approved', movement_id: movementId })
      .where('id', '=', id)
      .execute();
    const before = snapshot({ ...a, amount: Number(a.amount) });
    await recordAudit(
      trx,
      actor,
      {
        action: 'adjustment.approve',
        targetType: 'adjustment',
        targetId: id,
        targetLabel: a.email,
        before,
        after: { ...before, status: 'approved' },
      },
      now,
    );
    return ADJUSTMENT_MSG.approved;
  });
}

/** Rejects a pending adjustment: nothing moves. Its maker may withdraw it this way too. */
export async function rejectAdjustment(ctx: AppContext, actor: Actor, id: string): Promise<string> {
  return ctx.dbh.writeTx(async (trx) => {
    const a = await decidable(trx, actor, id, 'reject');
    const now = Date.now();
    await claim(trx, actor, id, now);
    await trx.updateTable('adjustments').set({ status: 'rejected' }).where('id', '=', id).execute();
    const before = snapshot({ ...a, amount: Number(a.amount) });
    await recordAudit(
      trx,
      actor,
      {
        action: 'adjustment.reject',
        targetType: 'adjustment',
        targetId: id,
        targetLabel: a.email,
        before,
        after: { ...before, status: 'rejected' },
      },
      now,
    );
    return ADJUSTMENT_MSG.rejected;
  });
}

/** The Adjustments page: newest first, optionally one status, with the approval threshold. */
export async function listAdjustments(
  ctx: AppContext,
  adminId: string,
  query: { page: number; limit: number; status?: AdjustmentStatus },
) {
  let base = ctx.db.selectFrom('adjustments');
  if (query.status) base = base.where('status', '=', query.status);
  const total = await countRows(base);
  let rows = withUser(ctx.db);
  if (query.status) rows = rows.where('adjustments.status', '=', query.status);
  const page = await rows
    .orderBy('adjustments.created_at', 'desc')
    .orderBy('adjustments.id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return {
    ...paged(page.map(toAdjustment), query, total),
    approval_above: ctx.config.adjustmentApprovalKobo,
    four_eyes: await fourEyesState(ctx, adminId),
  };
}
