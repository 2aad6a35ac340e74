import { api, fundingCheck, fundingCredit, SERVER_MSG } from '@contract';
import { lagosStamp, now } from '../clock';
import { me } from '../contract-handler';
import { db, findUser } from '../db';
import { MockApiError } from '../errors';
import type { PaymentRecord } from '../records';
import { matches, paginate } from '../services/paging';
import { toPayment } from '../services/views';
import { credit } from '../services/wallet';
import { impl } from './impl';
import { mockFund, mockFundingRoom } from './verification';

/**
 * Card funding (decisions §6). There is no checkout page in mock mode: initiate answers a
 * link straight back to the app's /payment/verification, as if the customer had paid. The
 * mock "provider" then reports what the return link says (successful, cancelled, failed), so
 * a story can show each outcome; the real server asks the provider instead.
 */

/** pending → completed/failed/cancelled, once: the wallet is credited exactly once. */
function settle(payment: PaymentRecord, providerStatus: string): void {
  if (payment.status !== 'pending') return;
  payment.payment_reference = payment.provider_id;
  if (providerStatus === 'successful') {
    payment.status = 'completed';
    payment.credited = fundingCredit(payment.amount);
    const owner = findUser(payment.user_id);
    const room = mockFundingRoom(payment.user_id);
    // Over the level's limits the credit is held, not added, and the answer says so (ADR 0076).
    const check = room ? fundingCheck(payment.amount, room) : ({ kind: 'ok' } as const);
    if (room && check.kind !== 'ok') {
      mockFund(payment.user_id, payment.credited, { reason: check.reason, source: 'card_funding' });
      const limit =
        check.reason === 'balance' ? room.limits.max_balance : room.limits.daily_funding;
      payment.held = { status: 'held', reason: check.reason, level: room.level, limit: limit ?? 0 };
      return;
    }
    if (owner) credit(owner, payment.credited);
    if (room) mockFund(payment.user_id, payment.credited, null);
  } else {
    payment.status = providerStatus === 'cancelled' ? 'cancelled' : 'failed';
  }
}

export const payment = {
  payments: impl(
    api.payments,
    // Every customer's: an admin list under `payments` (ADR 0072), refused to others by handle().
    ({ query }) => {
      const found = db.payments
        .filter((p) => matches(p.user, query.q))
        .filter(
          (p) =>
            !query.reference ||
            matches(p.t_id, query.reference) ||
            matches(p.payment_reference, query.reference),
        )
        .sort((a, b) => b.date_of_payment - a.date_of_payment);
      return paginate(found.map(toPayment), query);
    },
    ({ query }) => paginate([], query),
  ),

  initiatePayment: impl(api.initiatePayment, (ctx) => {
    const user = me(ctx);
    // An amount that can never fit the level is refused before the checkout (ADR 0076).
    const room = mockFundingRoom(user.id);
    const check = room ? fundingCheck(ctx.body.amount, room) : null;
    if (check?.kind === 'never') throw new MockApiError('limit_exceeded', check.message);
    const at = now();
    db.seq += 1;
    const record: PaymentRecord = {
      id: `pay_${db.seq}`,
      t_id: `PB-${lagosStamp(at)}-${db.seq}`,
      user: user.email,
      user_id: user.id,
      amount: ctx.body.amount,
      credited: 0,
      status: 'pending',
      payment_reference: null,
      date_of_payment: at,
      channel: 'card',
      provider_id: String(7_000_000 + db.seq),
    };
    db.payments.unshift(record);
    const link = new URL('/payment/verification', ctx.origin);
    link.searchParams.set('status', 'successful');
    link.searchParams.set('tx_ref', record.t_id);
    link.searchParams.set('transaction_id', record.provider_id);
    return { message: link.toString() };
  }),

  verifyPayment: impl(api.verifyPayment, (ctx) => {
    const user = me(ctx);
    const { body } = ctx;
    const record = db.payments.find(
      (p) => p.t_id === body.tx_ref && (p.user_id === user.id || user.isAdmin),
    );
    if (!record) throw new MockApiError('not_found', SERVER_MSG.paymentNotFound);
    // A transaction id that is not this payment's proves nothing: leave it as it is.
    if (!body.transaction_id || body.transaction_id === record.provider_id)
      settle(record, body.status);
    return { message: toPayment(record) };
  }),

  paymentWebhook: impl(api.paymentWebhook, ({ body }) => {
    const record = db.payments.find((p) => p.t_id === body.data?.tx_ref);
    // Unknown references are acknowledged too: the provider would retry them forever.
    if (record && body.data?.status) settle(record, body.data.status);
    return { message: SERVER_MSG.webhookReceived };
  }),
};
