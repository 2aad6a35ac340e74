/**
 * The 24-hour decision on a pending purchase (ADR 0082): with the real VTpass adapter against a
 * fake upstream that leaves every purchase "processing", the requery worker asks at the
 * 24-hour mark and refunds on a definite failure or on "no record" (one answer is enough
 * then), settles a definite delivery, and otherwise marks the purchase overdue, tells the
 * customer by a notice and an SMS, lists it first for the admins and counts it in /metrics.
 * A second run changes nothing; a decision racing VTpass's late callback settles once.
 *
 * Time: the purchase is made now, then Date alone is moved on (vi.setSystemTime): the worker
 * reads that clock, so "24 hours" is decided by the clock we set, never by how long a test
 * took. The pure decision and the back-off table are tested first, without a database.
 *
 * The VTpass answers are those of https://www.vtpass.com/documentation/response-codes/ (016
 * TRANSACTION FAILED, 015 INVALID REQUEST ID "returned for a requery operation. This
 * RequestID was not used on our platform.", 099 TRANSACTION IS PROCESSING, 000 with
 * content.transactions.status) as https://www.vtpass.com/documentation/re-query-services/
 * returns them.
 */
import { api } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  startFakeServer,
  type FakeReply,
  type FakeServer,
} from '../../src/providers/testing/fake-http.ts';
import { callbackFor, requeryAnswer } from '../../src/providers/testing/vtpass-fixtures.ts';
import {
  decideAt24Hours,
  DECISION_AGE_MS,
  lastAnswerOf,
  overdueSmsText,
  type LastAnswer,
} from '../../src/purchases/pending-decision.ts';
import { nextRequeryAt, REQUERY_BACKOFF_MS, runRequeryOnce } from '../../src/purchases/requery.ts';
import { createKit, engines, LIVE_ENV, PIN, type Kit, type TestUser } from '../helper.ts';

const HOUR = 3_600_000;
const FUNDS = 10_000_00;
const T0 = 1_900_000_000_000;

// https://www.vtpass.com/documentation/response-codes/: 099, 016, 015; 000 with a status.
const PROCESSING: FakeReply = {
  json: { code: '099', response_description: 'TRANSACTION IS PROCESSING' },
};
const FAILED: FakeReply = { json: { code: '016', response_description: 'TRANSACTION FAILED' } };
const NO_RECORD: FakeReply = {
  json: { code: '015', response_description: 'INVALID REQUEST ID' },
};
const DELIVERED: FakeReply = {
  json: { code: '000', content: { transactions: { status: 'delivered' } } },
};
const UNREACHABLE: FakeReply = { status: 503, text: '<html>Service Unavailable</html>' };

