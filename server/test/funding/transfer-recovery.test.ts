/**
 * Bank transfers cannot be lost (ADR 0039), through the real Flutterwave
 * transfer adapter against a loopback Flutterwave (fake-http.ts) that answers as Flutterwave's
 * documentation shows (each answer cites its page):
 * - both webhook shapes credit, once: `{ event, data }` and the older flat one (top-level
 *   `id`, `txRef`, `orderRef`, `"event.type": "BANK_TRANSFER_TRANSACTION"`);
 * - a verification that is not a definite answer (5xx, 429, unreadable, still pending)
 *   answers non-2xx so Flutterwave retries, and credits nothing; the poller then credits the
 *   transfer once, and a replayed webhook credits nothing more;
 * - the reconciliation reports a transfer seen at the provider and not credited;
 * - the account name shown is the account's name, not the provider's instruction `note`.
 * Ledger invariants after every test.
 */
import { randomInt } from 'node:crypto';
import { api } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFlutterwaveTransferProvider } from '../../src/providers/flutterwave-transfers.ts';
import {
  type FakeReply,
  type FakeRequest,
  type FakeServer,
  startFakeServer,
} from '../../src/providers/testing/fake-http.ts';
import { pollTransfers } from '../../src/funding/transfers.ts';
import { adminLogin, createKit, engines, type Kit, type TestUser, WEBHOOK_HASH } from '../helper.ts';

const BVN = '22212345678';
const HOUR = 3_600_000;

/** A transaction as `GET /v3/transactions/{id}/verify` answers it (`data`). */
interface FlwTransaction {
  id: number;
  tx_ref: string;
  flw_ref: string;
  amount: number;
  currency: string;
  charged_amount: number;
  app_fee: number;
  status: string;
  payment_type: string;
  created_at: string;
  meta?: Record<string, string>;
  customer: Record<string, unknown>;
}

/**
 * Flutterwave's v3 API as documented, with per-call faults for the tests.
 * - `POST /v3/virtual-account-numbers`: Flutterwave Node-v3 SDK, documentation/virtualAccount.md
 *   ("Create a virtual account number", sample response: `note: "Please make a bank transfer
 *   to …"`, no account-name field); developer.flutterwave.com/docs/ngn-virtual-accounts.
 * - `GET /v3/transactions/{id}/verify`: developer.flutterwave.com/reference/endpoints/transactions
 *   ("Verify a transaction") and its bank-transfer sample at
 *   flutterwaveinc.mintlify.app/api-reference/transactions/verify-a-transaction
 *   (`payment_type: "bank_transfer"`, `meta.originatorname`, `meta.bankname`). An unknown id:
 *   HTTP 400 `{ status: "error", message: "No transaction was found for this id" }`.
 * - `GET /v3/transactions?from&to&page&status&tx_ref`: Node-v3 documentation/transactions.md
 *   ("Get all transactions": `from`/`to` as YYYY-MM-DD, `meta.page_info.total_pages`) and
 *   flutterwaveinc.mintlify.app/api-reference/transactions/get-multiple-transactions (ten a page).
 */
