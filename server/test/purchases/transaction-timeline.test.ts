/**
 * One page per purchase that proves what happened (ADR 0083; migration 0042), on SQLite and
 * PostgreSQL: the admin's timeline of a refunded, a failed-over, a pending-then-delivered and
 * an admin-resolved purchase holds the right events in the order they happened; nothing secret
 * is in it (the customer's pin, the provider keys, a delivered token or pins); the customer's
 * own part holds statuses and messages only; a customer, and an admin whose role does not
 * read transactions, are refused (403).
 *
 * Two set-ups: the sandbox simulators (refusals, failover, tokens and pins as VTpass and
 * Flutterwave document them), and the real VTpass adapter against a fake upstream that leaves
 * every purchase processing until a callback or an admin settles it. Time: Date alone is moved
 * a day on (vi.setSystemTime) for the admin's action, never waited for.
 */
import { api } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  startFakeServer,
  type FakeReply,
  type FakeServer,
} from '../../src/providers/testing/fake-http.ts';
import { callbackFor, requeryAnswer } from '../../src/providers/testing/vtpass-fixtures.ts';
import { recordEvent, redactedRequest, scrubbed } from '../../src/purchases/transaction-events.ts';
import { adminLogin, createKit, engines, LIVE_ENV, PIN, type Kit } from '../helper.ts';

type Event = {
  at: number;
  kind: string;
  title: string;
  actor: string;
  provider: string | null;
  code: string | null;
  detail: string | null;
  status: string | null;
  request: string | null;
  latency_ms: number | null;
  account: string | null;
  amount: number | null;
  balance_before: number | null;
  balance_after: number | null;
};

/** The kinds of a timeline, in its order, each with what tells it apart. */
const story = (events: Event[]) =>
  events
    .filter((e) => e.kind !== 'mail' && e.kind !== 'sms')
    .map((e) =>
      e.kind === 'status'
        ? `status ${e.title}`
        : e.kind === 'ledger'
          ? `ledger ${e.title} ${e.account} ${e.amount}`
          : e.kind === 'provider_call' || e.kind === 'requery'
            ? `${e.kind} ${e.actor} ${e.status}`
            : e.kind,
    );

const inTimeOrder = (events: Event[]) =>
  events.every((e, i) => i === 0 || events[i - 1]!.at <= e.at);

