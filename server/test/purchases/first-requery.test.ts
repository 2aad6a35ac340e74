/**
 * The first requery of a purchase in live mode (ADR 0092; the regulator's clock, ADR 0082: a
 * failed airtime or data purchase is refunded within 30 seconds). The first requery waits out
 * the purchase call's in-flight window (PROVIDER_TIMEOUT_MS + 5 s: 35 s by default) only while
 * the call may still be in flight; once the provider has ANSWERED "pending" it is asked again
 * 5 s after that answer. With the real VTpass and Flutterwave bill adapters against a fake
 * upstream and Date frozen (vi.setSystemTime): the worker is run a second at a time, as it
 * runs every 2 s.
 *
 * Provider answers, from their public docs:
 * - VTpass 099 TRANSACTION IS PROCESSING ("you should requery using your requestID") and 016
 *   TRANSACTION FAILED: https://www.vtpass.com/documentation/response-codes/, asked through
 *   https://www.vtpass.com/documentation/re-query-services/.
 * - Flutterwave's create-bill envelope (https://developer.flutterwave.com/docs/making-payments/bill-payments)
 *   saying it is processing, not "Bill payment successful" with code 200 (the adapter reads
 *   that as pending), and the verbose bill status `data.status` "failed"
 *   (https://flutterwaveinc.mintlify.app/api-reference/bill-payments/get-a-bill-payment-status).
 */
import { api } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import {
  startFakeServer,
  type FakeReply,
  type FakeServer,
} from '../../src/providers/testing/fake-http.ts';
import {
  REQUERY_FIRST_MS,
  requerySoonAfterAnswer,
  runRequeryOnce,
} from '../../src/purchases/requery.ts';
import { createKit, engines, LIVE_ENV, PIN, type Kit } from '../helper.ts';

const FUNDS = 10_000_00;
const REFUND_WITHIN_MS = 30_000;

const VTPASS_PROCESSING: FakeReply = {
  json: { code: '099', response_description: 'TRANSACTION IS PROCESSING' },
};
const VTPASS_FAILED: FakeReply = {
  json: { code: '016', response_description: 'TRANSACTION FAILED' },
};
const FLUTTERWAVE_PROCESSING: FakeReply = {
  json: {
    status: 'success',
    message: 'Bill payment is processing',
    data: {
      phone_number: '08031235678',
      amount: 600,
      network: 'MTN',
      code: '202',
      tx_ref: 'CF-FLYAPI-20261202133700000001',
      reference: '247837898415',
      batch_reference: null,
      recharge_token: null,
      fee: 0,
    },
  },
};
const flutterwaveStatus = (status: string): FakeReply => ({
  json: {
    status: 'success',
    message: 'Bill status fetch successful',
    data: {
      currency: 'NGN',
      customer_id: '08031235678',
      amount: '600.00',
      flw_ref: '247837898415',
      tx_ref: 'CF-FLYAPI-20261202133700000001',
      status,
      extra: null,
    },
  },
});

