/**
 * The Flutterwave payments simulator driven by the REAL adapters over HTTP
 * (`injectFetch`): standard checkout and its three outcomes, verify by id and by reference,
 * the webhook's verif-hash, static virtual accounts, bank transfers in both webhook shapes
 * (ADR 0039), the paged transaction list the poller reads, injected faults, and a restart on
 * the same store (SQLite and PostgreSQL, the server's `kv_store`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb } from '../../src/platform/db/index.ts';
import { dbStore } from '../../src/providers/load.ts';
import { localCardFee } from '../../src/providers/card-verification.ts';
import {
  createFlutterwaveProvider,
  parseFlutterwaveWebhook,
} from '../../src/providers/flutterwave.ts';
import {
  createFlutterwaveTransferProvider,
  readFlutterwaveWebhook,
} from '../../src/providers/flutterwave-transfers.ts';
import type { CardProvider, TransferProvider } from '../../src/providers/types.ts';
import { type KeyValueStore, ProviderError } from '../../src/providers/util.ts';
import {
  createFlutterwaveBillsSimulator,
  FLUTTERWAVE_SIMULATOR_PREFIX,
  SANDBOX_FLUTTERWAVE_SECRET,
} from '../../src/providers/simulators/flutterwave-bills.ts';
import {
  createFlutterwavePaymentsSimulator,
  type FlutterwavePaymentsSimulator,
} from '../../src/providers/simulators/flutterwave-payments.ts';
import { injectFetch } from '../../src/providers/simulators/transport.ts';
import { createPgDatabase, engines } from '../helper.ts';

const HASH = 'sim-webhook-hash';
const BASE = `http://flutterwave.sim${FLUTTERWAVE_SIMULATOR_PREFIX}`;
const ORIGIN = 'http://app.test';
/** The simulator's clock: one fixed instant, so list ranges are exact. */
const NOW = new Date('2026-03-10T09:30:00.000Z');
const BVN = '22212345678';