function simulatedFlutterwave(fake: FakeServer) {
  const transactions = new Map<number, FlwTransaction>();
  const faults: { verify?: FakeReply; list?: FakeReply } = {};
  let nextId = 4_975_000 + randomInt(1000) * 1000;
  const PAGE = 10;

  const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

  function handler(req: FakeRequest): FakeReply {
    if (req.headers.authorization !== 'Bearer FLWSECK_TEST-recovery') {
      return { status: 401, json: { status: 'error', message: 'Invalid authorization key' } };
    }
    if (req.method === 'POST' && req.path === '/v3/virtual-account-numbers') {
      const body = req.body as Record<string, string>;
      return {
        json: {
          status: 'success',
          message: 'Virtual account created',
          data: {
            response_code: '02',
            response_message: 'Transaction in progress',
            flw_ref: 'FLW-da93010f630240a7978e893af92fed62',
            order_ref: `URF_${body.tx_ref}`,
            account_number: `78${String(randomInt(1e8)).padStart(8, '0')}`,
            frequency: 'N/A',
            bank_name: 'WEMA BANK',
            created_at: '2021-02-15 16:27:22',
            expiry_date: 'N/A',
            note: `Please make a bank transfer to ${body.narration} FLW`,
            amount: null,
          },
        },
      };
    }
    const verify = /^\/v3\/transactions\/([^/]+)\/verify$/.exec(req.path);
    if (req.method === 'GET' && verify) {
      if (faults.verify) return faults.verify;
      const t = transactions.get(Number(verify[1]));
      if (!t) {
        return {
          status: 400,
          json: { status: 'error', message: 'No transaction was found for this id', data: null },
        };
      }
      return { json: { status: 'success', message: 'Transaction fetched successfully', data: t } };
    }
    if (req.method === 'GET' && req.path === '/v3/transactions') {
      if (faults.list) return faults.list;
      const from = day(req.query.get('from'));
      const to = day(req.query.get('to'));
      if (!from || !to) return { status: 400, json: { status: 'error', message: 'Invalid date' } };
      const status = req.query.get('status');
      const txRef = req.query.get('tx_ref');
      const all = [...transactions.values()]
        .filter((t) => t.created_at.slice(0, 10) >= from && t.created_at.slice(0, 10) <= to)
        .filter((t) => !status || t.status === status)
        .filter((t) => !txRef || t.tx_ref === txRef)
        .sort((a, b) => b.id - a.id);
      const page = Number(req.query.get('page') ?? '1');
      const pages = Math.max(1, Math.ceil(all.length / PAGE));
      return {
        json: {
          status: 'success',
          message: 'Transactions fetched',
          meta: { page_info: { total: all.length, current_page: page, total_pages: pages } },
          data: all.slice((page - 1) * PAGE, page * PAGE).map((t) => {
            const { meta: _meta, ...rest } = t;
            return { ...rest, account_id: 118468 };
          }),
        },
      };
    }
    return { status: 404, json: { status: 'error', message: 'Not found' } };
  }
  fake.handle(handler);

  return {
    faults,
    transactions,
    /** Someone pays `naira` into the account with reference `txRef` (`hoursAgo` ago). */
    receive(
      txRef: string,
      naira: number,
      o: { hoursAgo?: number; status?: string; paymentType?: string } = {},
    ): FlwTransaction {
      const id = ++nextId;
      const t: FlwTransaction = {
        id,
        tx_ref: txRef,
        flw_ref: `05375652442017108408${id}`,
        amount: naira,
        currency: 'NGN',
        charged_amount: naira,
        app_fee: Math.round(naira * 1.4) / 100,
        status: o.status ?? 'successful',
        payment_type: o.paymentType ?? 'bank_transfer',
        created_at: new Date(Date.now() - (o.hoursAgo ?? 1) * HOUR).toISOString(),
        meta: {
          originatoraccountnumber: '123*******90',
          originatorname: 'JOHN DOE',
          bankname: 'Access Bank',
          originatoramount: 'N/A',
        },
        customer: {
          id: 2374551,
          name: 'Anonymous customer',
          phone_number: '08012345678',
          email: 'Johndoe@gmail.com',
          created_at: '2024-03-19T09:34:18.000Z',
        },
      };
      transactions.set(id, t);
      return t;
    },
  };
}

/**
 * `{ event, data }`: developer.flutterwave.com/docs/webhooks ("Structure of a webhook payload":
 * an `event` field and a `data` object with the transaction's `id`), with the bank-transfer
 * fields of the verify sample.
 */
const nestedWebhook = (t: FlwTransaction) => ({
  event: 'charge.completed',
  data: {
    id: t.id,
    tx_ref: t.tx_ref,
    flw_ref: t.flw_ref,
    amount: t.amount,
    currency: t.currency,
    charged_amount: t.charged_amount,
    app_fee: t.app_fee,
    status: t.status,
    payment_type: t.payment_type,
    created_at: t.created_at,
    customer: t.customer,
  },
  'event.type': 'BANK_TRANSFER_TRANSACTION',
});