describe.each(engines)('the first requery in live mode on %s', (engine) => {
  let fake: FakeServer;
  /** Live mode as shipped: PROVIDER_TIMEOUT_MS 30 s, so the in-flight window is 35 s. */
  let kit: Kit;
  /** Live mode with a 1 s time-out, so a hanging purchase call times out in a test. */
  let impatient: Kit;
  /** What the upstream says to a purchase call (a delay past 1 s is a time-out for `impatient`). */
  let payReply: FakeReply = VTPASS_PROCESSING;
  /** What it says to each requery, in turn (the last one from then on). */
  let requeryReplies: FakeReply[] = [VTPASS_PROCESSING, VTPASS_FAILED];
  /** Requeries received, by request id (VTpass `request_id`, Flutterwave's path reference). */
  const askedAbout = new Map<string, number>();

  const liveEnv = (timeoutMs?: string) => ({
    ...LIVE_ENV,
    VTPASS_BASE_URL: `${fake.url}/api`,
    FLUTTERWAVE_BASE_URL: fake.url,
    FLUTTERWAVE_BILLERS:
      'mtn-data=BIL108, glo-data=OPERATOR-GLO-DATA, airtel-data=OPERATOR-AIRTEL-DATA, etisalat-data=OPERATOR-9MOBILE-DATA, ' +
      'smile-direct=OPERATOR-SMILE, spectranet=OPERATOR-SPECTRANET',
    PROVIDER_ROUTES: 'airtime=vtpass, data=flutterwave',
    ...(timeoutMs ? { PROVIDER_TIMEOUT_MS: timeoutMs } : {}),
    PROVIDER_BREAKER_FAILURES: '1000',
  });

  beforeAll(async () => {
    fake = await startFakeServer();
    fake.handle((req) => {
      const isPay =
        req.path === '/api/pay' || (req.method === 'POST' && req.path.startsWith('/v3/billers/'));
      if (isPay) return payReply;
      if (req.path === '/api/requery' || req.path.startsWith('/v3/bills/')) {
        const about =
          req.path === '/api/requery'
            ? String((req.body as { request_id?: unknown } | undefined)?.request_id)
            : decodeURIComponent(req.path.slice('/v3/bills/'.length));
        const n = askedAbout.get(about) ?? 0;
        askedAbout.set(about, n + 1);
        return requeryReplies[Math.min(n, requeryReplies.length - 1)]!;
      }
      return { status: 404, json: { status: 'error' } };
    });
    kit = await createKit(engine, { env: liveEnv() });
    impatient = await createKit(engine, { env: liveEnv('1000') });
  });
  afterEach(async () => {
    vi.useRealTimers();
    payReply = VTPASS_PROCESSING;
    requeryReplies = [VTPASS_PROCESSING, VTPASS_FAILED];
    expect(await kit.invariants()).toEqual([]);
    expect(await impatient.invariants()).toEqual([]);
  });
  afterAll(async () => {
    await kit?.close();
    await impatient?.close();
    await fake.close();
  });

  /** Freezes Date at the real now: every row is stamped with this time until it is moved. */
  function freeze(): number {
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    return now;
  }

  async function row(on: Kit, id: string) {
    return on.app.ctx.db
      .selectFrom('transactions')
      .select([
        'status',
        'created_at',
        'updated_at',
        'next_requery_at',
        'requery_attempts',
        'provider_request_id',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }
  /** How many requeries the upstream received about this purchase. */
  const asked = async (on: Kit, id: string) =>
    askedAbout.get((await row(on, id)).provider_request_id ?? '') ?? 0;

  /** Buys ₦1,000 of airtime (VTpass) or a ₦600 MTN data plan (Flutterwave), answered pending. */
  async function buy(on: Kit, via: 'vtpass' | 'flutterwave') {
    const user = await on.user({ funds: FUNDS });
    const res =
      via === 'vtpass'
        ? await on.call(api.airtime, {
            token: user.token,
            body: { pin: PIN, phone_number: '08031235678', amount: 1000 },
          })
        : await on.call(api.data, {
            token: user.token,
            body: {
              pin: PIN,
              service_id: 'mtn-data',
              plan_id: 'mtn-data-2-5gb-2d',
              phone_number: '08031235678',
            },
          });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message.status).toBe('pending');
    expect(await on.balance(user.id)).toBeLessThan(FUNDS);
    return { user, id: res.body.message.transaction_id as string };
  }

  /**
   * Runs the worker once a second (Date moved on each time) from the purchase to `untilMs`
   * after it, stopping once the purchase is final. Answers when it became final, or null.
   */
  async function workerUntil(on: Kit, id: string, madeAt: number, untilMs: number) {
    for (let t = 1_000; t <= untilMs; t += 1_000) {
      vi.setSystemTime(madeAt + t);
      await runRequeryOnce(on.app.ctx);
      const r = await row(on, id);
      if (r.status !== 'pending') return Number(r.updated_at) - Number(r.created_at);
    }
    return null;
  }

  it.each([
    ['VTpass airtime (099, then 099, then 016)', 'vtpass'],
    ['Flutterwave data (processing, then pending, then failed)', 'flutterwave'],
  ] as const)('answered pending then failed: %s is refunded within 30 s', async (_label, via) => {
    if (via === 'flutterwave') {
      payReply = FLUTTERWAVE_PROCESSING;
      requeryReplies = [flutterwaveStatus('pending'), flutterwaveStatus('failed')];
    }
    const madeAt = freeze();
    const { user, id } = await buy(kit, via);
    // The provider answered: the call is over, so the first requery is 5 s after the answer.
    expect(Number((await row(kit, id)).next_requery_at)).toBe(madeAt + REQUERY_FIRST_MS);
    const tookMs = await workerUntil(kit, id, madeAt, REFUND_WITHIN_MS);
    expect(tookMs, 'refunded by 30 s').not.toBeNull();
    expect(tookMs!).toBeLessThanOrEqual(REFUND_WITHIN_MS);
    // Asked at 5 s (still pending), then 10 s later (ADR 0082's back-off): failed, refunded.
    expect(tookMs).toBe(15_000);
    expect((await row(kit, id)).status).toBe('reversed');
    expect(await kit.balance(user.id)).toBe(FUNDS);
    expect(await asked(kit, id)).toBe(2);
  });

  it('timed out then failed: the first requery still waits out the in-flight window', async () => {
    // The purchase call hangs past PROVIDER_TIMEOUT_MS (1 s): no answer, it may still arrive.
    payReply = { ...VTPASS_PROCESSING, delayMs: 2_500 };
    requeryReplies = [VTPASS_FAILED];
    const madeAt = freeze();
    const { user, id } = await buy(impatient, 'vtpass');
    const windowEnds = madeAt + 1_000 + REQUERY_FIRST_MS;
    expect(Number((await row(impatient, id)).next_requery_at)).toBe(windowEnds);
    // Not asked before the window ends (Date stood still through the call: an "answer + 5 s"
    // rule would have asked at 5 s).
    expect(await workerUntil(impatient, id, madeAt, 5_000)).toBeNull();
    expect(await asked(impatient, id)).toBe(0);
    expect(Number((await row(impatient, id)).requery_attempts)).toBe(0);
    vi.setSystemTime(windowEnds);
    await runRequeryOnce(impatient.app.ctx);
    expect(await asked(impatient, id)).toBe(1);
    expect((await row(impatient, id)).status).toBe('reversed');
    expect(await impatient.balance(user.id)).toBe(FUNDS);
  });

  it('an unreadable answer is no answer: it waits out the window too', async () => {
    payReply = { text: '{"code":"099","content":' };
    requeryReplies = [VTPASS_FAILED];
    const madeAt = freeze();
    const { id } = await buy(kit, 'vtpass');
    expect(Number((await row(kit, id)).next_requery_at)).toBe(madeAt + 30_000 + REQUERY_FIRST_MS);
    expect(await workerUntil(kit, id, madeAt, 34_000)).toBeNull();
    expect(await asked(kit, id)).toBe(0);
    vi.setSystemTime(madeAt + 35_000);
    await runRequeryOnce(kit.app.ctx);
    expect((await row(kit, id)).status).toBe('reversed');
  });

  it('two workers due at once ask once: the claim holds its lease, never shortened', async () => {
    requeryReplies = [VTPASS_PROCESSING];
    const madeAt = freeze();
    const { id } = await buy(kit, 'vtpass');
    vi.setSystemTime(madeAt + REQUERY_FIRST_MS);
    // Two instances on the one database, their passes at the same moment (PostgreSQL: SKIP
    // LOCKED; SQLite: the guarded claim).
    const other = await buildApp({ config: kit.config, logger: false });
    try {
      await Promise.all([runRequeryOnce(kit.app.ctx), runRequeryOnce(other.ctx)]);
    } finally {
      await other.close();
    }
    expect(await asked(kit, id)).toBe(1);
    const after = await row(kit, id);
    expect(Number(after.requery_attempts)).toBe(1);
    // A late "pending" answer (a claimed purchase) never brings its requery forward.
    const claimedUntil = Number(after.next_requery_at);
    const moved = await requerySoonAfterAnswer(
      kit.app.ctx,
      id,
      { status: 'pending', message: 'VTpass 099 TRANSACTION IS PROCESSING' },
      madeAt,
    );
    expect(moved).toBe(false);
    expect(Number((await row(kit, id)).next_requery_at)).toBe(claimedUntil);
  });
});
