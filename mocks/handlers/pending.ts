import { api, PENDING_MSG, SERVER_MSG, type PendingGoods, type PendingPurchase } from '@contract';
import { HOUR, now } from '../clock';
import { me } from '../contract-handler';
import { db } from '../db';
import { MockApiError } from '../errors';
import type { TransactionRecord } from '../records';
import { recordAudit } from '../services/audit';
import { restore } from '../services/coupons';
import { paginate } from '../services/paging';
import { reverse } from '../services/purchase';
import { impl } from './impl';

/**
 * Purchases pending past the alert age (issue 23; ADR 0041), over the mock store: the seed's
 * `…1111` purchases. The mock provider never settles them, so "requery now" always hears
 * "still pending"; failing refunds once and marking delivered stores the code, each with an
 * audit entry, and a second action on the same purchase is refused as on the server.
 */
const ALERT_HOURS = 24;

function goodsOf(t: TransactionRecord): PendingGoods {
  if (t.product === 'Electricity') return /postpaid/i.test(t.plan ?? '') ? 'none' : 'token';
  return t.product === 'Education' ? 'pins' : 'none';
}

const stale = () =>
  db.transactions
    .filter(
      (t) =>
        t.status === 'pending' && t.direction === 'debit' && t.date <= now() - ALERT_HOURS * HOUR,
    )
    .sort((a, b) => a.date - b.date);

const view = (t: TransactionRecord): PendingPurchase => ({
  transaction_id: t.transaction_id,
  user: t.user,
  user_id: t.user_id,
  product: t.product,
  service_id: t.service_id ?? null,
  plan: t.plan ?? null,
  destination: t.transaction_phone ?? t.meter_number ?? t.smart_card_number ?? t.account_id ?? null,
  value: t.value,
  amount: t.amountCharged,
  provider: 'sandbox-vt',
  created_at: t.date,
  requery_attempts: 0,
  flagged: true,
  goods: goodsOf(t),
});

/** The purchase an action names, as the server refuses it (404, 409). */
function actionable(id: string): TransactionRecord {
  const t = db.transactions.find((x) => x.transaction_id === id && x.direction === 'debit');
  if (!t) throw new MockApiError('not_found', SERVER_MSG.transactionNotFound);
  if (t.status !== 'pending') throw new MockApiError('conflict', PENDING_MSG.notPending);
  if (t.date > now() - ALERT_HOURS * HOUR) {
    throw new MockApiError('conflict', PENDING_MSG.tooRecent);
  }
  return t;
}

export const pending = {
  pendingPurchases: impl(
    api.pendingPurchases,
    ({ query }) => ({ ...paginate(stale().map(view), query), alert_hours: ALERT_HOURS }),
    ({ query }) => ({ ...paginate([], query), alert_hours: ALERT_HOURS }),
  ),

  requeryPending: impl(api.requeryPending, ({ body }) => {
    actionable(body.id);
    return { message: PENDING_MSG.stillPending };
  }),

  failPending: impl(api.failPending, (ctx) => {
    const admin = me(ctx);
    const t = actionable(ctx.body.id);
    t.status = 'failed';
    t.response_msg = 'Failed by an admin.';
    const coupon = t.coupon_code ? db.coupons.find((c) => c.coupon_code === t.coupon_code) : null;
    if (coupon) restore(coupon);
    reverse(t);
    recordAudit(admin, ctx.request, {
      action: 'purchase.fail',
      target_type: 'transaction',
      target_id: t.transaction_id,
      target_label: t.user,
      before: { status: 'pending' },
      after: { status: 'reversed', refunded_kobo: t.amountCharged },
    });
    return { message: PENDING_MSG.failedRefunded };
  }),

  deliverPending: impl(api.deliverPending, (ctx) => {
    const admin = me(ctx);
    const t = actionable(ctx.body.id);
    const goods = goodsOf(t);
    const code = ctx.body.code?.trim() || undefined;
    if (goods !== 'none' && !code) {
      throw new MockApiError('validation_error', PENDING_MSG.codeRequired);
    }
    t.status = 'successful';
    t.response_msg = 'Marked delivered by an admin.';
    if (code) {
      if (goods === 'token') t.token = code;
      else t.purchased_code = code;
    }
    recordAudit(admin, ctx.request, {
      action: 'purchase.deliver',
      target_type: 'transaction',
      target_id: t.transaction_id,
      target_label: t.user,
      before: { status: 'pending' },
      after: { status: 'successful', code_given: code !== undefined },
    });
    return { message: PENDING_MSG.markedDelivered };
  }),
};
