/**
 * Four eyes on every admin action that moves, releases or redirects a customer's money (ADR
 * 0070). One place holds the rules, so each action asks the same questions:
 * - `refuseOwnWallet`: no admin moves money into their own wallet, at once or by approval;
 * - `instantOrWait`: at or under the approval threshold an action moves money at once, but
 *   only while the maker's and the customer's instant totals of the Lagos day stay within the
 *   owner-set daily totals. Each total is raised by one guarded UPDATE (`total + amount <=
 *   daily`), so of parallel actions only those that fit are instant (PostgreSQL re-checks the
 *   condition on the row it waited for; SQLite writers are serial). Past a total, or above the
 *   threshold, the action waits;
 * - `requestApproval` / `decide`: the waiting actions other than adjustments
 *   (adjustments keep their own table, ADR 0050), decided once by a guarded transition out of
 *   `pending`, never by their maker, never by the customer whose wallet gains, and only by an
 *   admin whose role may do the action itself.
 */
import { randomUUID } from 'node:crypto';
import {
  ADMIN_ROLES,
  APPROVAL_PERMISSION,
  DEFAULT_CUSTOMER_DAILY_KOBO,
  DEFAULT_MAKER_DAILY_KOBO,
  FOUR_EYES_MSG,
  ROLE_MSG,
  roleCan,
  roleMayCall,
  waitReasonText,
  waitsForApproval,
  type AdminRole,
  type Approval,
  type ApprovalKind,
  type ApprovalStatus,
  type FourEyesLimits,
  type FourEyesState,
  type Kobo,
  type WaitReason,
} from '@contract';
import { lagosDay } from '@contract/time';
import { sql, type Selectable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import type { ApprovalsTable } from '../platform/db/schema.ts';
import { ApiError } from '../platform/http/errors.ts';
import { recordAudit, type Actor, type Snapshot } from './audit.ts';
import { countRows, paged } from '../platform/paging.ts';

/** The threshold and the owner-set daily totals (the defaults until an owner sets them). */
export async function fourEyesLimits(ctx: AppContext, db: Db = ctx.db): Promise<FourEyesLimits> {
  const row = await db
    .selectFrom('four_eyes_settings')
    .select(['maker_daily', 'customer_daily'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return {
    approval_above: ctx.config.adjustmentApprovalKobo,
    maker_daily: row ? Number(row.maker_daily) : DEFAULT_MAKER_DAILY_KOBO,
    customer_daily: row ? Number(row.customer_daily) : DEFAULT_CUSTOMER_DAILY_KOBO,
  };
}

async function usedToday(
  db: Db,
  scope: 'maker' | 'customer',
  subjectId: string,
  now: number,
): Promise<Kobo> {
  const row = await db
    .selectFrom('instant_totals')
    .select('total')
    .where('day', '=', lagosDay(now))
    .where('scope', '=', scope)
    .where('subject_id', '=', subjectId)
    .executeTakeFirst();
  return row ? Number(row.total) : 0;
}

/** The roles that decide waiting actions (`admin.approveApproval`'s permission). */
const APPROVER_ROLES = ADMIN_ROLES.filter((r) => roleMayCall(r, 'admin.approveApproval'));

/**
 * The limits, what this admin has left of their own daily total today, and the other admins
 * who may approve (not blocked), by role then e-mail.
 */
export async function fourEyesState(ctx: AppContext, adminId: string): Promise<FourEyesState> {
  const limits = await fourEyesLimits(ctx);
  const used = await usedToday(ctx.db, 'maker', adminId, Date.now());
  const approvers = await ctx.db
    .selectFrom('users')
    .select(['email', 'admin_role'])
    .where('is_admin', '=', 1)
    .where('is_blocked', '=', 0)
    .where('admin_role', 'in', APPROVER_ROLES)
    .where('id', '!=', adminId)
    .orderBy('admin_role')
    .orderBy('email')
    .limit(20)
    .execute();
  return {
    ...limits,
    maker_used: used,
    maker_left: Math.max(0, limits.maker_daily - used),
    approvers: approvers.map((a) => ({ email: a.email, role: a.admin_role as AdminRole })),
  };
}

/** An owner sets the daily totals; audited with the values before and after. */
export async function setFourEyes(
  ctx: AppContext,
  actor: Actor,
  body: { maker_daily: Kobo; customer_daily: Kobo },
): Promise<FourEyesState> {
  await ctx.dbh.writeTx(async (trx) => {
    const before = await fourEyesLimits(ctx, trx);
    const now = Date.now();
    const values = { maker_daily: body.maker_daily, customer_daily: body.customer_daily };
    await trx
      .insertInto('four_eyes_settings')
      .values({ id: 1, ...values, updated_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ ...values, updated_at: now }))
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'fourEyes.settings',
        targetType: 'four_eyes',
        targetId: 'daily-totals',
        targetLabel: 'Daily totals of instant actions',
        before: {
          maker_daily_kobo: before.maker_daily,
          customer_daily_kobo: before.customer_daily,
        },
        after: { maker_daily_kobo: body.maker_daily, customer_daily_kobo: body.customer_daily },
      },
      now,
    );
  });
  return fourEyesState(ctx, actor.admin.id);
}