interface Delivery {
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

interface Rig {
  sim: FlutterwavePaymentsSimulator;
  app: FastifyInstance;
  card: CardProvider;
  transfers: TransferProvider;
  deliveries: Delivery[];
}

async function rig(
  o: { store?: KeyValueStore<unknown>; secretKey?: string; timeoutMs?: number } = {},
): Promise<Rig> {
  const deliveries: Delivery[] = [];
  const sim = createFlutterwavePaymentsSimulator({
    webhookHash: HASH,
    checkoutOrigin: ORIGIN,
    now: () => NOW,
    ...(o.store ? { store: o.store } : {}),
    deliver: async (body, headers) => {
      deliveries.push({ body: body as Record<string, unknown>, headers });
      return 200;
    },
  });
  const app = Fastify();
  await app.register(sim.plugin, { prefix: FLUTTERWAVE_SIMULATOR_PREFIX });
  await app.ready();
  const adapter = {
    secretKey: o.secretKey ?? SANDBOX_FLUTTERWAVE_SECRET,
    webhookHash: HASH,
    baseUrl: BASE,
    timeoutMs: o.timeoutMs ?? 5_000,
    fetch: injectFetch(app),
  };
  return {
    sim,
    app,
    card: createFlutterwaveProvider(adapter),
    transfers: createFlutterwaveTransferProvider(adapter),
    deliveries,
  };
}

const checkoutOf = (txRef: string, amount = 5_000_00) => ({
  txRef,
  amount,
  redirectUrl: 'http://app.test/payment/verify',
  customer: { email: 'ada@example.com', name: 'Ada Obi', phone: '08031234567' },
});

const account = (txRef = 'PBVA-user-1') => ({
  txRef,
  bvn: BVN,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Obi',
  phone: '08031234567',
  narration: 'PayBills Ada Obi',
});

describe('Flutterwave payments simulator, through the live adapters', () => {
  let r: Rig;
  beforeEach(async () => {
    r = await rig();
  });
  afterEach(async () => r.app.close());

  const http = (method: 'GET' | 'POST', url: string, body?: unknown, key?: string) =>
    r.app.inject({
      method,
      url: `${FLUTTERWAVE_SIMULATOR_PREFIX}${url}`,
      headers: key === undefined ? { authorization: `Bearer ${SANDBOX_FLUTTERWAVE_SECRET}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });

  it('checkout: POST /v3/payments answers the hosted link to our checkout page', async () => {
    const { link } = await r.card.createCheckout(checkoutOf('PB-link-1'));
    expect(link).toBe(`${ORIGIN}/sandbox/checkout/PB-link-1`);
    expect(await r.sim.checkout('PB-link-1')).toMatchObject({
      txRef: 'PB-link-1',
      amount: 5_000_00,
      status: 'pending',
      customer: { email: 'ada@example.com', name: 'Ada Obi', phone: '08031234567' },
    });
    // Nobody paid yet: no transaction, so the adapter says pending.
    const v = await r.card.verify({ txRef: 'PB-link-1' });
    expect(v).toMatchObject({ status: 'pending', amount: 0 });
    // The same tx_ref again (a retry) keeps the first checkout.
    await r.card.createCheckout(checkoutOf('PB-link-1', 9_000_00));
    expect((await r.sim.checkout('PB-link-1'))?.amount).toBe(5_000_00);
  });

  it('checkout: refuses a missing e-mail, a bad amount, no key, a wrong key', async () => {
    const noEmail = await http('POST', '/v3/payments', {
      tx_ref: 'PB-bad-1',
      amount: 100,
      redirect_url: 'http://app.test/x',
      customer: {},
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toMatchObject({ status: 'error', data: null });
    expect(noEmail.json().message).toMatch(/email/);
    const badAmount = await http('POST', '/v3/payments', {
      tx_ref: 'PB-bad-2',
      amount: -5,
      redirect_url: 'http://app.test/x',
      customer: { email: 'a@b.co' },
    });
    expect(badAmount.statusCode).toBe(400);
    expect(await r.sim.checkout('PB-bad-2')).toBeUndefined();
    const noKey = await http('GET', '/v3/transactions/1/verify', undefined, '');
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json()).toEqual({
      status: 'error',
      message: 'Authorization required',
      data: null,
    });
    const wrong = await rig({ secretKey: 'FLWSECK_TEST-wrong-X' });
    await expect(wrong.card.createCheckout(checkoutOf('PB-bad-3'))).rejects.toBeInstanceOf(
      ProviderError,
    );
    // 401 says nothing about the transaction: not a definite "no" (ADR 0039).
    await expect(wrong.transfers.verifyTransfer('123456789')).rejects.toBeInstanceOf(ProviderError);
    await wrong.app.close();
  });

  it('verify after each outcome: status, amount, fee, masked card; webhook signed', async () => {
    for (const outcome of ['successful', 'failed', 'cancelled'] as const) {
      const txRef = `PB-out-${outcome}`;
      await r.card.createCheckout(checkoutOf(txRef, 20_000_00));
      r.deliveries.length = 0;
      const redirect = new URL((await r.sim.completeCheckout(txRef, outcome))!);
      expect(redirect.origin + redirect.pathname).toBe('http://app.test/payment/verify');
      const params = Object.fromEntries(redirect.searchParams);
      expect(params).toMatchObject({ status: outcome, tx_ref: txRef });
      expect(params.transaction_id).toMatch(/^\d{9}$/);

      const v = await r.card.verify({ txRef, transactionId: params.transaction_id });
      expect(v).toMatchObject({
        status: outcome,
        txRef,
        transactionId: params.transaction_id,
        amount: 20_000_00,
        currency: 'NGN',
        appFee: outcome === 'successful' ? localCardFee(20_000_00) : 0,
      });
      // Never a full card number: first six and last four only. A card number stands alone;
      // a reference (`FLW-MOCK-<random hex>`) may hold a dozen digits in a row inside it.
      const raw = JSON.stringify(v.raw);
      expect(raw).not.toMatch(/\b\d{12,19}\b/);
      if (outcome !== 'cancelled') {
        expect(v.raw).toMatchObject({
          data: { card: { first_6digits: '553188', last_4digits: '2950' } },
        });
      }

      if (outcome === 'cancelled') {
        expect(r.deliveries).toEqual([]);
        continue;
      }
      expect(r.deliveries).toHaveLength(1);
      const [hook] = r.deliveries;
      expect(r.card.verifyWebhookSignature(hook!.headers)).toBe(true);
      expect(r.card.verifyWebhookSignature({ ...hook!.headers, 'verif-hash': 'nope' })).toBe(false);
      expect(hook!.body).toMatchObject({
        event: 'charge.completed',
        'event.type': 'CARD_TRANSACTION',
        data: { status: outcome, payment_type: 'card', amount: 20_000 },
      });
      expect(parseFlutterwaveWebhook(hook!.body)).toEqual({
        event: 'charge.completed',
        txRef,
        transactionId: params.transaction_id,
      });
    }
  });

  it('a failed attempt may be retried; a successful one is final; verify_by_reference', async () => {
    await r.card.createCheckout(checkoutOf('PB-retry'));
    const failed = new URL((await r.sim.completeCheckout('PB-retry', 'failed'))!);
    const paid = new URL((await r.sim.completeCheckout('PB-retry', 'successful'))!);
    const failedId = failed.searchParams.get('transaction_id')!;
    const paidId = paid.searchParams.get('transaction_id')!;
    expect(paidId).not.toBe(failedId);
    // The old attempt keeps its own answer; the reference answers the latest.
    expect((await r.card.verify({ txRef: 'PB-retry', transactionId: failedId })).status).toBe(
      'failed',
    );
    expect(await r.card.verify({ txRef: 'PB-retry' })).toMatchObject({
      status: 'successful',
      transactionId: paidId,
      amount: 5_000_00,
    });
    r.deliveries.length = 0;
    const again = new URL((await r.sim.completeCheckout('PB-retry', 'failed'))!);
    expect(Object.fromEntries(again.searchParams)).toMatchObject({
      status: 'successful',
      transaction_id: paidId,
    });
    expect(r.deliveries).toEqual([]);
    expect(await r.sim.completeCheckout('PB-unknown', 'successful')).toBeUndefined();
  });

  it('an unknown id answers the documented "No transaction was found for this id"', async () => {
    const res = await http('GET', '/v3/transactions/999999999/verify');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'No transaction was found for this id',
      data: null,
    });
    expect((await r.transfers.verifyTransfer('999999999')).status).toBe('not_found');
    expect((await r.card.verify({ txRef: 'PB-none', transactionId: '999999999' })).status).toBe(
      'pending',
    );
  });

  it('virtual accounts: a static account with the BVN; none without it', async () => {
    const created = await r.transfers.createVirtualAccount(account());
    expect(created).toMatchObject({
      bankName: 'Sandbox Bank',
      accountName: 'PayBills Ada Obi FLW',
    });
    expect(created.accountNumber).toMatch(/^\d{10}$/);
    expect(created.providerRef).toMatch(/^URF_\d+_\d{7}$/);
    expect(await r.sim.virtualAccount(created.accountNumber)).toMatchObject({
      txRef: 'PBVA-user-1',
      orderRef: created.providerRef,
    });
    // The BVN goes nowhere: not in what the simulator keeps.
    expect(JSON.stringify(await r.sim.virtualAccount(created.accountNumber))).not.toContain(BVN);
    // The same tx_ref again (a retry after a timeout): the same account.
    expect((await r.transfers.createVirtualAccount(account())).accountNumber).toBe(
      created.accountNumber,
    );
    await expect(
      r.transfers.createVirtualAccount({ ...account('PBVA-user-2'), bvn: '123' }),
    ).rejects.toBeInstanceOf(ProviderError);
    const noBvn = await http('POST', '/v3/virtual-account-numbers', {
      email: 'ada@example.com',
      is_permanent: true,
      tx_ref: 'PBVA-user-3',
    });
    expect(noBvn.statusCode).toBe(400);
    expect(noBvn.json()).toEqual({
      status: 'error',
      message: 'BVN is required for static account number',
      data: null,
    });
  });

  it('a transfer in the nested shape: signed, read, verified', async () => {
    const { accountNumber } = await r.transfers.createVirtualAccount(account());
    const sent = await r.sim.sendTransfer({
      accountNumber,
      amountKobo: 12_345_00,
      sender: 'Chidi Okeke',
    });
    expect(sent).toMatchObject({ txRef: 'PBVA-user-1', delivered: 200, answers: [200] });
    const [hook] = r.deliveries;
    expect(r.transfers.verifyWebhookSignature(hook!.headers)).toBe(true);
    expect(hook!.body).toMatchObject({
      event: 'charge.completed',
      'event.type': 'BANK_TRANSFER_TRANSACTION',
      data: { payment_type: 'bank_transfer', amount: 12_345, status: 'successful' },
    });
    expect(readFlutterwaveWebhook(hook!.body)).toEqual({
      transactionId: sent.id,
      txRef: 'PBVA-user-1',
    });
    // The amount as sent: the server books its own fee and stamp duty from it.
    expect(await r.transfers.verifyTransfer(sent.id)).toMatchObject({
      status: 'successful',
      transactionId: sent.id,
      txRef: 'PBVA-user-1',
      amount: 12_345_00,
      currency: 'NGN',
      paymentType: 'bank_transfer',
      sender: 'Chidi Okeke',
    });
  });

  it('a transfer in the flat shape (no data): id, txRef and the account orderRef', async () => {
    const created = await r.transfers.createVirtualAccount(account());
    const sent = await r.sim.sendTransfer({
      accountNumber: created.accountNumber,
      amountKobo: 700_00,
      sender: 'Bola',
      shape: 'flat',
    });
    const [hook] = r.deliveries;
    expect(hook!.body).not.toHaveProperty('data');
    expect(hook!.body).toMatchObject({ 'event.type': 'BANK_TRANSFER_TRANSACTION', amount: 700 });
    expect(readFlutterwaveWebhook(hook!.body)).toEqual({
      transactionId: sent.id,
      txRef: 'PBVA-user-1',
      orderRef: created.providerRef,
    });
    expect((await r.transfers.verifyTransfer(sent.id)).amount).toBe(700_00);
  });

  it('a transfer to nobody, a lost webhook, a duplicate delivery', async () => {
    const nobody = await r.sim.sendTransfer({
      accountNumber: '0123456789',
      amountKobo: 100_00,
      sender: 'X',
    });
    expect(nobody.txRef).toBe('SANDBOX-NOBODY-0123456789');
    expect((await r.transfers.verifyTransfer(nobody.id)).txRef).toBe('SANDBOX-NOBODY-0123456789');
    r.deliveries.length = 0;
    const lost = await r.sim.sendTransfer({
      accountNumber: '0123456789',
      amountKobo: 100_00,
      sender: 'X',
      deliveries: 0,
    });
    expect(lost).toMatchObject({ delivered: null, answers: [] });
    expect(r.deliveries).toEqual([]);
    const twice = await r.sim.sendTransfer({
      accountNumber: '0123456789',
      amountKobo: 100_00,
      sender: 'X',
      deliveries: 2,
    });
    expect(twice.answers).toEqual([200, 200]);
    await expect(
      r.sim.sendTransfer({ accountNumber: '12', amountKobo: 1, sender: 'X' }),
    ).rejects.toBeInstanceOf(RangeError);
    await expect(
      r.sim.sendTransfer({ accountNumber: '0123456789', amountKobo: 1.5, sender: 'X' }),
    ).rejects.toBeInstanceOf(RangeError);
  });

  it('listTransfers: newest first, ten a page, by tx_ref, by day', async () => {
    const { accountNumber } = await r.transfers.createVirtualAccount(account());
    const ids: string[] = [];
    for (let i = 1; i <= 12; i += 1) {
      ids.push(
        (await r.sim.sendTransfer({ accountNumber, amountKobo: i * 100_00, sender: 'S' })).id,
      );
    }
    await r.card.createCheckout(checkoutOf('PB-list-card'));
    await r.sim.completeCheckout('PB-list-card', 'successful');
    const day = { from: NOW, to: NOW };
    const first = await r.transfers.listTransfers({ ...day, page: 1 });
    expect(first.pages).toBe(2);
    expect(first.items).toHaveLength(10);
    // Newest first: the card payment, then the transfers from the last one sent.
    expect(first.items[0]).toMatchObject({ txRef: 'PB-list-card', paymentType: 'card' });
    expect(first.items.slice(1).map((t) => t.transactionId)).toEqual(ids.slice(3).reverse());
    expect(first.items[1]).toMatchObject({
      txRef: 'PBVA-user-1',
      status: 'successful',
      amount: 1_200_00,
      currency: 'NGN',
      paymentType: 'bank_transfer',
      createdAt: NOW.getTime(),
    });
    const second = await r.transfers.listTransfers({ ...day, page: 2 });
    expect(second.items.map((t) => t.transactionId)).toEqual(ids.slice(0, 3).reverse());
    const ofAccount = await r.transfers.listTransfers({ ...day, page: 1, txRef: 'PBVA-user-1' });
    expect(ofAccount.items.every((t) => t.txRef === 'PBVA-user-1')).toBe(true);
    expect(ofAccount.pages).toBe(2);
    const yesterday = new Date(NOW.getTime() - 86_400_000);
    expect(
      (await r.transfers.listTransfers({ from: yesterday, to: yesterday, page: 1 })).items,
    ).toEqual([]);
  });

  it('faults: a verify 5xx (retry later), then the answer; malformed; hang; list 500', async () => {
    const { accountNumber } = await r.transfers.createVirtualAccount(account());
    const sent = await r.sim.sendTransfer({ accountNumber, amountKobo: 50_00, sender: 'S' });
    r.sim.faults.inject('verify', { kind: 'status', status: 503 });
    // Not a definite answer: the webhook is answered non-2xx and Flutterwave retries.
    await expect(r.transfers.verifyTransfer(sent.id)).rejects.toBeInstanceOf(ProviderError);
    expect((await r.transfers.verifyTransfer(sent.id)).status).toBe('successful');

    r.sim.faults.inject('verify', { kind: 'malformed' });
    await expect(r.transfers.verifyTransfer(sent.id)).rejects.toThrow(/malformed/);

    r.sim.faults.inject('transactions', { kind: 'status', status: 500 });
    await expect(r.transfers.listTransfers({ from: NOW, to: NOW, page: 1 })).rejects.toBeInstanceOf(
      ProviderError,
    );

    // A card verify through a 5xx stays pending (never credited), then reads the answer.
    await r.card.createCheckout(checkoutOf('PB-fault'));
    const paid = new URL((await r.sim.completeCheckout('PB-fault', 'successful'))!);
    const id = paid.searchParams.get('transaction_id')!;
    r.sim.faults.inject('verify', { kind: 'status', status: 502 });
    r.sim.faults.inject('verify', { kind: 'status', status: 502 });
    expect((await r.card.verify({ txRef: 'PB-fault', transactionId: id })).status).toBe('pending');
    expect((await r.card.verify({ txRef: 'PB-fault', transactionId: id })).status).toBe(
      'successful',
    );

    // The checkout is created even when its answer is lost to a 500.
    r.sim.faults.inject('payments', { kind: 'status', status: 500 });
    await expect(r.card.createCheckout(checkoutOf('PB-lost-answer'))).rejects.toBeInstanceOf(
      ProviderError,
    );
    expect(await r.sim.checkout('PB-lost-answer')).toBeDefined();

    // A hang meets the adapter's own timeout.
    const impatient = await rig({ timeoutMs: 50 });
    impatient.sim.faults.inject('virtual-accounts', { kind: 'hang' });
    await expect(impatient.transfers.createVirtualAccount(account())).rejects.toThrow(/timeout/);
    await impatient.app.close();
  });
});

describe('one Flutterwave', () => {
  it('mounts beside the bills simulator under one prefix, in either order', async () => {
    for (const paymentsFirst of [true, false]) {
      const app = Fastify();
      const plugins = [
        createFlutterwavePaymentsSimulator({ webhookHash: HASH }).plugin,
        createFlutterwaveBillsSimulator({ instant: true }).plugin,
      ];
      for (const plugin of paymentsFirst ? plugins : plugins.reverse()) {
        await app.register(plugin, { prefix: FLUTTERWAVE_SIMULATOR_PREFIX });
      }
      const get = (url: string) =>
        app.inject({
          url: `${FLUTTERWAVE_SIMULATOR_PREFIX}${url}`,
          headers: { authorization: `Bearer ${SANDBOX_FLUTTERWAVE_SECRET}` },
        });
      expect((await get('/v3/transactions/1/verify')).json().message).toBe(
        'No transaction was found for this id',
      );
      expect((await get('/v3/balances/NGN')).statusCode).toBe(200);
      expect((await get('/v3/transactions?page=1')).json()).toMatchObject({ status: 'success' });
      await app.close();
    }
  });
});

describe.each(engines)('Flutterwave payments simulator restarted on %s', (engine) => {
  let close: () => Promise<void>;
  let store: KeyValueStore<unknown>;
  const rigs: Rig[] = [];
  afterAll(async () => {
    for (const r of rigs) await r.app.close();
    await close?.();
  });

  it('a new simulator on the same store answers as the first did', async () => {
    if (engine === 'sqlite') {
      const dir = mkdtempSync(path.join(tmpdir(), 'paybills-sim-'));
      const dbh = await openDb('sqlite', path.join(dir, 'sim.db'));
      close = async () => {
        await dbh.close();
        rmSync(dir, { recursive: true, force: true });
      };
      store = dbStore(dbh.db, 'sim-flutterwave-payments');
    } else {
      const database = await createPgDatabase();
      const dbh = await openDb('postgres', database.url, { poolSize: 2 });
      close = async () => {
        await dbh.close();
        await database.drop();
      };
      store = dbStore(dbh.db, 'sim-flutterwave-payments');
    }
    const before = await rig({ store });
    rigs.push(before);
    await before.card.createCheckout(checkoutOf('PB-restart'));
    const paid = new URL((await before.sim.completeCheckout('PB-restart', 'successful'))!);
    const cardId = paid.searchParams.get('transaction_id')!;
    const created = await before.transfers.createVirtualAccount(account());
    const sent = await before.sim.sendTransfer({
      accountNumber: created.accountNumber,
      amountKobo: 2_500_00,
      sender: 'Ngozi',
    });
    await before.app.close();

    const after = await rig({ store });
    rigs.push(after);
    expect(await after.card.verify({ txRef: 'PB-restart', transactionId: cardId })).toMatchObject({
      status: 'successful',
      amount: 5_000_00,
    });
    expect(await after.transfers.verifyTransfer(sent.id)).toMatchObject({
      status: 'successful',
      amount: 2_500_00,
      txRef: 'PBVA-user-1',
    });
    const listed = await after.transfers.listTransfers({ from: NOW, to: NOW, page: 1 });
    expect(listed.items.map((t) => t.transactionId)).toEqual([sent.id, cardId]);
    expect((await after.sim.checkout('PB-restart'))?.status).toBe('successful');
    expect(await after.sim.virtualAccount(created.accountNumber)).toMatchObject({
      txRef: 'PBVA-user-1',
    });
    expect((await after.transfers.createVirtualAccount(account())).accountNumber).toBe(
      created.accountNumber,
    );
    // The transfer to this account still finds it after the restart.
    const later = await after.sim.sendTransfer({
      accountNumber: created.accountNumber,
      amountKobo: 100_00,
      sender: 'Ngozi',
    });
    expect(later.txRef).toBe('PBVA-user-1');
  });
});
