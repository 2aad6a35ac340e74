import {
  api,
  DISPUTE_MSG,
  PENDING_MSG,
  ROUTE_PROVIDER_LABELS,
  SERVER_MSG,
  type PendingGoods,
  type PendingPurchase,
} from '@contract';
import { HOUR, now } from '../clock';
import { me } from '../contract-handler';
import { db } from '../db';
import { MockApiError } from '../errors';
import type { TransactionRecord } from '../records';
import { recordAudit } from '../services/audit';
import { restore } from '../services/coupons';
import { disputeView } from '../services/disputes';
import { paginate } from '../services/paging';
import { reverse } from '../services/purchase';
import { impl } from './impl';

/**
 * Purchases pending past the alert age (ADR 0041), over the mock store: the seed's
 * `…1111` purchases. Each action asks the mock provider first (ADR 0073): it says
 * `db.providerAnswers` of the purchase, "processing" unless a story set another. Requery now
 * applies a definite answer; fail and refund needs "failed" or "no record", mark delivered is
 * refused on those two; failing refunds once and marking delivered stores the code, each with
 * an audit entry, and a second action on the same purchase is refused as on the server.
 * Disputes (the provider against how a purchase was settled) are the seed's, resolved by an
 * owner only, audited.
 */
const ALERT_HOURS = 24;

function goodsOf(t: TransactionRecord): PendingGoods {
  if (t.product === 'Electricity') return /postpaid/i.test(t.plan ?? '') ? 'none' : 'token';
  return t.product === 'Education' ? 'pins' : 'none';
}

/** Every purchase pending now, oldest first; the alert age marks the overdue ones (ADR 0078). */
const pendingNow = () =>
  db.transactions
    .filter((t) => t.status === 'pending' && t.direction === 'debit')
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
  flagged: t.date <= now() - ALERT_HOURS * HOUR,
  overdue: t.date <= now() - ALERT_HOURS * HOUR,
  goods: goodsOf(t),
});

/** The mock provider is VTpass's simulator (`sandbox-vt`). */
const PROVIDER = ROUTE_PROVIDER_LABELS.vtpass;

/** What it says of a pending purchase, in VTpass's codes and words (ADR 0073). */
const SAID = {
  delivered: '000 delivered',
  processing: '099, TRANSACTION IS PROCESSING',
  failed: '016, TRANSACTION FAILED',
} as const;