/** No admin moves money into their own wallet: refused before anything is written. */
export function refuseOwnWallet(actor: Actor, customerId: string | null): void {
  if (customerId !== null && customerId === actor.admin.id) {
    throw new ApiError('forbidden', FOUR_EYES_MSG.ownWallet);
  }
}

/**
 * Raises one daily total by `amount` if it stays within `daily` (one guarded UPDATE): true when
 * it did. The row is made first, so the UPDATE always has a row to lock. Also the withdrawal
 * approvers' totals (scope `approver`, ADR 0088).
 */
export async function takeFrom(
  trx: Db,
  scope: 'maker' | 'customer' | 'approver',
  subjectId: string,
  amount: Kobo,
  daily: Kobo,
  day: string,
): Promise<boolean> {
  await trx
    .insertInto('instant_totals')
    .values({ day, scope, subject_id: subjectId, total: 0 })
    .onConflict((oc) => oc.columns(['day', 'scope', 'subject_id']).doNothing())
    .execute();
  const raised = await trx
    .updateTable('instant_totals')
    .set({ total: sql`total + ${amount}` })
    .where('day', '=', day)
    .where('scope', '=', scope)
    .where('subject_id', '=', subjectId)
    .where(sql<boolean>`total + ${amount} <= ${daily}`)
    .executeTakeFirst();
  return Number(raised.numUpdatedRows) === 1;
}

/**
 * Whether an action of `amount` by `actor` for `customerId` may move money at once: under the
 * threshold and within both daily totals, which it then uses (in `trx`, so they roll back with
 * the action). Otherwise why it waits, and nothing is used.
 */
export async function instantOrWait(
  ctx: AppContext,
  trx: Db,
  actor: Actor,
  customerId: string,
  amount: Kobo,
  now: number,
): Promise<{ instant: true } | { instant: false; why: WaitReason }> {
  const limits = await fourEyesLimits(ctx, trx);
  if (amount > limits.approval_above) return { instant: false, why: 'above_threshold' };
  const day = lagosDay(now);
  if (!(await takeFrom(trx, 'customer', customerId, amount, limits.customer_daily, day))) {
    return { instant: false, why: 'customer_daily' };
  }
  if (!(await takeFrom(trx, 'maker', actor.admin.id, amount, limits.maker_daily, day))) {
    // Give back what the customer's total took: this action will wait instead.
    await trx
      .updateTable('instant_totals')
      .set({ total: sql`total - ${amount}` })
      .where('day', '=', day)
      .where('scope', '=', 'customer')
      .where('subject_id', '=', customerId)
      .execute();
    return { instant: false, why: 'maker_daily' };
  }
  return { instant: true };
}

/** The sentence an action answers when it waits. */
export async function waitsMessage(ctx: AppContext, why: WaitReason, db: Db = ctx.db) {
  return waitsForApproval(waitReasonText(why, await fourEyesLimits(ctx, db)));
}

export interface ApprovalRequest {
  kind: ApprovalKind;
  targetId: string;
  userId: string | null;
  amount: Kobo;
  payload: Record<string, unknown>;
  summary: string;
  why: WaitReason;
}

/**
 * Saves an action to wait for a second admin (in the caller's transaction, with its audit
 * entry). One pending request per target: a second one is refused with "already waits".
 */
