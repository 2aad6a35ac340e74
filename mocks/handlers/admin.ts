import {
  api,
  LIMITS,
  type AdminOverview,
  type Reconciliation,
  type WithdrawalFigures,
} from '@contract';
import { lagosDay, lagosDayEnd, lagosDayStart } from '@contract/time';
import { DAY, HOUR, MINUTE, now } from '../clock';
import { db } from '../db';
import { openDisputes } from '../services/disputes';
import { impl } from './impl';

/** Referral commissions paid (ADR 0056) since `from`, net of the ones taken back. */
const paidCommissions = (from = 0) =>
  db.referrals.earnings
    .filter((e) => e.status === 'paid' && e.created_at >= from)
    .reduce((sum, e) => sum + e.amount, 0);

/** Admin overview (spec §2 admin 1): totals plus a 30-day series of sales. */

function lastThirtyDays(): string[] {
  const today = now();
  return Array.from({ length: 30 }, (_, i) => lagosDay(today - (29 - i) * DAY));
}

/**
 * Withdrawals on the overview (ADR 0094), as the server's ledger books them: each fee is income
 * when its withdrawal is made (debited), and a failed or refunded one's fee goes back when it
 * ended (`updated_at`); a settled one counts on the day it settled. By Lagos day.
 */
function withdrawalFigures(): AdminOverview['withdrawals'] {
  const all = db.withdrawals.withdrawals;
  const to = lagosDayEnd(lagosDay(now()));
  const span = (from: number): WithdrawalFigures => {
    const within = (at: number) => at >= from && at < to;
    const booked = all.filter((w) => within(w.created_at)).reduce((sum, w) => sum + w.fee, 0);
    const refunded = all
      .filter((w) => (w.status === 'failed' || w.status === 'refunded') && within(w.updated_at))
      .reduce((sum, w) => sum + w.fee, 0);
    const settled = all.filter((w) => w.status === 'successful' && within(w.updated_at));
    return {
      fee_income: booked - refunded,
      settled_count: settled.length,
      settled_amount: settled.reduce((sum, w) => sum + w.amount, 0),
    };
  };
  return {
    today: span(lagosDayStart(lagosDay(now()))),
    last_30_days: span(lagosDayStart(lastThirtyDays()[0]!)),
    pending: all.filter((w) => w.status === 'pending').length,
    awaiting_review: all.filter((w) => w.status === 'awaiting_review').length,
  };
}

const NO_WITHDRAWALS: WithdrawalFigures = { fee_income: 0, settled_count: 0, settled_amount: 0 };

function overview(): AdminOverview {
  const completed = db.payments.filter((p) => p.status === 'completed');
  // Sales: successful purchases (transfers move money between users, they are not sales).
  const sales = db.transactions.filter(
    (t) => t.status === 'successful' && t.product !== 'Transfer',
  );
  const byDay = new Map<string, { value: number; count: number }>();
  for (const t of sales) {
    const day = byDay.get(lagosDay(t.date)) ?? { value: 0, count: 0 };
    day.value += t.value;
    day.count += 1;
    byDay.set(lagosDay(t.date), day);
  }
  return {
    total_users: db.users.length,
    payments_count: completed.length,
    payments_amount: completed.reduce((sum, p) => sum + p.amount, 0),
    recent_users: db.users.filter(
      (u) => u.last_login !== null && now() - u.last_login <= LIMITS.recentlyActiveMs,
    ).length,
    commissions_paid: paidCommissions(),
    commissions_paid_month: paidCommissions(lagosDayStart(`${lagosDay(now()).slice(0, 8)}01`)),
    withdrawals: withdrawalFigures(),
    daily: lastThirtyDays().map((day) => ({ day, ...(byDay.get(day) ?? { value: 0, count: 0 }) })),
  };
}

/**
 * Reconciliation (ADR 0017) over the mock store: no negative wallet, purchases pending for over
 * 24 hours (the seed's `…1111` purchases once the clock has moved on), and the mock card
 * provider never disagrees with its own payments.
 */
function reconciliation(): Reconciliation {
  const t = now();
  const ledger = db.users
    .filter((u) => u.wallet_balance < 0)
    .map((u) => `wallet of ${u.email} is negative (${u.wallet_balance})`);
  const stale = db.transactions
    .filter((x) => x.status === 'pending' && x.date <= t - 24 * HOUR)
    .map((x) => ({
      transaction_id: x.transaction_id,
      user: x.user,
      product: x.product,
      amount: x.amountCharged,
      provider: 'sandbox-vt',
      created_at: x.date,
      requery_attempts: 0,
      flagged: true,
    }));
  const checked = db.payments.filter(
    (p) => p.date_of_payment >= t - 7 * DAY && p.date_of_payment <= t - 15 * MINUTE,
  ).length;
  const disputes = openDisputes();
  return {
    ok: ledger.length === 0 && stale.length === 0 && disputes.length === 0,
    checked_at: t,
    ledger,
    pending_alert_hours: 24,
    stale_purchases: stale,
    payments_days: 7,
    payments_checked: checked,
    payments_unchecked: 0,
    payment_mismatches: [],
    held_transfers: db.heldTransfers.filter((h) => h.status === 'held').length,
    transfer_problems: [],
    open_disputes: disputes,
  };
}

export const admin = {
  adminOverview: impl(
    api.adminOverview,
    () => ({ message: overview() }),
    () => ({
      message: {
        total_users: 0,
        payments_count: 0,
        payments_amount: 0,
        recent_users: 0,
        commissions_paid: 0,
        commissions_paid_month: 0,
        withdrawals: {
          today: NO_WITHDRAWALS,
          last_30_days: NO_WITHDRAWALS,
          pending: 0,
          awaiting_review: 0,
        },
        daily: lastThirtyDays().map((day) => ({ day, value: 0, count: 0 })),
      },
    }),
  ),
  reconciliation: impl(
    api.reconciliation,
    () => ({ message: reconciliation() }),
    // Nothing to look at: all good.
    () => ({
      message: {
        ...reconciliation(),
        ok: true,
        ledger: [],
        stale_purchases: [],
        open_disputes: [],
      },
    }),
  ),
};