async function timelineOf(kit: Kit, token: string, id: string) {
  const res = await kit.call(api.transactionTimeline, { token, params: { id } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message as { transaction: { status: string }; events: Event[] };
}

describe('the events module', () => {
  it('keeps only the allow-listed fields of a request, whatever else a caller adds', () => {
    const kept = redactedRequest({
      requestId: '202403061405abc',
      serviceId: 'mtn',
      amount: 100_000,
      phone: '08031234567',
      pin: '246810',
      api_key: 'vt-api-key',
      token: '1234-5678-9012-3456-7890',
    });
    expect(JSON.parse(kept)).toEqual({
      requestId: '202403061405abc',
      serviceId: 'mtn',
      amount: 100_000,
      phone: '08031234567',
    });
  });

  it("hides a token or pins the provider's words quote, and bounds them", () => {
    expect(scrubbed('Token : 1234-5678-9012-3456-7890 delivered')).toBe(
      'Token: [hidden] delivered',
    );
    expect(scrubbed('Serial: WRN123, Pin: 998877665544', ['998877665544'])).toBe(
      'Serial: [hidden], Pin: [hidden]',
    );
    expect(scrubbed('x'.repeat(1000))).toHaveLength(300);
  });
});

describe.each(engines)('transaction timeline with the simulators on %s', (engine) => {
  let kit: Kit;
  let owner: string;

  beforeAll(async () => {
    kit = await createKit(engine);
    owner = await adminLogin(kit);
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(() => kit.close());

  /** A signed-in admin of `role`: the role is read from the account on every call. */
  async function adminOf(role: 'support' | 'pricing'): Promise<string> {
    return (await kit.user({ role })).token;
  }

  it('a refused purchase: created, debited, the call and its 016-like refusal, refunded, told', async () => {
    const user = await kit.user({ funds: 5_000_00 });
    // The sandbox VTpass fails a number ending 0000 (its documented failure).
    const res = await kit.call(api.airtime, {
      token: user.token,
      body: { pin: PIN, phone_number: '08031230000', amount: 1000 },
    });
    expect(res.status).toBe(200);
    const id = res.body.message.transaction_id as string;
    const { transaction, events } = await timelineOf(kit, owner, id);
    expect(transaction.status).toBe('reversed');
    expect(inTimeOrder(events)).toBe(true);
    expect(story(events)).toEqual([
      'created',
      "ledger Debited for the purchase Customer's wallet -980",
      'ledger Debited for the purchase Provider float 980',
      'provider_call System failed',
      'status pending → failed',
      'status failed → reversed',
      "ledger Refunded Customer's wallet 980",
      'ledger Refunded Provider float -980',
    ]);
    const debit = events.find((e) => e.kind === 'ledger' && e.account === "Customer's wallet")!;
    // Naira on the wire.
    expect([debit.balance_before, debit.balance_after]).toEqual([5_000, 4_020]);
    const call = events.find((e) => e.kind === 'provider_call')!;
    expect(call.latency_ms).not.toBeNull();
    expect(JSON.parse(call.request!)).toMatchObject({ serviceId: 'mtn', phone: '08031230000' });
    // The refund's SMS (ADR 0081: it cannot be turned off) is listed, the number masked and
    // never its text.
    const texts = events.filter((e) => e.kind === 'sms');
    expect(texts.map((e) => e.title)).toEqual([
      expect.stringMatching(/^refunded to \+234 803 ••• \d{4}$/),
    ]);
    // The refund's e-mail is listed with its state.
    expect(events.filter((e) => e.kind === 'mail').map((e) => e.status)).toEqual([
      expect.stringMatching(/^(queued|sent)$/),
    ]);

    // The customer reads the statuses and the messages, nothing of the provider.
    const mine = await kit.call(api.myTransactionTimeline, { token: user.token, params: { id } });
    expect(mine.status).toBe(200);
    expect(
      mine.body.message
        .filter((e: { kind: string }) => e.kind === 'status')
        .map((e: { status: string }) => e.status),
    ).toEqual(['pending', 'failed', 'reversed']);
    expect(mine.body.message.some((e: { channel: string }) => e.channel === 'email')).toBe(true);
    expect(JSON.stringify(mine.body)).not.toMatch(/vtpass|sandbox|016|request/i);
    // Another customer's purchase is not found.
    const other = await kit.user();
    const theirs = await kit.call(api.myTransactionTimeline, {
      token: other.token,
      params: { id },
    });
    expect(theirs.status).toBe(404);
  });

  it('a failed-over purchase: refused by VTpass, moved, delivered by Flutterwave', async () => {
    const route = await kit.call(api.setProviderRoute, {
      token: owner,
      body: { key: 'airtime', providers: ['vtpass', 'flutterwave'] },
    });
    expect(route.status).toBe(200);
    const fault = await kit.call(api.devProviderFault, {
      body: { provider: 'vtpass', fault: 'refuse', count: 1 },
    });
    expect(fault.status).toBe(200);
    const user = await kit.user({ funds: 5_000_00 });
    const res = await kit.call(api.airtime, {
      token: user.token,
      body: { pin: PIN, phone_number: '08031234567', amount: 1000 },
    });
    expect(res.status).toBe(200);
    const id = res.body.message.transaction_id as string;
    const { transaction, events } = await timelineOf(kit, owner, id);
    expect(transaction.status).toBe('successful');
    expect(story(events)).toEqual([
      'created',
      "ledger Debited for the purchase Customer's wallet -980",
      'ledger Debited for the purchase Provider float 980',
      'provider_call System failed',
      'failover',
      'provider_call System successful',
      'status pending → successful',
    ]);
    const [first, second] = events.filter((e) => e.kind === 'provider_call');
    const hop = events.find((e) => e.kind === 'failover')!;
    expect(hop.title).toBe(`Moved from ${first!.provider} to ${second!.provider}`);
    expect(first!.provider).not.toBe(second!.provider);
    // Each provider was sent the purchase under a request id of its own.
    expect(JSON.parse(first!.request!).requestId).not.toBe(JSON.parse(second!.request!).requestId);
    await kit.call(api.setProviderRoute, {
      token: owner,
      body: { key: 'airtime', providers: ['vtpass'] },
    });
  });

  it('holds no secret: not the pin, not the provider keys, not a token or pins delivered', async () => {
    const user = await kit.user({ funds: 100_000_00 });
    const power = await kit.call(api.electricity, {
      token: user.token,
      body: {
        pin: PIN,
        service_id: 'ikeja-electric',
        variation_code: 'prepaid',
        meter_number: '45123455678',
        amount: 500,
      },
    });
    const exam = await kit.call(api.education, {
      token: user.token,
      body: { pin: PIN, service_id: 'waec', plan_id: 'waecdirect', quantity: 2 },
    });
    expect(power.body.message.token).toBeTruthy();
    expect(exam.body.message.purchased_code).toMatch(/Pin/);
    // Every serial and pin delivered (runs of six or more letters and digits, with a digit).
    const pins = (
      (exam.body.message.purchased_code as string).match(/[A-Za-z0-9]{6,}/g) ?? []
    ).filter((v) => /\d/.test(v));
    expect(pins.length).toBeGreaterThanOrEqual(4);
    const token = power.body.message.token as string;
    const secrets = [PIN, token, token.replace(/\D/g, ''), 'vt-api-key', 'SK_vt-secret', ...pins];
    for (const id of [power.body.message.transaction_id, exam.body.message.transaction_id]) {
      const text = JSON.stringify(await timelineOf(kit, owner, id as string));
      for (const secret of secrets) expect(text).not.toContain(secret);
      const stored = JSON.stringify(
        await kit.app.ctx.db
          .selectFrom('transaction_events')
          .selectAll()
          .where('transaction_id', '=', id as string)
          .execute(),
      );
      for (const secret of secrets) expect(stored).not.toContain(secret);
    }
  });

  it('a customer, and an admin whose role does not read transactions, are refused', async () => {
    const user = await kit.user({ funds: 5_000_00 });
    const res = await kit.call(api.airtime, {
      token: user.token,
      body: { pin: PIN, phone_number: '08031234567', amount: 1000 },
    });
    const id = res.body.message.transaction_id as string;
    const params = { id };
    expect((await kit.call(api.transactionTimeline, { token: user.token, params })).status).toBe(
      403,
    );
    const pricing = await adminOf('pricing');
    expect((await kit.call(api.transactionTimeline, { token: pricing, params })).status).toBe(403);
    const support = await adminOf('support');
    expect((await kit.call(api.transactionTimeline, { token: support, params })).status).toBe(200);
    expect(
      (await kit.call(api.transactionTimeline, { token: owner, params: { id: 'no-such-id' } }))
        .status,
    ).toBe(404);
  });

  it('a recording that fails never fails the money path beside it', async () => {
    const user = await kit.user({ funds: 5_000_00 });
    const res = await kit.call(api.airtime, {
      token: user.token,
      body: { pin: PIN, phone_number: '08031234567', amount: 1000 },
    });
    const id = res.body.message.transaction_id as string;
    // Inside a write transaction, an insert the database refuses (a time no column takes:
    // NOT NULL on SQLite, not a bigint on PostgreSQL, which would abort the whole transaction
    // without the savepoint) is dropped, and the change beside it commits.
    const before = await kit.app.ctx.db
      .selectFrom('transaction_events')
      .select('id')
      .where('transaction_id', '=', id)
      .execute();
    await kit.app.ctx.dbh.writeTx(async (trx) => {
      await recordEvent(kit.app.ctx, trx, { transactionId: id, kind: 'callback', at: Number.NaN });
      await trx
        .updateTable('transactions')
        .set({ plan: 'MTN (checked)' })
        .where('id', '=', id)
        .execute();
    });
    const after = await kit.app.ctx.db
      .selectFrom('transaction_events')
      .select('id')
      .where('transaction_id', '=', id)
      .execute();
    expect(after).toHaveLength(before.length);
    const row = await kit.app.ctx.db
      .selectFrom('transactions')
      .select('plan')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.plan).toBe('MTN (checked)');
  });
});

const HOUR = 3_600_000;
const PROCESSING: FakeReply = {
  // https://www.vtpass.com/documentation/response-codes/: 099 TRANSACTION IS PROCESSING.
  json: { code: '099', response_description: 'TRANSACTION IS PROCESSING' },
};

describe.each(engines)('transaction timeline with a processing VTpass on %s', (engine) => {
  let kit: Kit;
  let fake: FakeServer;
  let requeryReply: FakeReply = PROCESSING;

  beforeAll(async () => {
    fake = await startFakeServer();
    fake.handle(async (req) => {
      if (req.path === '/api/pay') return PROCESSING;
      if (req.path === '/api/requery') return requeryReply;
      return { status: 404, json: { status: 'error' } };
    });
    kit = await createKit(engine, {
      env: {
        ...LIVE_ENV,
        VTPASS_BASE_URL: `${fake.url}/api`,
        FLUTTERWAVE_BASE_URL: fake.url,
        PROVIDER_TIMEOUT_MS: '2000',
        PENDING_ALERT_HOURS: '24',
      },
    });
  });
  afterEach(async () => {
    vi.useRealTimers();
    requeryReply = PROCESSING;
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => {
    await kit.close();
    await fake.close();
  });

  async function pendingPurchase() {
    const user = await kit.user({ funds: 10_000_00 });
    const res = await kit.call(api.airtime, {
      token: user.token,
      body: { pin: PIN, phone_number: '08031235678', amount: 1000 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message.status).toBe('pending');
    const id = res.body.message.transaction_id as string;
    const row = await kit.app.ctx.db
      .selectFrom('transactions')
      .select('provider_request_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { user, id, requestId: row.provider_request_id! };
  }

  it('a purchase, its debit and its call in one millisecond read in the order they happened', async () => {
    const admin = (await kit.user({ admin: true })).token;
    // A fast machine records the purchase, commits its debit and sends the call within one
    // millisecond: Date stands still so they all share it.
    vi.useFakeTimers({ toFake: ['Date'] });
    const { id } = await pendingPurchase();
    const { events } = await timelineOf(kit, admin, id);
    expect(new Set(events.slice(0, 4).map((e) => e.at)).size).toBe(1);
    expect(story(events)).toEqual([
      'created',
      "ledger Debited for the purchase Customer's wallet -980",
      'ledger Debited for the purchase Provider float 980',
      'provider_call System pending',
    ]);
  });

  it("pending, then delivered on VTpass's callback: the call, the callback, its requery, delivered", async () => {
    const admin = (await kit.user({ admin: true })).token;
    const { id, requestId } = await pendingPurchase();
    // https://www.vtpass.com/documentation/transaction-update-webhook-api/: a hint, requeried.
    requeryReply = { json: requeryAnswer(requestId, 'delivered') };
    const hint = await kit.call(api.vtpassWebhook, { body: callbackFor(requestId, 'delivered') });
    expect(hint.status).toBe(200);
    const { transaction, events } = await timelineOf(kit, admin, id);
    expect(transaction.status).toBe('successful');
    expect(inTimeOrder(events)).toBe(true);
    expect(story(events)).toEqual([
      'created',
      "ledger Debited for the purchase Customer's wallet -980",
      'ledger Debited for the purchase Provider float 980',
      'provider_call System pending',
      'callback',
      'requery Provider callback successful',
      'status pending → successful',
    ]);
    const call = events.find((e) => e.kind === 'provider_call')!;
    expect([call.code, call.detail]).toEqual(['099', 'TRANSACTION IS PROCESSING']);
    const asked = events.find((e) => e.kind === 'requery')!;
    expect(asked.code).toBe('000 delivered');
    // The delivery's e-mail, after the status changed.
    const mails = events.filter((e) => e.kind === 'mail');
    expect(mails).toHaveLength(1);
    expect(events.indexOf(mails[0]!)).toBeGreaterThan(events.findIndex((e) => e.kind === 'status'));
  });

  it('pending for a day, then failed and refunded by an admin: who, why, the refund', async () => {
    const { id, requestId } = await pendingPurchase();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 25 * HOUR);
    const admin = await kit.user({ admin: true });
    // https://www.vtpass.com/documentation/re-query-services/: 016, the purchase failed.
    requeryReply = { json: requeryAnswer(requestId, 'failed', '016') };
    const failed = await kit.call(api.failPending, { token: admin.token, body: { id } });
    expect(failed.status, JSON.stringify(failed.body)).toBe(200);
    const { transaction, events } = await timelineOf(kit, admin.token, id);
    expect(transaction.status).toBe('reversed');
    expect(inTimeOrder(events)).toBe(true);
    expect(story(events)).toEqual([
      'created',
      "ledger Debited for the purchase Customer's wallet -980",
      'ledger Debited for the purchase Provider float 980',
      'provider_call System pending',
      'requery An admin failed',
      'status pending → reversed',
      "ledger Refunded Customer's wallet 980",
      'ledger Refunded Provider float -980',
      'audit',
    ]);
    const audit = events.find((e) => e.kind === 'audit')!;
    expect(audit.actor).toBe(admin.email);
    expect(audit.title).toBe('Failed and refunded a pending purchase');
    expect(audit.detail).toContain('status: pending → reversed');
    // A day passed between the call and the admin's requery.
    const call = events.find((e) => e.kind === 'provider_call')!;
    const asked = events.find((e) => e.kind === 'requery')!;
    expect(asked.at - call.at).toBeGreaterThanOrEqual(25 * HOUR - 60_000);
  });
});