/**
 * The flat shape, no `data`: Flutterwave's older (Rave) webhook documentation, "Pay with Bank
 * Transfer: BANK_TRANSFER_TRANSACTION" sample (`id`, `txRef`, `flwRef`, `orderRef`,
 * `createdAt`, …, `"event.type"`), which SDK users still receive for bank transfers
 * (github.com/Flutterwave/Node-v3/issues/175: "sometimes `data` is missing … bank transfers").
 */
const flatWebhook = (t: FlwTransaction, orderRef: string | null) => ({
  id: t.id,
  txRef: t.tx_ref,
  flwRef: t.flw_ref,
  orderRef,
  paymentPlan: null,
  createdAt: t.created_at,
  amount: t.amount,
  charged_amount: t.charged_amount,
  status: t.status,
  IP: '41.190.30.39',
  currency: t.currency,
  customer: {
    id: 42218458,
    phone: null,
    fullName: 'Tens Ani',
    customertoken: null,
    email: 'tens@mail.com',
  },
  entity: { id: 'NO-ENTITY' },
  'event.type': 'BANK_TRANSFER_TRANSACTION',
});

describe.each(engines)('bank transfers cannot be lost, on %s', (engine) => {
  let kit: Kit;
  let fake: FakeServer;
  let flw: ReturnType<typeof simulatedFlutterwave>;

  beforeAll(async () => {
    kit = await createKit(engine);
    fake = await startFakeServer();
    flw = simulatedFlutterwave(fake);
    // The live adapter, over HTTP, in place of the sandbox bank.
    kit.app.ctx.providers.transfer = createFlutterwaveTransferProvider({
      secretKey: 'FLWSECK_TEST-recovery',
      webhookHash: WEBHOOK_HASH,
      baseUrl: fake.url,
      timeoutMs: 5_000,
    });
  });
  afterEach(async () => {
    flw.faults.verify = undefined;
    flw.faults.list = undefined;
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => {
    await kit.close();
    await fake.close();
  });

  async function customer(): Promise<{ u: TestUser; txRef: string; orderRef: string }> {
    const u = await kit.user({ name: 'Ada Obi' });
    const res = await kit.call(api.createVirtualAccount, {
      token: u.token,
      body: { bvn: BVN, consent: true },
    });
    expect(res.status).toBe(200);
    const row = await kit.app.ctx.db
      .selectFrom('virtual_accounts')
      .select(['tx_ref', 'provider_ref'])
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    return { u, txRef: row.tx_ref, orderRef: row.provider_ref ?? '' };
  }

  const deliver = (
    body: object,
    headers: Record<string, string> = { 'verif-hash': WEBHOOK_HASH },
  ) => kit.app.inject({ method: 'POST', url: api.paymentWebhook.path, headers, payload: body });

  const recorded = (providerId: number) =>
    kit.app.ctx.db
      .selectFrom('bank_transfers')
      .select(['status', 'amount'])
      .where('provider_id', '=', String(providerId))
      .execute();

  it('shows the account’s name, not the provider’s instruction note', async () => {
    const { u } = await customer();
    const info = await kit.call(api.bankTransferInfo, { token: u.token });
    expect(info.body.message.account).toMatchObject({
      bank_name: 'WEMA BANK',
      account_name: 'PayBills Ada Obi FLW',
    });
    expect(JSON.stringify(info.body)).not.toContain('Please make a bank transfer');
  });

  it('credits a transfer once from either webhook shape, in any number and order', async () => {
    const { u, txRef, orderRef } = await customer();
    // The flat shape alone (Flutterwave sends either, and may repeat it).
    const first = flw.receive(txRef, 20_000);
    const flat = await Promise.all([
      deliver(flatWebhook(first, orderRef)),
      deliver(flatWebhook(first, orderRef)),
    ]);
    expect(flat.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await kit.balance(u.id)).toBe(19_750_00); // ₦20,000 − ₦200 fee − ₦50 duty

    // The nested shape, three at once, then the same transfer in the other shape.
    const second = flw.receive(txRef, 1_000);
    const nested = await Promise.all([1, 2, 3].map(() => deliver(nestedWebhook(second))));
    expect(nested.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect((await deliver(flatWebhook(second, orderRef))).statusCode).toBe(200);
    expect((await deliver(nestedWebhook(first))).statusCode).toBe(200);
    expect(await kit.balance(u.id)).toBe(19_750_00 + 990_00); // ₦1,000 − 1 %
    expect(await recorded(first.id)).toEqual([{ status: 'credited', amount: expect.anything() }]);
    expect(await recorded(second.id)).toHaveLength(1);
  });

  it('a flat webhook without an id settles through the account’s recent transactions', async () => {
    const { u, txRef, orderRef } = await customer();
    const t = flw.receive(txRef, 5_000);
    const { id: _id, ...noId } = flatWebhook(t, orderRef);
    expect((await deliver(noId)).statusCode).toBe(200);
    expect(await kit.balance(u.id)).toBe(4_950_00);
    // Only the reference of the order (the account) to go on, and the listing fails: retried.
    const later = flw.receive(txRef, 2_000);
    flw.faults.list = { status: 503, text: 'Service Unavailable' };
    const { id: _later, txRef: _ref, ...onlyOrder } = flatWebhook(later, orderRef);
    expect((await deliver(onlyOrder)).statusCode).toBe(502);
    flw.faults.list = undefined;
    expect((await deliver(onlyOrder)).statusCode).toBe(200);
    expect(await kit.balance(u.id)).toBe(4_950_00 + 1_980_00);
  });

  it('a signed body of neither shape is refused (retried); an unsigned one is 401', async () => {
    const odd = { 'event.type': 'BANK_TRANSFER_TRANSACTION', note: 'nothing to read' };
    expect((await deliver(odd)).statusCode).toBe(400);
    expect((await deliver(odd, {})).statusCode).toBe(401);
    expect((await deliver(odd, { 'verif-hash': 'guess' })).statusCode).toBe(401);
  });

  it.each([
    ['a 500', { status: 500, json: { status: 'error', message: 'Internal server error' } }],
    ['a 502 page', { status: 502, text: '<html>Bad Gateway</html>' }],
    ['a 429', { status: 429, json: { status: 'error', message: 'Too many requests' } }],
    ['a 401 (our key refused)', { status: 401, json: { status: 'error', message: 'Invalid key' } }],
    ['a malformed 200', { status: 200, text: 'not json' }],
    ['an unreadable 200', { status: 200, json: { status: 'success', data: null } }],
  ] as [string, FakeReply][])(
    'verify answering %s is not an answer: non-2xx, nothing credited; the poller credits once',
    async (_what, fault) => {
      const { u, txRef, orderRef } = await customer();
      const t = flw.receive(txRef, 10_000);
      flw.faults.verify = fault;
      expect((await deliver(nestedWebhook(t))).statusCode).toBe(502);
      expect((await deliver(flatWebhook(t, orderRef))).statusCode).toBe(502);
      expect(await kit.balance(u.id)).toBe(0);
      expect(await recorded(t.id)).toEqual([]);
      // Still down when the poller runs: nothing recorded, the next pass tries again.
      await pollTransfers(kit.app.ctx);
      expect(await recorded(t.id)).toEqual([]);

      flw.faults.verify = undefined;
      await Promise.all([pollTransfers(kit.app.ctx), pollTransfers(kit.app.ctx)]);
      await pollTransfers(kit.app.ctx);
      expect(await kit.balance(u.id)).toBe(9_850_00); // ₦10,000 − ₦100 fee − ₦50 duty
      expect(await recorded(t.id)).toHaveLength(1);
      // Flutterwave's retries arrive after the poller credited: acknowledged, nothing more.
      expect((await deliver(nestedWebhook(t))).statusCode).toBe(200);
      expect((await deliver(flatWebhook(t, orderRef))).statusCode).toBe(200);
      expect(await kit.balance(u.id)).toBe(9_850_00);
    },
  );

  it('a transfer the provider still calls pending is retried; one it never saw is acknowledged', async () => {
    const { u, txRef } = await customer();
    const t = flw.receive(txRef, 3_000, { status: 'pending' });
    expect((await deliver(nestedWebhook(t))).statusCode).toBe(502);
    expect(await recorded(t.id)).toEqual([]);
    t.status = 'successful';
    expect((await deliver(nestedWebhook(t))).statusCode).toBe(200);
    expect(await kit.balance(u.id)).toBe(2_970_00);
    // Signed, but no such transaction at Flutterwave (its definite 400): 200, nothing recorded.
    const ghost = { ...nestedWebhook(t), data: { ...nestedWebhook(t).data, id: 12345 } };
    expect((await deliver(ghost)).statusCode).toBe(200);
    expect(await recorded(12345)).toEqual([]);
    expect(await kit.balance(u.id)).toBe(2_970_00);
  });

  it('the poller credits only successful bank transfers into our accounts, across pages', async () => {
    const { u, txRef } = await customer();
    const wanted = flw.receive(txRef, 7_000, { hoursAgo: 30 });
    const noise = [
      flw.receive(txRef, 7_000, { status: 'failed' }),
      flw.receive('PB-1700000000000-abcdef', 7_000, { paymentType: 'card' }),
      flw.receive('someone-elses-shop-42', 7_000),
      ...Array.from({ length: 11 }, (_, i) =>
        flw.receive(`checkout-${i}`, 100, { paymentType: 'card' }),
      ),
    ];
    const before = fake.requests.length;
    const outcome = await pollTransfers(kit.app.ctx);
    expect(outcome.credited).toBeGreaterThanOrEqual(1);
    const listed = fake.requests.slice(before).filter((r) => r.path === '/v3/transactions');
    expect(listed.map((r) => r.query.get('page'))).toEqual(
      Array.from({ length: listed.length }, (_, i) => String(i + 1)),
    );
    expect(listed.length).toBeGreaterThanOrEqual(2);
    expect(await kit.balance(u.id)).toBe(7_000_00 - 70_00);
    expect(await recorded(wanted.id)).toHaveLength(1);
    for (const t of noise) expect(await recorded(t.id)).toEqual([]);
  });

  it('reconciliation reports a transfer seen at the provider and not credited', async () => {
    const admin = await adminLogin(kit);
    const report = async () => (await kit.call(api.reconciliation, { token: admin })).body.message;
    // Everything earlier in this file was credited by now.
    await pollTransfers(kit.app.ctx);
    expect((await report()).transfer_problems).toEqual([]);

    const { u, txRef } = await customer();
    const lost = flw.receive(txRef, 15_000, { hoursAgo: 2 });
    flw.faults.verify = { status: 503, text: 'Service Unavailable' };
    expect((await deliver(nestedWebhook(lost))).statusCode).toBe(502);
    flw.faults.verify = undefined;
    const found = await report();
    expect(found.ok).toBe(false);
    expect(found.transfer_problems).toEqual([
      expect.stringMatching(
        new RegExp(`^transfer ${lost.id} of NGN 15,000\\.00 into ${txRef} .* not credited`),
      ),
    ]);
    // A listing that fails is said, not taken for "nothing missing".
    flw.faults.list = { status: 500, json: { status: 'error', message: 'down' } };
    expect((await report()).transfer_problems).toEqual([
      expect.stringMatching(/^bank transfers at the provider could not be listed/),
    ]);
    flw.faults.list = undefined;

    await pollTransfers(kit.app.ctx);
    expect(await kit.balance(u.id)).toBe(15_000_00 - 50_00 - 150_00);
    expect((await report()).transfer_problems).toEqual([]);
  });

  it('a transfer is recorded once by provider id: a unique index on this engine', async () => {
    const row = (id: string) => ({
      id,
      provider_id: `uniq-${engine}`,
      tx_ref: null,
      account_number: null,
      sender: 'x',
      amount: 1,
      status: 'held' as const,
      user_id: null,
      payment_id: null,
      created_at: 1,
      updated_at: 1,
    });
    await kit.app.ctx.db.insertInto('bank_transfers').values(row('uniq-a')).execute();
    await expect(
      kit.app.ctx.db.insertInto('bank_transfers').values(row('uniq-b')).execute(),
    ).rejects.toThrow(/unique|duplicate/i);
    await kit.app.ctx.db.deleteFrom('bank_transfers').where('id', '=', 'uniq-a').execute();
  });
});
