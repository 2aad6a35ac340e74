/**
 * When a withdrawal waits for review and who may approve it (ADR 0088, beside ADR 0084):
 *
 * - `reviewReasonFor`, in the debit's transaction (after the ledger has taken the wallet's row,
 *   so parallel withdrawals of one wallet see each other): a withdrawal waits when its amount is
 *   above the owner-set review amount; when it would draw on money admins credited in the last
 *   `ADJUSTMENT_CASH_OUT_HOLD_DAYS` days, by adjustment or by assigning a held bank transfer
 *   (the wallet after the debit holds less than those credits); or when the customer's
 *   withdrawals of the Lagos day (the day the wallet's daily limits count), this one included,
 *   come to more than the review amount. Withdrawals that failed or were rejected gave their
 *   money back and do not count.
 * - `approverMayApprove`, in the approval's transaction: never an admin who made or approved
 *   an adjustment credit, or assigned a held transfer, to this customer in that window; and
 *   each admin's approvals of a Lagos day raise their own daily total (`instant_totals`, scope
 *   `approver`: the guarded UPDATE of ADR 0070's makers' totals; the total is owner-set with the
 *   other withdrawal settings, `approver_daily`). Past it a finance admin is
 *   refused: an owner must approve. An owner's approvals are counted too but never refused
 *   (the owner sets every threshold).
 */
import {
  ADJUSTMENT_CASH_OUT_HOLD_DAYS,
  NEW_KEY_REVIEW_HOURS,
  approverDailyMessage,
  WITHDRAWAL_REVIEW_MSG,
  type Kobo,
  type WithdrawalReviewReason,
  type WithdrawalSettings,
} from '@contract';
import { lagosDay, lagosDayStart } from '@contract/time';
import { sql } from 'kysely';
import type { Db } from '../platform/db/index.ts';
import { ApiError } from '../platform/http/errors.ts';
import type { Actor } from '../admin/audit.ts';
import { takeFrom } from '../admin/four-eyes.ts';

const DAY_MS = 24 * 60 * 60_000;
const HOLD_MS = ADJUSTMENT_CASH_OUT_HOLD_DAYS * DAY_MS;

/**
 * What admins credited to `userId` since `since` (kobo), optionally only what one admin did:
 * approved adjustment credits (as maker or checker), and held bank transfers assigned to the
 * customer (by the admin who assigned it, or who asked for the assignment to be approved).
 */
async function adminCredits(db: Db, userId: string, since: number, adminId?: string) {
  let adjusted = db
    .selectFrom('adjustments')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('total'))
    .where('user_id', '=', userId)
    .where('direction', '=', 'credit')
    .where('status', '=', 'approved')
    .where(sql<boolean>`coalesce(decided_at, created_at) > ${since}`);
  let assigned = db
    .selectFrom('bank_transfers as t')
    .select(sql<number>`coalesce(sum(t.amount), 0)`.as('total'))
    .where('t.user_id', '=', userId)
    .where('t.status', '=', 'assigned')
    .where('t.updated_at', '>', since);
  if (adminId !== undefined) {
    adjusted = adjusted.where((eb) =>
      eb.or([eb('maker_id', '=', adminId), eb('checker_id', '=', adminId)]),
    );
    assigned = assigned.where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('audit_log as a')
            .select('a.id')
            .where('a.action', '=', 'transfer.assign')
            .where('a.target_id', '=', eb.ref('t.id'))
            .where('a.admin_id', '=', adminId),
        ),
        eb.exists(
          eb
            .selectFrom('approvals as p')
            .select('p.id')
            .where('p.kind', '=', 'transfer.assign')
            .where('p.target_id', '=', eb.ref('t.id'))
            .where('p.status', '=', 'approved')
            .where((w) => w.or([w('p.maker_id', '=', adminId), w('p.checker_id', '=', adminId)])),
        ),
      ]),
    );
  }
  // One after the other: both run on the caller's transaction, one connection.
  const a = await adjusted.executeTakeFirst();
  const t = await assigned.executeTakeFirst();
  return Number(a?.total ?? 0) + Number(t?.total ?? 0);
}

