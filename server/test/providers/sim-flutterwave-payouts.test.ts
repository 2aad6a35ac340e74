/**
 * Flutterwave Transfers v3 (ADR 0084): the REAL payout adapter against the simulator over HTTP
 * (`injectFetch`), for every documented answer and the sandbox table: the bank list, account
 * resolution (and a number that does not resolve), the fee, a transfer for each last-four
 * outcome, get by id, the list by reference, a duplicate reference, the webhook's verif-hash,
 * and the injected faults (5xx, a cut body, a refused key, a hang past the timeout).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createFlutterwavePayoutProvider,
  readTransferWebhook,
} from '../../src/providers/flutterwave-payouts.ts';
import type { PayoutProvider } from '../../src/providers/types.ts';
import { ProviderError } from '../../src/providers/util.ts';
import {
  FLUTTERWAVE_SIMULATOR_PREFIX,
  SANDBOX_FLUTTERWAVE_SECRET,
} from '../../src/providers/simulators/flutterwave-bills.ts';
import {
  createFlutterwavePayoutsSimulator,
  simulatedAccountName,
  type FlutterwavePayoutsSimulator,
} from '../../src/providers/simulators/flutterwave-payouts.ts';
import { injectFetch } from '../../src/providers/simulators/transport.ts';

const HASH = 'sim-webhook-hash';
const BASE = `http://flutterwave.sim${FLUTTERWAVE_SIMULATOR_PREFIX}`;
const NOW = new Date('2026-03-10T09:30:00.000Z');

interface Rig {
  sim: FlutterwavePayoutsSimulator;
  app: FastifyInstance;
  payout: PayoutProvider;
  delivered: unknown[];
}

async function rig(o: { secretKey?: string; timeoutMs?: number } = {}): Promise<Rig> {
  const delivered: unknown[] = [];
  const sim = createFlutterwavePayoutsSimulator({
    now: () => NOW,
    webhookHash: HASH,
    deliver: async (body) => {
      delivered.push(body);
      return 200;
    },
  });
  const app = Fastify({ logger: false });
  await app.register(sim.plugin, { prefix: FLUTTERWAVE_SIMULATOR_PREFIX });
  await app.ready();
  const payout = createFlutterwavePayoutProvider({
    baseUrl: BASE,
    secretKey: o.secretKey ?? SANDBOX_FLUTTERWAVE_SECRET,
    webhookHash: HASH,
    timeoutMs: o.timeoutMs ?? 5_000,
    fetch: injectFetch(app),
  });
  return { sim, app, payout, delivered };
}

const transfer = (reference: string, accountNumber: string, amount = 150_000) => ({
  reference,
  bankCode: '044',
  accountNumber,
  amount,
  narration: 'Withdrawal',
  beneficiaryName: simulatedAccountName(accountNumber),
});

describe('Flutterwave payouts: adapter against simulator', () => {
  let r: Rig;
  beforeEach(async () => {
    r = await rig();
  });
  afterEach(async () => {
    await r.app.close();
  });

  it('lists Nigerian banks with the codes Flutterwave uses', async () => {
    const banks = await r.payout.banks();
    expect(banks).toContainEqual({ code: '044', name: 'Access Bank' });
    expect(banks).toContainEqual({ code: '058', name: 'GTBank Plc' });
    expect(banks.length).toBeGreaterThanOrEqual(10);
  });

  it('resolves an account to a stable made-up name; 9999 does not resolve', async () => {
    const name = await r.payout.resolveAccount('044', '0123456789');
    expect(name).toBe(simulatedAccountName('0123456789'));
    expect(await r.payout.resolveAccount('044', '0123456789')).toBe(name);
    expect(await r.payout.resolveAccount('044', '0123459999')).toBeNull();
  });

  // Flutterwave documents NGN transfer fees only by sample, in its Node-v3 SDK
  // (https://github.com/Flutterwave/Node-v3/blob/master/documentation/transfers.md):
  // "Get all transfers" lists `"amount": 100` and `"amount": 1222` with `"fee": 10.75`;
  // "Create a transfer" answers `"amount": 5500` with `"fee": 26.875`; "Get transfer fee" for
  // `"amount": "12500"` answers `"fee": 26.875`. ₦26.875 is 2,687.5 kobo: read as 2,688.
  it("answers Flutterwave's four documented NGN fee samples", async () => {
    expect(await r.payout.fee(10_000)).toBe(1_075);
    expect(await r.payout.fee(122_200)).toBe(1_075);
    expect(await r.payout.fee(550_000)).toBe(2_688);
    expect(await r.payout.fee(1_250_000)).toBe(2_688);
  });

  // Not documented (no stored Flutterwave page states a band edge or a fee above ₦12,500): the
  // simulator's edges (₦5,000 and ₦50,000, both inclusive) and ₦53.75 are the default fee
  // table's assumption (contract/withdrawals.ts, ADR 0084 "What Flutterwave documents").
  it("keeps the default fee table's undocumented band edges", async () => {
    expect(await r.payout.fee(500_000)).toBe(1_075);
    expect(await r.payout.fee(500_100)).toBe(2_688);
    expect(await r.payout.fee(5_000_000)).toBe(2_688);
    expect(await r.payout.fee(5_000_100)).toBe(5_375);
  });

  it('pays an ordinary account at once, and says so by id and by reference', async () => {
    const sent = await r.payout.send(transfer('ref-ok', '0123456789'));
    expect(sent).toMatchObject({ status: 'successful', providerStatus: 'SUCCESSFUL' });
    expect(sent.providerId).toMatch(/^\d+$/);
    const byId = await r.payout.status(sent.providerId!);
    expect(byId).toMatchObject({ status: 'successful', providerId: sent.providerId });
    expect(await r.payout.byReference('ref-ok')).toMatchObject({ status: 'successful' });
  });

  it('0000 fails at once with the disbursement message', async () => {
    const sent = await r.payout.send(transfer('ref-0000', '0123450000'));
    expect(sent).toMatchObject({ status: 'failed', providerStatus: 'FAILED' });
    expect(sent.message).toMatch(/^DISBURSE FAILED/);
  });

  it('1111 is NEW, then successful when asked', async () => {
    const sent = await r.payout.send(transfer('ref-1111', '0123451111'));
    expect(sent).toMatchObject({ status: 'pending', providerStatus: 'NEW' });
    expect(await r.payout.status(sent.providerId!)).toMatchObject({ status: 'successful' });
  });

  it('2222 is NEW, then failed when asked', async () => {
    const sent = await r.payout.send(transfer('ref-2222', '0123452222'));
    expect(sent.status).toBe('pending');
    expect(await r.payout.byReference('ref-2222')).toMatchObject({ status: 'failed' });
  });

  it('3333 answers no usable answer (the transfer is made), then successful', async () => {
    const sent = await r.payout.send(transfer('ref-3333', '0123453333'));
    expect(sent).toMatchObject({ status: 'pending', callFailed: true });
    expect(await r.payout.byReference('ref-3333')).toMatchObject({ status: 'successful' });
  });

  it('4444 answers a cut body (the transfer is made), then successful', async () => {
    const sent = await r.payout.send(transfer('ref-4444', '0123454444'));
    expect(sent).toMatchObject({ status: 'pending', callFailed: true });
    expect(await r.payout.byReference('ref-4444')).toMatchObject({ status: 'successful' });
  });

  it('a reference is paid once: a second create is refused, the first stands', async () => {
    await r.payout.send(transfer('ref-dup', '0123456789'));
    const again = await r.payout.send(transfer('ref-dup', '0123456789'));
    expect(again).toMatchObject({ status: 'pending', refused: true });
    const listed = await r.payout.list(1);
    expect(listed.items.filter((i) => i.reference === 'ref-dup')).toHaveLength(1);
  });

  it('an unknown reference is definitely not found', async () => {
    expect(await r.payout.byReference('never-sent')).toMatchObject({
      notFound: true,
      status: 'pending',
    });
  });

  it('lists payouts newest first, 10 a page', async () => {
    for (let i = 0; i < 12; i++)
      await r.payout.send(transfer(`ref-list-${i}`, '0123456789', 10_000 + i));
    const first = await r.payout.list(1);
    expect(first.pages).toBe(2);
    expect(first.items).toHaveLength(10);
    expect(first.items[0]).toMatchObject({
      reference: 'ref-list-11',
      amount: 10_011,
      status: 'successful',
    });
    expect((await r.payout.list(2)).items).toHaveLength(2);
  });

  it('sends transfer.completed signed with the verif-hash, read by id and reference', async () => {
    const sent = await r.payout.send(transfer('ref-hook', '0123451111'));
    await r.sim.complete('ref-hook');
    expect(r.delivered).toHaveLength(1);
    expect(readTransferWebhook(r.delivered[0])).toEqual({
      providerId: sent.providerId,
      reference: 'ref-hook',
    });
    const hook = await r.sim.webhookFor('ref-hook');
    expect(r.payout.verifyWebhookSignature(hook!.headers)).toBe(true);
    expect(r.payout.verifyWebhookSignature({ 'verif-hash': 'forged' })).toBe(false);
    expect(r.payout.verifyWebhookSignature({})).toBe(false);
  });

  it('faults: a 5xx or a cut create body is pending, never failed', async () => {
    r.sim.faults.inject('transfers.create', { kind: 'status', status: 500 });
    expect(await r.payout.send(transfer('ref-500', '0123456789'))).toMatchObject({
      status: 'pending',
      callFailed: true,
    });
    // The transfer was made all the same: the requery finds it.
    expect(await r.payout.byReference('ref-500')).toMatchObject({ status: 'successful' });
    r.sim.faults.inject('transfers.create', { kind: 'malformed' });
    expect(await r.payout.send(transfer('ref-cut', '0123456789'))).toMatchObject({
      status: 'pending',
      callFailed: true,
    });
    r.sim.faults.inject('transfers.get', { kind: 'status', status: 503 });
    const id = (await r.payout.byReference('ref-cut')).providerId!;
    expect(await r.payout.status(id)).toMatchObject({ status: 'pending', callFailed: true });
  });

  it('faults: lookups without a readable answer throw ProviderError', async () => {
    r.sim.faults.inject('banks', { kind: 'status', status: 502 });
    await expect(r.payout.banks()).rejects.toBeInstanceOf(ProviderError);
    r.sim.faults.inject('accounts.resolve', { kind: 'status', status: 500 });
    await expect(r.payout.resolveAccount('044', '0123456789')).rejects.toBeInstanceOf(
      ProviderError,
    );
    r.sim.faults.inject('transfers.list', { kind: 'malformed' });
    expect(await r.payout.byReference('x')).toMatchObject({ status: 'pending', callFailed: true });
  });

  it('a refused key is never a verdict', async () => {
    const wrong = await rig({ secretKey: 'FLWSECK_TEST-wrong-X' });
    try {
      expect(await wrong.payout.send(transfer('ref-key', '0123456789'))).toMatchObject({
        status: 'pending',
        callFailed: true,
      });
      await expect(wrong.payout.banks()).rejects.toBeInstanceOf(ProviderError);
    } finally {
      await wrong.app.close();
    }
  });

  it('a hang meets the adapter timeout: pending', async () => {
    const slow = await rig({ timeoutMs: 200 });
    try {
      slow.sim.faults.inject('transfers.create', { kind: 'hang' });
      expect(await slow.payout.send(transfer('ref-hang', '0123456789'))).toMatchObject({
        status: 'pending',
        callFailed: true,
      });
    } finally {
      await slow.app.close();
    }
  });
});
