import { nairaText, type Kobo } from './money';
import {
  awaitingReviewMessage,
  NEW_KEY_REVIEW_HOURS,
  type WithdrawalReviewReason,
} from './withdrawals';

/**
 * When a withdrawal waits for review, and who may approve it (ADR 0088, beside ADR 0084's
 * four eyes). Exact sentences: the server answers them and the tests compare them.
 */

/**
 * Money credited to a wallet by an admin (an adjustment, or a held bank transfer assigned to it)
 * is checked before it leaves as cash for this many days after it was credited: a withdrawal
 * that draws on it waits for review.
 */
export const ADJUSTMENT_CASH_OUT_HOLD_DAYS = 7;

/**
 * What one admin may approve of withdrawals in a Lagos day before an owner must, on a fresh
 * database: ₦2,000,000 (the owner sets it with the other withdrawal settings).
 */
export const DEFAULT_WITHDRAWAL_APPROVER_DAILY_KOBO: Kobo = 200_000_000;

/** What each reason means, for the approver (the withdrawal's details on the admin screen). */
export const REVIEW_REASON_EXPLAINED: Record<WithdrawalReviewReason, string> = {
  amount: 'Its amount alone is above the review amount.',
  daily_total:
    "The customer's withdrawals of that Lagos day, this one included, come to more than the review amount.",
  recent_adjustment: `It would take out as cash money an admin credited to this wallet in the last ${ADJUSTMENT_CASH_OUT_HOLD_DAYS} days. An admin who made or approved that credit may not approve it.`,
  new_key: `It was sent through an API key whose withdrawals were turned on less than ${NEW_KEY_REVIEW_HOURS} hours before. The admin who turned them on may not approve it.`,
};

const HELD =
  'the amount is held from your wallet meanwhile, and returned in full if it is not approved.';

/** What the customer reads of a withdrawal waiting for review, by why it waits. */
export function reviewReasonMessage(reason: WithdrawalReviewReason, reviewAbove: Kobo): string {
  switch (reason) {
    case 'daily_total':
      return `Your withdrawals today come to more than ${nairaText(reviewAbove)}, so this one is checked by our team before it is sent: ${HELD}`;
    case 'new_key':
      return `Withdrawals through an API key are checked by our team for ${NEW_KEY_REVIEW_HOURS} hours after they are turned on, so this one is checked before it is sent: ${HELD}`;
    case 'recent_adjustment':
      return `Money our team credited to your wallet in the last ${ADJUSTMENT_CASH_OUT_HOLD_DAYS} days is checked before it leaves as cash, so this withdrawal is checked before it is sent: ${HELD}`;
    default:
      return awaitingReviewMessage(reviewAbove);
  }
}

/**
 * A share refused because it would draw on money our team credited lately: one share to a
 * second account would otherwise take it out unchecked (ADR 0088).
 */
export const shareOfAdminCreditMessage = (credited: Kobo) =>
  `${nairaText(credited)} of your balance was credited by our team in the last ${ADJUSTMENT_CASH_OUT_HOLD_DAYS} days and cannot be shared yet: you can spend it on purchases, and a withdrawal of it is checked by our team first.`;

/**
 * A coupon purchase refused because it would draw on money our team credited lately: a coupon
 * is a code anyone redeems, so handing it over would move that money to another customer
 * unchecked, as a share would (ADR 0088). Airtime, data and bills for oneself stay allowed.
 */
export const couponOfAdminCreditMessage = (credited: Kobo) =>
  `${nairaText(credited)} of your balance was credited by our team in the last ${ADJUSTMENT_CASH_OUT_HOLD_DAYS} days and cannot pay for coupons yet: you can spend it on airtime, data and bills for yourself, and a withdrawal of it is checked by our team first.`;

/** Refusals of an approval (the withdrawal keeps waiting for another admin). */
export const approverDailyMessage = (daily: Kobo) =>
  `This approval would take the withdrawals you approved today past ${nairaText(daily)}, your daily total: an owner must approve it.`;

export const WITHDRAWAL_REVIEW_MSG = {
  adjustedByApprover: `You credited this customer's wallet (an adjustment or an assigned transfer) in the last ${ADJUSTMENT_CASH_OUT_HOLD_DAYS} days: another admin must approve this withdrawal.`,
  /** ADR 0091: whoever let the key send withdrawals is not the second pair of eyes on them. */
  armedByApprover:
    'You turned withdrawals on or off for the API key that sent this withdrawal: another admin must approve it.',
} as const;