/**
 * What admins credited to the wallet in the hold window (ADR 0088) when a debit leaving
 * `balanceAfter` draws on it (the wallet would hold less than those credits), else 0. Asked in
 * the debit's transaction after the ledger took the wallet's row, so parallel debits see each
 * other. One measure for the three doors: a withdrawal drawing on it waits for review, a share
 * or a coupon purchase (a code anyone redeems) drawing on it is refused, or the rule would end
 * at the first share or gifted code.
 */
export async function recentAdminCreditDrawnOn(
  db: Db,
  userId: string,
  balanceAfter: Kobo,
  now: number,
): Promise<Kobo> {
  const credited = await adminCredits(db, userId, now - HOLD_MS);
  return credited > 0 && balanceAfter < credited ? credited : 0;
}

/** Why a withdrawal of `amount` waits for review, or null: it is sent at once. */
export async function reviewReasonFor(
  trx: Db,
  w: { userId: string; amount: Kobo; balanceAfter: Kobo; keyArmedAt?: number | null },
  settings: Pick<WithdrawalSettings, 'review_above'>,
  now: number,
): Promise<WithdrawalReviewReason | null> {
  if (w.amount > settings.review_above) return 'amount';
  // Through a key armed in the last day (ADR 0091; when, as the request read the key): a
  // second admin sees it, whoever armed it.
  if (w.keyArmedAt != null && now - w.keyArmedAt < NEW_KEY_REVIEW_HOURS * 3_600_000) {
    return 'new_key';
  }
  if ((await recentAdminCreditDrawnOn(trx, w.userId, w.balanceAfter, now)) > 0) {
    return 'recent_adjustment';
  }
  const today = await trx
    .selectFrom('withdrawals')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('total'))
    .where('user_id', '=', w.userId)
    .where('created_at', '>=', lagosDayStart(lagosDay(now)))
    .where('status', 'in', ['pending', 'awaiting_review', 'successful'])
    .executeTakeFirst();
  if (Number(today?.total ?? 0) + w.amount > settings.review_above) return 'daily_total';
  return null;
}

/**
 * Refuses an approval (throws, so the caller's transaction rolls back) by an admin who credited
 * the customer lately, or past the admin's daily total unless an owner; else
 * raises the admin's total by the amount. `daily` is the owner-set total (the withdrawal
 * settings' `approver_daily`).
 */
export async function approverMayApprove(
  trx: Db,
  actor: Actor,
  w: { user_id: string; amount: Kobo; api_key_id?: string | null },
  daily: Kobo,
  now: number,
): Promise<void> {
  // Made through a key (ADR 0091): never approved by an admin who switched that key's
  // withdrawals (on, or off since), read from the audit log as a transfer's assigner is; else
  // one owner with a leaked key and pin arms it, withdraws and approves alone.
  if (w.api_key_id) {
    const switched = await trx
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'apiKey.withdrawals')
      .where('target_id', '=', w.api_key_id)
      .where('admin_id', '=', actor.admin.id)
      .executeTakeFirst();
    if (switched) throw new ApiError('forbidden', WITHDRAWAL_REVIEW_MSG.armedByApprover);
  }
  if ((await adminCredits(trx, w.user_id, now - HOLD_MS, actor.admin.id)) > 0) {
    throw new ApiError('forbidden', WITHDRAWAL_REVIEW_MSG.adjustedByApprover);
  }
  const role = await trx
    .selectFrom('users')
    .select('admin_role')
    .where('id', '=', actor.admin.id)
    .executeTakeFirst();
  // An owner is counted without a ceiling: the guarded UPDATE always fits.
  const ceiling = role?.admin_role === 'owner' ? Number.MAX_SAFE_INTEGER : daily;
  const day = lagosDay(now);
  if (!(await takeFrom(trx, 'approver', actor.admin.id, Number(w.amount), ceiling, day))) {
    throw new ApiError('forbidden', approverDailyMessage(daily));
  }
}
