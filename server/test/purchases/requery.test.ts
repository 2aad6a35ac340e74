/**
 * The requery reads only the provider's verdict on the transaction: with the
 * real VTpass and Flutterwave bill-payment adapters against a fake upstream, a purchase left pending and then
 * requeried while the provider REFUSES the requery call (bad keys, bad arguments, request_id
 * date, rate limit, its own errors, unknown codes) stays pending and refunds nothing; the
 * provider's own verdict (failed, reversed, delivered) still settles it; and a purchase pending
 * past PENDING_ALERT_HOURS is flagged for an admin instead of being guessed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { systemBalance } from '../../src/wallet/ledger.ts';
import {
  startFakeServer,
  type FakeReply,
  type FakeServer,
} from '../../src/providers/testing/fake-http.ts';
import { runRequeryOnce } from '../../src/purchases/requery.ts';
import { createKit, engines, JWT_SECRET, LIVE_ENV, PIN, type Kit } from '../helper.ts';

const HOUR = 3_600_000;
/** Every requery due (the first waits PROVIDER_TIMEOUT_MS + 5 s for a real provider). */
const LATER = () => Date.now() + HOUR;

/** VTpass answers to /requery that refuse the call or say nothing about the purchase. */
const VTPASS_REFUSALS: [label: string, reply: FakeReply][] = [
  ...[
    '087',
    '010',
    '011',
    '012',
    '013',
    '017',
    '018',
    '019',
    '020',
    '021',
    '022',
    '023',
    '024',
    '030',
    '085',
    '014',
    '015',
    '044',
    '083',
    '089',
    '099',
    '777',
  ].map((code): [string, FakeReply] => [
    `code ${code}`,
    { json: { code, response_description: 'REFUSED' } },
  ]),
  ['HTTP 401', { status: 401, json: { code: '087', response_description: 'INVALID CREDENTIALS' } }],
  ['HTTP 429', { status: 429, text: 'Too Many Requests' }],
  ['HTTP 503', { status: 503, text: '<html>Service Unavailable</html>' }],
  ['a malformed body', { text: '{"code":"016","content":' }],
  ['000 without a transaction', { json: { code: '000' } }],
];

/**
 * Flutterwave answers to `GET /v3/bills/{reference}` that say nothing about the bill: every
 * `{ status: "error" }` refusal, the documented 503 timeout
 * (https://developer.flutterwave.com/docs/handling-error-timeouts), an unreadable body, and
 * the documented example answer, which carries no `data.status`
 * (https://flutterwaveinc.mintlify.app/api-reference/bill-payments/get-a-bill-payment-status).
 */
const FLUTTERWAVE_REFUSALS: [label: string, reply: FakeReply][] = [
  ...([400, 401, 403, 404, 409, 422, 429, 500, 503] as const).map((status): [string, FakeReply] => [
    `HTTP ${status} error`,
    { status, json: { status: 'error', message: 'An error occurred', data: null } },
  ]),
  ['a malformed body', { text: '{"status":"success","data":' }],
  [
    'a status answer without data.status',
    {
      json: {
        status: 'success',
        message: 'Bill status fetch successful',
        data: { amount: '500.00', flw_ref: '247837898415', tx_ref: 'CF-FLYAPI-1', extra: null },
      },
    },
  ],
];