describe('the 24-hour decision (pure)', () => {
  const facts = { status: 'pending', createdAt: T0, overdueAt: null, providerWindowMs: 30_000 };
  const at24 = T0 + DECISION_AGE_MS;

  it.each<[LastAnswer, string]>([
    ['delivered', 'deliver'],
    ['failed', 'refund'],
    ['no_record', 'refund'],
    ['processing', 'overdue'],
    ['no_answer', 'overdue'],
  ])('at 24 hours, a last answer %s → %s', (last, decision) => {
    expect(decideAt24Hours(facts, last, at24)).toBe(decision);
  });

  it('before 24 hours it is not yet decided; a settled purchase is never decided', () => {
    for (const last of ['delivered', 'failed', 'no_record', 'processing', 'no_answer'] as const) {
      expect(decideAt24Hours(facts, last, at24 - 1)).toBe('not_yet');
      expect(decideAt24Hours({ ...facts, status: 'reversed' }, last, at24)).toBe('nothing');
    }
  });

  it('an overdue purchase still undecided is left as it is (a second run tells no one)', () => {
    const overdue = { ...facts, overdueAt: at24 };
    expect(decideAt24Hours(overdue, 'processing', at24 + HOUR)).toBe('nothing');
    expect(decideAt24Hours(overdue, 'no_answer', at24 + HOUR)).toBe('nothing');
    // The provider's answer, when it comes, still decides it.
    expect(decideAt24Hours(overdue, 'delivered', at24 + HOUR)).toBe('deliver');
    expect(decideAt24Hours(overdue, 'failed', at24 + HOUR)).toBe('refund');
  });

  it('"no record" inside the provider\'s window proves nothing, even at 24 hours', () => {
    const longWindow = { ...facts, providerWindowMs: DECISION_AGE_MS + HOUR };
    expect(decideAt24Hours(longWindow, 'no_record', at24)).toBe('overdue');
  });

  it("reads an adapter outcome as the decision's last answer", () => {
    expect(lastAnswerOf({ status: 'pending', callFailed: true })).toBe('no_answer');
    expect(lastAnswerOf({ status: 'pending', unknownRequest: true })).toBe('no_record');
    expect(lastAnswerOf({ status: 'pending' })).toBe('processing');
    expect(lastAnswerOf({ status: 'successful' })).toBe('delivered');
    expect(lastAnswerOf({ status: 'failed' })).toBe('failed');
  });

  it('the back-off table steps 5 s … 10 min, and never past the 24-hour mark', () => {
    expect(REQUERY_BACKOFF_MS).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 600_000,
    ]);
    expect(nextRequeryAt(1, T0 + HOUR, T0)).toBe(T0 + HOUR + 10_000);
    expect(nextRequeryAt(7, T0 + HOUR, T0)).toBe(T0 + HOUR + 600_000);
    expect(nextRequeryAt(50, T0 + HOUR, T0)).toBe(T0 + HOUR + 600_000);
    // Five minutes before the mark, a 10-minute step is cut to the mark itself.
    expect(nextRequeryAt(9, at24 - 5 * 60_000, T0)).toBe(at24);
    // Past the mark (overdue, still asked): every 10 minutes.
    expect(nextRequeryAt(9, at24 + 1, T0)).toBe(at24 + 1 + 600_000);
  });

  it('the SMS is one plain page: still checked, no double payment, delivered or refunded', () => {
    const text = overdueSmsText({ product: 'Airtime', paid_amount: 980_00 });
    expect(text).toBe(
      'PayBills: your NGN980 Airtime purchase is still being checked. No need to pay again: we will deliver it or refund you.',
    );
    expect(text.length).toBeLessThanOrEqual(160);
  });
});