const answerFor = (t: TransactionRecord) =>
  db.providerAnswers.get(t.transaction_id) ?? 'processing';

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
    ({ query }) => ({ ...paginate(pendingNow().map(view), query), alert_hours: ALERT_HOURS }),
    ({ query }) => ({ ...paginate([], query), alert_hours: ALERT_HOURS }),
  ),

  requeryPending: impl(api.requeryPending, (ctx) => {
    const admin = me(ctx);
    const t = actionable(ctx.body.id);
    const answer = answerFor(t);
    if (answer === 'unreachable') {
      throw new MockApiError('provider_error', SERVER_MSG.providerUnavailable);
    }
    if (answer === 'no_record') return { message: PENDING_MSG.unknownAtProvider };
    if (answer === 'processing') return { message: PENDING_MSG.stillPending };
    const refund = db.settings.autoReverseFailed;
    if (answer === 'delivered') t.status = 'successful';
    else if (refund) settleFailed(t, 'TRANSACTION FAILED');
    else t.status = 'failed';
    recordAudit(admin, ctx.request, {
      action: 'purchase.requery',
      target_type: 'transaction',
      target_id: t.transaction_id,
      target_label: t.user,
      before: { status: 'pending' },
      after:
        answer === 'delivered'
          ? { status: 'successful' }
          : { status: t.status, refunded_kobo: refund ? t.amountCharged : 0 },
    });
    if (answer === 'delivered') return { message: PENDING_MSG.requeryDelivered };
    return { message: refund ? PENDING_MSG.requeryFailed : PENDING_MSG.requeryFailedKept };
  }),

  failPending: impl(api.failPending, (ctx) => {
    const admin = me(ctx);
    const t = actionable(ctx.body.id);
    const answer = answerFor(t);
    if (answer === 'unreachable') {
      throw new MockApiError('provider_error', PENDING_MSG.failUnreachable(PROVIDER));
    }
    if (answer === 'delivered') {
      throw new MockApiError('conflict', PENDING_MSG.failButDelivered(PROVIDER, SAID.delivered));
    }
    if (answer === 'processing') {
      throw new MockApiError('conflict', PENDING_MSG.failButProcessing(PROVIDER, SAID.processing));
    }
    settleFailed(t, 'Failed by an admin.');
    recordAudit(admin, ctx.request, {
      action: 'purchase.fail',
      target_type: 'transaction',
      target_id: t.transaction_id,
      target_label: t.user,
      before: { status: 'pending' },
      after: {
        status: 'reversed',
        refunded_kobo: t.amountCharged,
        provider_said: answer === 'failed' ? 'failed' : 'no record',
      },
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
    const answer = answerFor(t);
    if (answer === 'failed') {
      throw new MockApiError('conflict', PENDING_MSG.deliverButFailed(PROVIDER, SAID.failed));
    }
    if (answer === 'no_record') {
      throw new MockApiError('conflict', PENDING_MSG.deliverButUnknown(PROVIDER));
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
      after: {
        status: 'successful',
        code_given: code !== undefined,
        provider_said: answer === 'unreachable' ? 'unreachable' : answer,
      },
    });
    return { message: PENDING_MSG.markedDelivered };
  }),

  purchaseDisputes: impl(
    api.purchaseDisputes,
    ({ query }) => {
      const open = query.status === 'open';
      const rows = db.disputes
        .filter((d) => (d.resolved_at === null) === open)
        .sort((a, b) =>
          open ? a.seen_at - b.seen_at : (b.resolved_at ?? 0) - (a.resolved_at ?? 0),
        );
      return paginate(rows.map(disputeView), query);
    },
    ({ query }) => paginate([], query),
  ),

  resolveDispute: impl(api.resolveDispute, (ctx) => {
    const admin = me(ctx);
    const d = db.disputes.find((x) => x.transaction_id === ctx.body.id);
    if (!d) throw new MockApiError('not_found', DISPUTE_MSG.notFound);
    if (d.resolved_at !== null) throw new MockApiError('conflict', DISPUTE_MSG.alreadyResolved);
    const view = disputeView(d);
    let adjustment: string | null = null;
    if (ctx.body.resolution === 'adjusted') {
      adjustment = ctx.body.adjustment || null;
      if (!adjustment) {
        throw new MockApiError('validation_error', DISPUTE_MSG.adjustmentRequired);
      }
      const made = db.adjustments.some(
        (a) => a.reference === adjustment && a.user_id === view.user_id && a.status === 'approved',
      );
      if (!made) throw new MockApiError('conflict', DISPUTE_MSG.adjustmentNotFound);
    }
    Object.assign(d, {
      resolution: ctx.body.resolution,
      note: ctx.body.note,
      adjustment,
      resolved_by: admin.email,
      resolved_at: now(),
    });
    recordAudit(admin, ctx.request, {
      action: 'purchase.dispute',
      target_type: 'transaction',
      target_id: d.transaction_id,
      target_label: view.user,
      before: { ours: d.ours, provider_says: d.provider_says, resolution: null },
      after: { resolution: ctx.body.resolution, adjustment, note: ctx.body.note },
    });
    return { message: DISPUTE_MSG.resolved };
  }),
};

/** pending → failed, then the refund (a coupon valid again), as the server's fail and refund. */
function settleFailed(t: TransactionRecord, message: string): void {
  t.status = 'failed';
  t.response_msg = message;
  const coupon = t.coupon_code ? db.coupons.find((c) => c.coupon_code === t.coupon_code) : null;
  if (coupon) restore(coupon);
  reverse(t);
}
