import {
  ADJUSTMENT_CASH_OUT_HOLD_DAYS,
  approverDailyMessage,
  WITHDRAWAL_REVIEW_MSG,
  type Kobo,
  type WithdrawalReviewReason,
  type WithdrawalSettings,
} from '@contract';
import { lagosDay, lagosDayStart } from '@contract/time';
import { DAY } from '../clock';
import { db } from '../db';
import { MockApiError } from '../errors';
import type { UserRecord } from '../records';
import { mockRoleOf } from './admins';

/**
 * When a withdrawal waits for review and who may approve it, over the mock store, by the
 * server's rules (server/src/payouts/withdrawal-review.ts, ADR 0088), in the same order:
 *
 * 1. `amount`: above the review amount;
 * 2. `recent_adjustment`: the wallet after the debit would hold less than the approved
 *    adjustment credits of the last 7 days. The mock's held transfers keep no assignment time,
 *    so an assigned transfer does not count here (it does on the server);
 * 3. `daily_total`: the customer's withdrawals of the Lagos day, this one included, come to
 *    more than the review amount; failed and rejected ones gave their money back and do not
 *    count.
 *
 * An approver never approves a customer they credited by adjustment (maker or checker) in the
 * last 7 days, and a finance admin's approvals of a Lagos day stay within the owner-set
 * `approver_daily` (an owner's are never refused).
 */

const HOLD_MS = ADJUSTMENT_CASH_OUT_HOLD_DAYS * DAY;

/** Approved adjustment credits to `userId` since `since`, optionally only one admin's. */
function adminCredits(userId: string, since: number, adminId?: string): Kobo {
  return db.adjustments
    .filter(
      (a) =>
        a.user_id === userId &&
        a.direction === 'credit' &&
        a.status === 'approved' &&
        (a.decided_at ?? a.created_at) > since &&
        (adminId === undefined || a.maker_id === adminId || a.checker_id === adminId),
    )
    .reduce((sum, a) => sum + a.amount, 0);
}

/** Why a withdrawal of `amount` waits for review, or null: it is sent at once. */
export function reviewReasonFor(
  w: { userId: string; amount: Kobo; balanceAfter: Kobo },
  settings: Pick<WithdrawalSettings, 'review_above'>,
  at: number,
): WithdrawalReviewReason | null {
  if (w.amount > settings.review_above) return 'amount';
  const credited = adminCredits(w.userId, at - HOLD_MS);
  if (credited > 0 && w.balanceAfter < credited) return 'recent_adjustment';
  const dayStart = lagosDayStart(lagosDay(at));
  const today = db.withdrawals.withdrawals
    .filter(
      (x) =>
        x.user_id === w.userId &&
        x.created_at >= dayStart &&
        (x.status === 'pending' || x.status === 'awaiting_review' || x.status === 'successful'),
    )
    .reduce((sum, x) => sum + x.amount, 0);
  if (today + w.amount > settings.review_above) return 'daily_total';
  return null;
}

/**
 * Refuses an approval by an admin who credited the customer lately, or past a finance admin's
 * daily total: what they approved today, this one included (approved ones keep their place
 * even when the bank then failed them; rejections are no approvals).
 */
export function approverMayApprove(
  admin: UserRecord,
  w: { user_id: string; amount: Kobo },
  settings: Pick<WithdrawalSettings, 'approver_daily'>,
  at: number,
): void {
  if (adminCredits(w.user_id, at - HOLD_MS, admin.id) > 0) {
    throw new MockApiError('forbidden', WITHDRAWAL_REVIEW_MSG.adjustedByApprover);
  }
  if (mockRoleOf(admin) === 'owner') return;
  const dayStart = lagosDayStart(lagosDay(at));
  const approved = db.withdrawals.withdrawals
    .filter(
      (x) =>
        x.reviewer === admin.email &&
        x.reviewed_at !== null &&
        x.reviewed_at >= dayStart &&
        x.status !== 'refunded' &&
        x.status !== 'awaiting_review',
    )
    .reduce((sum, x) => sum + x.amount, 0);
  if (approved + w.amount > settings.approver_daily) {
    throw new MockApiError('forbidden', approverDailyMessage(settings.approver_daily));
  }
}