describe.each(engines)('the 24-hour decision on %s', (engine) => {
  let kit: Kit;
  let fake: FakeServer;
  let requeryReply: FakeReply = PROCESSING;
  /** Runs while a requery about `whileAskedFor` is at the provider, before it answers. */
  let whileAsked: (() => Promise<void>) | undefined;
  let whileAskedFor: string | undefined;

  beforeAll(async () => {
    fake = await startFakeServer();
    fake.handle(async (req) => {
      if (req.path === '/api/pay') return PROCESSING;
      if (req.path !== '/api/requery') return { status: 404, json: { status: 'error' } };
      const about = (req.body as { request_id?: unknown } | undefined)?.request_id;
      const reply = requeryReply;
      if (whileAskedFor !== undefined && about === whileAskedFor && whileAsked) {
        const during = whileAsked;
        whileAsked = undefined;
        await during();
      }
      return reply;
    });
    kit = await createKit(engine, {
      env: {
        ...LIVE_ENV,
        VTPASS_BASE_URL: `${fake.url}/api`,
        FLUTTERWAVE_BASE_URL: fake.url,
        PROVIDER_TIMEOUT_MS: '2000',
        // The admins' alert later than the regulator's clock: overdue here is the decision's.
        PENDING_ALERT_HOURS: '48',
      },
    });
  });
  afterEach(async () => {
    vi.useRealTimers();
    requeryReply = PROCESSING;
    whileAsked = undefined;
    whileAskedFor = undefined;
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => {
    await kit.close();
    await fake.close();
  });

  type Bought = { user: TestUser; id: string; paid: number; requestId: string };

  /** ₦1,000 of airtime for ₦980, left pending by the provider, made at the clock's now. */
  async function pendingPurchase(): Promise<Bought> {
    const user = await kit.user({ funds: FUNDS });
    const res = await kit.call(api.airtime, {
      token: user.token,
      body: { pin: PIN, phone_number: '08031235678', amount: 1000 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message.status).toBe('pending');
    const id = res.body.message.transaction_id as string;
    const r = await kit.app.ctx.db
      .selectFrom('transactions')
      .select('provider_request_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return {
      user,
      id,
      paid: FUNDS - (await kit.balance(user.id)),
      requestId: r.provider_request_id!,
    };
  }

  /** Moves Date (only) to `ms` after now. */
  function later(ms: number) {
    if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + ms);
  }

  async function row(id: string) {
    return kit.app.ctx.db
      .selectFrom('transactions')
      .select(['status', 'overdue_at', 'next_requery_at', 'response_msg'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }
  const noticesOf = (id: string) =>
    kit.app.ctx.db
      .selectFrom('notices')
      .select(['kind', 'title', 'amount'])
      .where('transaction_id', '=', id)
      .orderBy('id')
      .execute();
  /** The overdue SMS of a purchase (other events' SMS have their own keys). */
  const smsOf = (id: string) =>
    kit.app.ctx.db
      .selectFrom('sms_outbox')
      .select(['event_key', 'to_number', 'body', 'status'])
      .where('event_key', '=', `overdue:${id}`)
      .execute();

  /** A gauge as a scrape of /metrics reads it. */
  async function gauge(line: string): Promise<number> {
    const text = await kit.app.ctx.metrics.registry.metrics();
    const escaped = line.replace(/[{}"]/g, (c) => `\\${c}`);
    const found = new RegExp(`^${escaped} (\\d+)$`, 'm').exec(text);
    expect(found, line).not.toBeNull();
    return Number(found![1]);
  }

  it('a definite failure at 24 hours refunds it, and the customer is told the refund', async () => {
    const { user, id } = await pendingPurchase();
    later(DECISION_AGE_MS);
    requeryReply = FAILED;
    await runRequeryOnce(kit.app.ctx);
    expect((await row(id)).status).toBe('reversed');
    expect(await kit.balance(user.id)).toBe(FUNDS);
    expect((await noticesOf(id)).map((n) => n.kind)).toEqual(['refunded']);
    expect((await row(id)).overdue_at).toBeNull();
  });

  it('"no record" (VTpass 015) at 24 hours refunds it on one answer', async () => {
    const { user, id } = await pendingPurchase();
    // An hour in, one "no record" is not enough (ADR 0038: two, a minute apart).
    later(HOUR);
    requeryReply = NO_RECORD;
    await runRequeryOnce(kit.app.ctx);
    expect((await row(id)).status).toBe('pending');
    const fresh = await pendingPurchase();
    later(DECISION_AGE_MS);
    await runRequeryOnce(kit.app.ctx);
    expect((await row(fresh.id)).status).toBe('reversed');
    expect((await row(fresh.id)).response_msg).toBe(
      'The provider has no record of this purchase 24 hours after it was made: it was never made.',
    );
    expect(await kit.balance(fresh.user.id)).toBe(FUNDS);
    // (The first, asked again a day on, is refunded too, by the two-answers rule.)
    expect(await kit.balance(user.id)).toBe(FUNDS);
  });

  it('a definite delivery at 24 hours settles it delivered', async () => {
    const { user, id, paid } = await pendingPurchase();
    later(DECISION_AGE_MS);
    requeryReply = DELIVERED;
    await runRequeryOnce(kit.app.ctx);
    expect((await row(id)).status).toBe('successful');
    expect(await kit.balance(user.id)).toBe(FUNDS - paid);
    expect((await noticesOf(id)).map((n) => n.kind)).toEqual(['purchased']);
  });

  it.each([
    ['still processing (099)', PROCESSING],
    ['no answer (HTTP 503)', UNREACHABLE],
  ])(
    'undecided at 24 hours, %s: overdue, told once by notice and SMS, listed first, counted',
    async (_label, reply) => {
      const overdueBefore = await gauge('paybills_pending_purchases_overdue');
      // An older purchase the worker is not asking now (its next requery is days away).
      const older = await pendingPurchase();
      await kit.app.ctx.db
        .updateTable('transactions')
        .set({ next_requery_at: Date.now() + 100 * HOUR })
        .where('id', '=', older.id)
        .execute();
      later(60_000);
      const { user, id, paid } = await pendingPurchase();
      later(DECISION_AGE_MS);
      requeryReply = reply;
      // Not a minute early: the back-off brought the requery to the mark itself.
      await runRequeryOnce(kit.app.ctx);
      const decided = await row(id);
      expect(decided.status).toBe('pending');
      expect(Number(decided.overdue_at)).toBe(Date.now());
      expect(await kit.balance(user.id)).toBe(FUNDS - paid);
      expect(await noticesOf(id)).toEqual([
        {
          kind: 'overdue',
          title: 'Your Airtime purchase is still being checked: no need to pay again',
          amount: null,
        },
      ]);
      expect(await smsOf(id)).toEqual([
        {
          event_key: `overdue:${id}`,
          to_number: '2348031234567',
          body: 'PayBills: your NGN980 Airtime purchase is still being checked. No need to pay again: we will deliver it or refund you.',
          status: 'queued',
        },
      ]);
      expect(await gauge('paybills_pending_purchases_overdue')).toBe(overdueBefore + 1);
      // The older one is past 24 h (this one is exactly at it); both are past 30 s.
      expect(
        await gauge('paybills_pending_purchases_older_than{age="24h"}'),
      ).toBeGreaterThanOrEqual(1);
      expect(
        await gauge('paybills_pending_purchases_older_than{age="30s"}'),
      ).toBeGreaterThanOrEqual(2);

      // The admins' list: overdue first (before the older one, not overdue at a 48 h alert).
      const admin = await kit.user({ admin: true });
      const res = await kit.call(api.pendingPurchases, {
        token: admin.token,
        query: { limit: '100' },
      });
      expect(res.status).toBe(200);
      const items = res.body.message as { transaction_id: string; overdue: boolean }[];
      const mine = items.findIndex((p) => p.transaction_id === id);
      const theOlder = items.findIndex((p) => p.transaction_id === older.id);
      expect(items[mine]?.overdue).toBe(true);
      expect(items[theOlder]?.overdue).toBe(false);
      expect(mine).toBeLessThan(theOlder);
      expect(items.slice(0, mine).every((p) => p.overdue)).toBe(true);

      // A second decision run: nothing new, told no one again.
      later(HOUR);
      await runRequeryOnce(kit.app.ctx);
      expect(Number((await row(id)).overdue_at)).toBe(Number(decided.overdue_at));
      expect(await noticesOf(id)).toHaveLength(1);
      expect(await smsOf(id)).toHaveLength(1);
      expect(await kit.balance(user.id)).toBe(FUNDS - paid);

      // Still asked: the provider's delivery, when it comes, settles it and tells them.
      requeryReply = DELIVERED;
      later(HOUR);
      await runRequeryOnce(kit.app.ctx);
      expect((await row(id)).status).toBe('successful');
      expect((await noticesOf(id)).map((n) => n.kind)).toEqual(['overdue', 'purchased']);
      expect(await gauge('paybills_pending_purchases_overdue')).toBe(overdueBefore);
      // Leaves nothing due for the next test.
      await kit.app.ctx.db
        .updateTable('transactions')
        .set({ next_requery_at: Date.now() + 1_000 * HOUR })
        .where('id', '=', older.id)
        .execute();
    },
  );

  it("a refund at 24 hours racing VTpass's late callback refunds once", async () => {
    const { user, id, requestId } = await pendingPurchase();
    later(DECISION_AGE_MS);
    requeryReply = FAILED;
    whileAskedFor = requestId;
    whileAsked = async () => {
      // The callback's own requery (it is only a hint) hears "failed" too, and settles first.
      const hint = await kit.call(api.vtpassWebhook, {
        body: callbackFor(requestId, 'reversed'),
      });
      expect(hint.status).toBe(200);
    };
    await runRequeryOnce(kit.app.ctx);
    expect(whileAsked).toBeUndefined();
    expect((await row(id)).status).toBe('reversed');
    expect(await kit.balance(user.id)).toBe(FUNDS);
    expect((await noticesOf(id)).map((n) => n.kind)).toEqual(['refunded']);
    expect(await smsOf(id)).toEqual([]);
  });

  it('an overdue decision racing a late delivery settles it delivered, told no overdue', async () => {
    const { user, id, paid, requestId } = await pendingPurchase();
    later(DECISION_AGE_MS);
    requeryReply = PROCESSING;
    whileAskedFor = requestId;
    whileAsked = async () => {
      // The worker heard "processing"; VTpass's callback then says delivered, and its
      // requery hears it.
      requeryReply = { json: requeryAnswer(requestId, 'delivered') };
      const hint = await kit.call(api.vtpassWebhook, {
        body: callbackFor(requestId, 'delivered'),
      });
      expect(hint.status).toBe(200);
    };
    await runRequeryOnce(kit.app.ctx);
    expect(whileAsked).toBeUndefined();
    const settled = await row(id);
    expect(settled.status).toBe('successful');
    expect(settled.overdue_at).toBeNull();
    expect(await kit.balance(user.id)).toBe(FUNDS - paid);
    expect((await noticesOf(id)).map((n) => n.kind)).toEqual(['purchased']);
    expect(await smsOf(id)).toEqual([]);
  });
});