export async function requestApproval(
  ctx: AppContext,
  trx: Db,
  actor: Actor,
  request: ApprovalRequest,
  now: number,
): Promise<string> {
  const id = randomUUID();
  const waiting = await trx
    .selectFrom('approvals')
    .select('id')
    .where('kind', '=', request.kind)
    .where('target_id', '=', request.targetId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (waiting) throw new ApiError('conflict', FOUR_EYES_MSG.alreadyWaiting);
  await trx
    .insertInto('approvals')
    .values({
      id,
      kind: request.kind,
      target_id: request.targetId,
      user_id: request.userId,
      amount: request.amount,
      payload: JSON.stringify(request.payload),
      summary: request.summary.slice(0, 300),
      why: request.why,
      status: 'pending',
      maker_id: actor.admin.id,
      maker_email: actor.admin.email,
      checker_id: null,
      checker_email: null,
      created_at: now,
      decided_at: null,
    })
    .execute();
  await recordAudit(
    trx,
    actor,
    {
      action: 'approval.request',
      targetType: 'approval',
      targetId: id,
      targetLabel: request.summary,
      before: null,
      after: snapshotOf({ ...request, status: 'pending' }),
    },
    now,
  );
  return waitsMessage(ctx, request.why, trx);
}

/**
 * The four-eyes gate of one action on one target, in the action's transaction: refused while a
 * request for the same target waits; instant (null: go on, the day's totals are used) when it
 * fits; else saved as a request, whose sentence is answered (the action does nothing more).
 */
export async function instantOrRequest(
  ctx: AppContext,
  trx: Db,
  actor: Actor,
  request: Omit<ApprovalRequest, 'why' | 'userId'> & { userId: string },
  now: number,
): Promise<string | null> {
  if ((await pendingFor(trx, request.kind, [request.targetId])).size > 0) {
    throw new ApiError('conflict', FOUR_EYES_MSG.alreadyWaiting);
  }
  const decision = await instantOrWait(ctx, trx, actor, request.userId, request.amount, now);
  if (decision.instant) return null;
  return requestApproval(ctx, trx, actor, { ...request, why: decision.why }, now);
}

const snapshotOf = (a: {
  kind: string;
  targetId: string;
  amount: Kobo;
  why: string;
  status: string;
}): Snapshot => ({
  kind: a.kind,
  target: a.targetId,
  amount_kobo: a.amount,
  why: a.why,
  status: a.status,
});

type Row = Selectable<ApprovalsTable> & { email: string | null };

const toApproval = (r: Row): Approval => ({
  id: r.id,
  kind: r.kind,
  summary: r.summary,
  user: r.email,
  amount: Number(r.amount),
  why: r.why as WaitReason,
  status: r.status,
  maker: r.maker_email,
  maker_id: r.maker_id,
  checker: r.checker_email,
  created_at: Number(r.created_at),
  decided_at: r.decided_at === null ? null : Number(r.decided_at),
});

const withUser = (db: Db) =>
  db
    .selectFrom('approvals')
    .leftJoin('users', 'users.id', 'approvals.user_id')
    .selectAll('approvals')
    .select('users.email');

/** Waiting first (oldest first: the longest wait is decided first), then the decided, newest. */
export async function listApprovals(
  ctx: AppContext,
  adminId: string,
  query: { page: number; limit: number; status?: ApprovalStatus },
) {
  let base = ctx.db.selectFrom('approvals');
  if (query.status) base = base.where('status', '=', query.status);
  const total = await countRows(base);
  let rows = withUser(ctx.db);
  if (query.status) rows = rows.where('approvals.status', '=', query.status);
  const page = await rows
    .orderBy(sql`case when approvals.status = 'pending' then 0 else 1 end`)
    .orderBy(
      sql`case when approvals.status = 'pending' then approvals.created_at else -approvals.created_at end`,
    )
    .orderBy('approvals.id')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return {
    ...paged(page.map(toApproval), query, total),
    four_eyes: await fourEyesState(ctx, adminId),
  };
}

/** What carries out an approved action, in the approval's transaction. */
export type Executor = (
  ctx: AppContext,
  trx: Db,
  approval: Selectable<ApprovalsTable>,
  checker: Actor,
  now: number,
) => Promise<void>;
/**
 * How each kind is carried out once approved (admin/approval-actions.ts): `run` in the
 * approval's transaction, `after` once it has committed (a release of held credits runs in
 * steps of its own).
 */
export type ApprovalActions = Record<
  ApprovalKind,
  {
    run: Executor;
    after?: (ctx: AppContext, approval: Selectable<ApprovalsTable>) => Promise<void>;
  }
>;

async function roleOf(db: Db, adminId: string): Promise<AdminRole | null> {
  const row = await db
    .selectFrom('users')
    .select('admin_role')
    .where('id', '=', adminId)
    .executeTakeFirst();
  return (row?.admin_role as AdminRole | null | undefined) ?? null;
}

/**
 * The waiting action a checker may decide: it exists and waits; approving it also needs
 * another admin than its maker, not the customer whose wallet gains, and a role that may do
 * the action itself. Refusals answer before anything is written.
 */
async function decidable(trx: Db, actor: Actor, id: string, decision: 'approve' | 'reject') {
  const a = await trx.selectFrom('approvals').selectAll().where('id', '=', id).executeTakeFirst();
  if (!a) throw new ApiError('not_found', FOUR_EYES_MSG.notFound);
  if (a.status !== 'pending') throw new ApiError('conflict', FOUR_EYES_MSG.alreadyDecided);
  // Its maker withdraws it; anyone else rejects only what they could have approved.
  if (decision === 'reject') {
    if (a.maker_id === actor.admin.id) return a;
    const role = await roleOf(trx, actor.admin.id);
    if (!roleCan(role, APPROVAL_PERMISSION[a.kind])) {
      throw new ApiError('forbidden', FOUR_EYES_MSG.rejectNotAllowed);
    }
    return a;
  }
  if (a.maker_id === actor.admin.id) throw new ApiError('forbidden', FOUR_EYES_MSG.selfApproval);
  if (a.user_id !== null && a.user_id === actor.admin.id) {
    throw new ApiError('forbidden', FOUR_EYES_MSG.beneficiaryApproval);
  }
  const role = await roleOf(trx, actor.admin.id);
  if (!roleCan(role, APPROVAL_PERMISSION[a.kind])) {
    throw new ApiError('forbidden', ROLE_MSG.notAllowed(role));
  }
  return a;
}

/** One conditional UPDATE: of parallel decisions exactly one claims the request. */
async function claim(
  trx: Db,
  actor: Actor,
  id: string,
  status: 'approved' | 'rejected',
  now: number,
): Promise<void> {
  const claimed = await trx
    .updateTable('approvals')
    .set({ status, checker_id: actor.admin.id, checker_email: actor.admin.email, decided_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) {
    throw new ApiError('conflict', FOUR_EYES_MSG.alreadyDecided);
  }
}

export async function decide(
  ctx: AppContext,
  actions: ApprovalActions,
  actor: Actor,
  id: string,
  decision: 'approve' | 'reject',
): Promise<string> {
  const decided = await ctx.dbh.writeTx(async (trx) => {
    const a = await decidable(trx, actor, id, decision);
    const now = Date.now();
    const status = decision === 'approve' ? 'approved' : 'rejected';
    await claim(trx, actor, id, status, now);
    if (decision === 'approve') {
      await actions[a.kind].run(ctx, trx, a, actor, now);
    }
    const before = snapshotOf({ ...a, targetId: a.target_id, amount: Number(a.amount) });
    await recordAudit(
      trx,
      actor,
      {
        action: decision === 'approve' ? 'approval.approve' : 'approval.reject',
        targetType: 'approval',
        targetId: id,
        targetLabel: a.summary,
        before,
        after: { ...before, status },
      },
      now,
    );
    return a;
  });
  if (decision === 'approve') await actions[decided.kind].after?.(ctx, decided);
  return decision === 'approve' ? FOUR_EYES_MSG.approved : FOUR_EYES_MSG.rejected;
}

/** The pending request of one target, if any (the held-transfers list names it). */
export async function pendingFor(db: Db, kind: ApprovalKind, targetIds: string[]) {
  if (targetIds.length === 0) return new Map<string, Row>();
  const rows = await withUser(db)
    .where('approvals.kind', '=', kind)
    .where('approvals.target_id', 'in', targetIds)
    .where('approvals.status', '=', 'pending')
    .execute();
  return new Map(rows.map((r) => [r.target_id, r]));
}