describe.each(engines)('requery refusals on %s', (engine) => {
  let kit: Kit;
  let fake: FakeServer;
  /** What the fake upstream answers to a requery (the purchase call always says processing). */
  let requeryReply: FakeReply = { json: { code: '099' } };

  beforeAll(async () => {
    fake = await startFakeServer();
    kit = await createKit(engine, {
      // Real adapters mean live mode (ADR 0014): everything it asks for, with the fake upstream.
      env: {
        ...LIVE_ENV,
        VTPASS_BASE_URL: `${fake.url}/api`,
        FLUTTERWAVE_BASE_URL: fake.url,
        FLUTTERWAVE_BILLERS:
          'mtn-data=BIL108, glo-data=OPERATOR-GLO-DATA, airtel-data=OPERATOR-AIRTEL-DATA, etisalat-data=OPERATOR-9MOBILE-DATA, ' +
          'smile-direct=OPERATOR-SMILE, spectranet=OPERATOR-SPECTRANET',
        PROVIDER_ROUTES: 'airtime=vtpass, data=flutterwave',
        PROVIDER_TIMEOUT_MS: '2000',
        PENDING_ALERT_HOURS: '24',
        // Every purchase here is left unanswered on purpose (what the requery settles); the
        // breaker that would pause the provider after a few has its own tests (ADR 0052).
        PROVIDER_BREAKER_FAILURES: '1000',
      },
    });
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => {
    await kit.close();
    await fake.close();
  });

  function upstream() {
    fake.handle((req) => {
      if (req.path === '/api/pay') {
        return { json: { code: '099', response_description: 'TRANSACTION IS PROCESSING' } };
      }
      if (req.method === 'POST' && req.path.startsWith('/v3/billers/')) {
        // The documented timeout: the bill "could also be still processing".
        return {
          status: 503,
          json: { status: 'error', message: 'An error occurred. Please contact support' },
        };
      }
      return requeryReply;
    });
  }

  const float = () => systemBalance(kit.app.ctx.db, 'provider_float');

  async function row(id: string) {
    return kit.app.ctx.db
      .selectFrom('transactions')
      .select(['status', 'requery_attempts', 'next_requery_at', 'flagged_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  /** Buys through VTpass (airtime) or Flutterwave (data); the purchase call leaves it pending. */
  async function pendingPurchase(via: 'vtpass' | 'flutterwave') {
    upstream();
    const u = await kit.user({ funds: 10_000_00 });
    const res =
      via === 'vtpass'
        ? await kit.call(api.airtime, {
            token: u.token,
            body: { pin: PIN, phone_number: '08031235678', amount: 1000 },
          })
        : await kit.call(api.data, {
            token: u.token,
            body: {
              pin: PIN,
              service_id: 'mtn-data',
              plan_id: 'mtn-data-2-5gb-2d',
              phone_number: '08031235678',
            },
          });
    expect(res.status).toBe(200);
    expect(res.body.message.status).toBe('pending');
    const paid = via === 'vtpass' ? 980_00 : 600_00;
    expect(await kit.balance(u.id)).toBe(10_000_00 - paid);
    return { u, id: res.body.message.transaction_id as string, paid };
  }

  it.each(VTPASS_REFUSALS)(
    'VTpass requery answering %s: still pending, nothing refunded',
    async (_label, reply) => {
      const { u, id, paid } = await pendingPurchase('vtpass');
      const floatBefore = await float();
      requeryReply = reply;
      expect(await runRequeryOnce(kit.app.ctx, { now: LATER() })).toBe(0);
      expect(fake.requests.some((r) => r.path === '/api/requery')).toBe(true);
      const after = await row(id);
      expect(after.status).toBe('pending');
      // Backed off: asked again later, not at once.
      expect(Number(after.requery_attempts)).toBe(1);
      expect(Number(after.next_requery_at)).toBeGreaterThan(Date.now());
      expect(await kit.balance(u.id)).toBe(10_000_00 - paid);
      expect(await float()).toBe(floatBefore);
    },
  );

  it.each(FLUTTERWAVE_REFUSALS)(
    'Flutterwave bill status answering %s: still pending, nothing refunded',
    async (_label, reply) => {
      const { u, id, paid } = await pendingPurchase('flutterwave');
      requeryReply = reply;
      expect(await runRequeryOnce(kit.app.ctx, { now: LATER() })).toBe(0);
      expect(
        fake.requests.some((r) => r.path.startsWith('/v3/bills/') && r.query.get('verbose')),
      ).toBe(true);
      expect((await row(id)).status).toBe('pending');
      expect(await kit.balance(u.id)).toBe(10_000_00 - paid);
    },
  );

  it.each([
    ['VTpass 016', 'vtpass', { json: { code: '016', response_description: 'TRANSACTION FAILED' } }],
    [
      'VTpass 000 reversed',
      'vtpass',
      { json: { code: '000', content: { transactions: { status: 'reversed' } } } },
    ],
    [
      'Flutterwave failed',
      'flutterwave',
      {
        json: {
          status: 'success',
          message: 'Bill status fetch successful',
          data: { status: 'failed' },
        },
      },
    ],
  ] as const)(
    "the provider's own verdict (%s) still fails and refunds it, once",
    async (_label, via, reply) => {
      const { u, id } = await pendingPurchase(via);
      requeryReply = reply;
      // (Purchases left pending by the tests above are asked again too.)
      expect(await runRequeryOnce(kit.app.ctx, { now: LATER() })).toBeGreaterThanOrEqual(1);
      expect((await row(id)).status).toBe('reversed');
      expect(await kit.balance(u.id)).toBe(10_000_00);
      await runRequeryOnce(kit.app.ctx, { now: LATER() });
      expect(await kit.balance(u.id)).toBe(10_000_00);
    },
  );

  it('pending past PENDING_ALERT_HOURS is flagged for an admin, not refunded', async () => {
    const { u, id, paid } = await pendingPurchase('vtpass');
    requeryReply = { json: { code: '087', response_description: 'INVALID CREDENTIALS' } };
    await runRequeryOnce(kit.app.ctx, { now: LATER() });
    expect((await row(id)).flagged_at).toBeNull();
    const dayLater = Date.now() + 25 * HOUR;
    await runRequeryOnce(kit.app.ctx, { now: dayLater });
    const flagged = await row(id);
    expect(flagged.status).toBe('pending');
    expect(Number(flagged.flagged_at)).toBe(dayLater);
    expect(await kit.balance(u.id)).toBe(10_000_00 - paid);
    // Still asked about: when the provider answers, the flagged purchase settles.
    requeryReply = {
      json: { code: '000', content: { transactions: { status: 'delivered' } } },
    };
    await runRequeryOnce(kit.app.ctx, { now: dayLater + HOUR });
    expect((await row(id)).status).toBe('successful');
  });
});

describe('PENDING_ALERT_HOURS', () => {
  it('a bad value stops the start with a clear message', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'paybills-alert-'));
    try {
      const config = loadConfig(
        { DATA_DIR: dir, PENDING_ALERT_HOURS: 'soon', NODE_ENV: 'test' },
        { jwtSecret: JWT_SECRET, workers: false, webDir: undefined },
      );
      await expect(buildApp({ config, logger: false })).rejects.toThrow(
        'PENDING_ALERT_HOURS must be a number of hours above 0, e.g. 24.',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
