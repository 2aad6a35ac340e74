import {
  api,
  SERVER_MSG,
  type CustomerTimelineEvent,
  type TimelineEvent,
  type TransactionTimeline,
} from '@contract';
import { me } from '../contract-handler';
import { db } from '../db';
import { MockApiError } from '../errors';
import { TIMELINE_FIXTURES } from '../fixtures/timelines';
import type { TransactionRecord } from '../records';
import { toAdminTransaction } from '../services/views';
import { impl } from './impl';

const PURCHASES: readonly string[] = ['Airtime', 'Data', 'CableTV', 'Electricity', 'Education'];

const blank = {
  provider: null,
  code: null,
  detail: null,
  latency_ms: null,
  request: null,
  status: null,
  account: null,
  amount: null,
  balance_before: null,
  balance_after: null,
} satisfies Partial<TimelineEvent>;

/**
 * A purchase of the mock store told as the server would (ADR 0083), from what the record
 * keeps: created and debited, one VTpass call, the status it reached. The four purchases of
 * fixtures/timelines.ts are answered whole.
 */
function timelineOf(t: TransactionRecord): TransactionTimeline {
  const at = t.date;
  const settled = t.status !== 'pending';
  const events: TimelineEvent[] = [
    {
      ...blank,
      at,
      kind: 'created',
      title: [t.product, t.plan, t.transaction_phone ?? t.meter_number].filter(Boolean).join(' · '),
      actor: t.user,
      amount: t.amountCharged,
    },
    {
      ...blank,
      at,
      kind: 'ledger',
      title: 'Debited for the purchase',
      actor: 'Ledger',
      account: "Customer's wallet",
      amount: -t.amountCharged,
      balance_before: t.balance_before,
      balance_after: t.balance_after,
    },
  ];
  if (PURCHASES.includes(t.product)) {
    events.push({
      ...blank,
      at: at + 2000,
      kind: 'provider_call',
      title: 'Sent to VTpass',
      actor: 'System',
      provider: 'VTpass',
      // https://www.vtpass.com/documentation/response-codes/
      code: t.status === 'successful' ? '000' : settled ? '016' : '099',
      detail: t.response_msg ?? null,
      latency_ms: 1500,
      status: t.status === 'reversed' ? 'failed' : t.status,
    });
  }
  if (settled) {
    events.push({
      ...blank,
      at: at + 2000,
      kind: 'status',
      title: `pending → ${t.status}`,
      actor: 'System',
      status: t.status,
    });
  }
  return { transaction: toAdminTransaction(t), events };
}

function customerOf(t: TransactionRecord): CustomerTimelineEvent[] {
  const none = { status: null, channel: null, state: null };
  const events: CustomerTimelineEvent[] = [
    { ...none, kind: 'status', at: t.date, status: 'pending' },
  ];
  if (t.status !== 'pending') {
    events.push({ ...none, kind: 'status', at: t.date + 2000, status: t.status });
    events.push({ ...none, kind: 'message', at: t.date + 2000, channel: 'email', state: 'sent' });
  }
  return events;
}

/** A transaction's story (ADR 0083): the admin's whole timeline, the customer's part. */
export const timeline = {
  transactionTimeline: impl(api.transactionTimeline, ({ params }) => {
    const fixture = TIMELINE_FIXTURES[params.id];
    if (fixture) return { message: { transaction: fixture.transaction, events: fixture.events } };
    const record = db.transactions.find((t) => t.transaction_id === params.id);
    if (!record) throw new MockApiError('not_found', SERVER_MSG.transactionNotFound);
    return { message: timelineOf(record) };
  }),
  myTransactionTimeline: impl(api.myTransactionTimeline, (ctx) => {
    const user = me(ctx);
    const fixture = TIMELINE_FIXTURES[ctx.params.id];
    if (fixture) return { message: fixture.customer };
    const record = db.transactions.find(
      (t) => t.transaction_id === ctx.params.id && t.user_id === user.id,
    );
    if (!record) throw new MockApiError('not_found', SERVER_MSG.transactionNotFound);
    return { message: customerOf(record) };
  }),
};
