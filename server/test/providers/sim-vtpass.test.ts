/**
 * The live VTpass adapter (providers/vtpass.ts) against the VTpass simulator, over HTTP served
 * by `inject` (ADR 0043): every outcome, the documented codes through faults,
 * idempotent resends, 015, verify, balance, variations, a restart and the callback. Instant
 * and with a fixed clock; the only timeout used is against an answer that never comes.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newVtpassRequestId } from '../../src/providers/request-id.ts';
import type { PurchaseRequest, VtuProvider } from '../../src/providers/types.ts';
import { type KeyValueStore, ProviderError, memoryStore } from '../../src/providers/util.ts';
import {
  VTPASS_CODES,
  createVtpassProvider,
  parseVtpassCallback,
} from '../../src/providers/vtpass.ts';
import { injectFetch } from '../../src/providers/simulators/transport.ts';
import {
  SANDBOX_VTPASS_KEYS,
  VTPASS_SIMULATOR_PREFIX,
  type VtpassSimulator,
  type VtpassSimulatorOptions,
  createVtpassSimulator,
} from '../../src/providers/simulators/vtpass.ts';

const NOW = new Date('2026-03-10T09:15:00Z');
const FLOAT = 2_500_000_00;
const apps: FastifyInstance[] = [];

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

interface Kit {
  sim: VtpassSimulator;
  app: FastifyInstance;
  vtpass: VtuProvider;
  /** Gives up quickly: only for answers that never come. */
  impatient: VtuProvider;
}

async function kit(options: VtpassSimulatorOptions = {}, keys = SANDBOX_VTPASS_KEYS): Promise<Kit> {
  const sim = createVtpassSimulator({ instant: true, now: () => NOW, ...options });
  const app = Fastify();
  await app.register(sim.plugin, { prefix: VTPASS_SIMULATOR_PREFIX });
  apps.push(app);
  const base = {
    baseUrl: `http://vtpass.sim${VTPASS_SIMULATOR_PREFIX}`,
    ...keys,
    fetch: injectFetch(app),
  };
  return {
    sim,
    app,
    vtpass: createVtpassProvider({ ...base, timeoutMs: 30_000 }),
    impatient: createVtpassProvider({ ...base, timeoutMs: 50 }),
  };
}

let seq = 0;
const rid = () => `${newVtpassRequestId(NOW).slice(0, 12)}t${String((seq += 1)).padStart(6, '0')}`;

const airtime = (phone: string, amount = 500_00): PurchaseRequest => ({
  requestId: rid(),
  product: 'airtime',
  serviceId: 'mtn',
  amount,
  phone,
});
const data = (phone: string, variationCode = 'mtn-100mb-1000'): PurchaseRequest => ({
  requestId: rid(),
  product: 'data',
  serviceId: 'mtn-data',
  variationCode,
  phone,
});

/** A raw POST to the simulator (for what the adapter never sends). */
async function post(app: FastifyInstance, path: string, body: unknown, keys = SANDBOX_VTPASS_KEYS) {
  const res = await app.inject({
    method: 'POST',
    url: `${VTPASS_SIMULATOR_PREFIX}${path}`,
    headers: { 'api-key': keys.apiKey, 'secret-key': keys.secretKey },
    payload: body as object,
  });
  return res.json<Record<string, unknown>>();
}

const rawOf = (outcome: { raw?: unknown }) => outcome.raw as Record<string, unknown>;

describe('VTpass simulator: documented sandbox numbers', () => {
  it('08011111111 is delivered at once, in the documented shape, and debits the float', async () => {
    const { vtpass } = await kit();
    const out = await vtpass.purchase(airtime('08011111111', 750_00));
    expect(out.status).toBe('successful');
    expect(out.providerReference).toMatch(/^\d+$/);
    const raw = rawOf(out);
    expect(raw).toMatchObject({ code: '000', response_description: 'TRANSACTION SUCCESSFUL' });
    expect(raw.content).toMatchObject({
      transactions: {
        status: 'delivered',
        product_name: 'MTN Airtime VTU',
        unique_element: '08011111111',
        unit_price: 750,
        quantity: 1,
        amount: 750,
        total_amount: 750,
        commission: 0,
      },
    });
    expect(raw).toHaveProperty('transaction_date');
    expect(raw).toHaveProperty('purchased_code', '');
    expect(await vtpass.balance()).toBe(FLOAT - 750_00);
  });

  it('meter 1111111111111 (prepaid) gives a token, units, exchangeReference and the name', async () => {
    const { vtpass } = await kit();
    const out = await vtpass.purchase({
      requestId: rid(),
      product: 'electricity',
      serviceId: 'ikeja-electric',
      variationCode: 'prepaid',
      amount: 2_095_00,
      phone: '08030000001',
      billersCode: '1111111111111',
    });
    expect(out.status).toBe('successful');
    expect(out.token).toMatch(/^\d{4}(-\d{4}){4}$/);
    expect(out.units).toBe('10.0 kWh');
    expect(out.exchangeReference).toMatch(/^\d{13}$/);
    expect(out.customerName).toBeTruthy();
  });

  it('smart card 1212121212 renews a bouquet at the variation price', async () => {
    const { vtpass } = await kit();
    const out = await vtpass.purchase({
      requestId: rid(),
      product: 'cabletv',
      serviceId: 'dstv',
      variationCode: 'dstv79',
      amount: 1_00,
      phone: '08030000001',
      billersCode: '1212121212',
      subscriptionType: 'change',
      quantity: 1,
    });
    expect(out.status).toBe('successful');
    expect(out.customerName).toBeTruthy();
    // VTpass charges its own variation_amount whatever amount is sent.
    expect(rawOf(out).amount).toBe(7900);
    expect(await vtpass.balance()).toBe(FLOAT - 7_900_00);
  });

  it('201000000000 is pending (processing) and stays so until resolved', async () => {
    const { vtpass } = await kit();
    const req = data('201000000000');
    const out = await vtpass.purchase(req);
    expect(out.status).toBe('pending');
    expect(out.callFailed).toBeUndefined();
    expect((await vtpass.requery(req.requestId)).status).toBe('pending');
    expect(await vtpass.balance()).toBe(FLOAT);
  });

  it('500000000000 (unexpected answer) and 400000000000 (no answer) are pending', async () => {
    const { vtpass } = await kit();
    const unexpected = await vtpass.purchase(data('500000000000'));
    expect(unexpected).toMatchObject({ status: 'pending', callFailed: true });
    const empty = await vtpass.purchase(data('400000000000'));
    expect(empty).toMatchObject({ status: 'pending', callFailed: true });
  });

  it('300000000000 never answers: the adapter times out, pending', async () => {
    const { impatient } = await kit();
    const out = await impatient.purchase(data('300000000000'));
    expect(out).toMatchObject({ status: 'pending', callFailed: true, raw: { timeout: true } });
  });
});

describe('VTpass simulator: any other number keeps the last-four-digit outcomes', () => {
  it('…0000 fails at once (016) and requery says failed; nothing is charged', async () => {
    const { vtpass } = await kit();
    const req = airtime('08030000000');
    const out = await vtpass.purchase(req);
    expect(out.status).toBe('failed');
    expect(rawOf(out).code).toBe('016');
    expect((await vtpass.requery(req.requestId)).status).toBe('failed');
    expect(await vtpass.balance()).toBe(FLOAT);
  });

  it('…1111 is pending (099), then delivered on requery (charged then, once)', async () => {
    const { vtpass } = await kit();
    const req = airtime('08031111111');
    const out = await vtpass.purchase(req);
    expect(out.status).toBe('pending');
    expect(rawOf(out).code).toBe('099');
    expect(await vtpass.balance()).toBe(FLOAT);
    expect((await vtpass.requery(req.requestId)).status).toBe('successful');
    expect((await vtpass.requery(req.requestId)).status).toBe('successful');
    expect(await vtpass.balance()).toBe(FLOAT - 500_00);
  });

  it('…2222 is pending, then failed on requery', async () => {
    const { vtpass } = await kit();
    const req = airtime('08032222222');
    expect((await vtpass.purchase(req)).status).toBe('pending');
    expect((await vtpass.requery(req.requestId)).status).toBe('failed');
    expect(await vtpass.balance()).toBe(FLOAT);
  });

  it('…3333 times out, then requery says delivered', async () => {
    const { impatient, vtpass } = await kit();
    const req = airtime('08033333333');
    expect(await impatient.purchase(req)).toMatchObject({ status: 'pending', callFailed: true });
    expect((await vtpass.requery(req.requestId)).status).toBe('successful');
  });

  it('…4444 answers a cut body, then requery says delivered', async () => {
    const { vtpass } = await kit();
    const req = airtime('08034444444');
    const out = await vtpass.purchase(req);
    expect(out).toMatchObject({ status: 'pending', callFailed: true });
    expect(out.message).toMatch(/Malformed/);
    expect((await vtpass.requery(req.requestId)).status).toBe('successful');
  });

  it('any other number is delivered', async () => {
    const { vtpass } = await kit();
    expect((await vtpass.purchase(data('08035550123'))).status).toBe('successful');
  });
});

describe('VTpass simulator: requests are validated as VTpass does', () => {
  it('the same request_id resent answers the current state and charges once', async () => {
    const { vtpass } = await kit();
    const req = data('08035550123');
    expect((await vtpass.purchase(req)).status).toBe('successful');
    expect((await vtpass.purchase(req)).status).toBe('successful');
    expect(await vtpass.balance()).toBe(FLOAT - 1_000_00);
  });

  it('a used request_id with other fields is 014 (refused, pending)', async () => {
    const { vtpass } = await kit();
    const req = data('08035550123');
    await vtpass.purchase(req);
    const out = await vtpass.purchase({ ...req, phone: '08035550124' });
    expect(out).toMatchObject({ status: 'pending', callFailed: true });
    expect(rawOf(out).code).toBe('014');
  });

  it('requery of a request_id never received is 015', async () => {
    const { vtpass } = await kit();
    const out = await vtpass.requery(rid());
    expect(out).toMatchObject({ status: 'pending', unknownRequest: true });
    expect(rawOf(out).code).toBe('015');
  });

  it('a request_id without today (Lagos) as YYYYMMDDHHmm is 085', async () => {
    const { vtpass } = await kit();
    for (const requestId of ['202603081015abc', 'abc202603101015', '20260310']) {
      const out = await vtpass.purchase({ ...airtime('08035550123'), requestId });
      expect(out.status).toBe('failed');
      expect(rawOf(out).code).toBe('085');
    }
  });

  it.each([
    ['an unknown serviceID', { serviceId: 'mtn-fake' }, '012'],
    ['an unknown variation code', { variationCode: 'mtn-data-1gb-30d' }, '010'],
  ])('%s is refused (%s → %s): failed', async (_, change, code) => {
    const { vtpass } = await kit();
    const out = await vtpass.purchase({ ...data('08035550123'), ...change });
    expect(out.status).toBe('failed');
    expect(rawOf(out).code).toBe(code);
    if (code === '010') expect(out.message).toMatch(/VARIATION CODE DOES NOT EXIST/);
  });

  it('airtime below or above the limits is 013 / 017', async () => {
    const { vtpass } = await kit();
    const low = await vtpass.purchase(airtime('08035550123', 10_00));
    expect(rawOf(low).code).toBe('013');
    const high = await vtpass.purchase(airtime('08035550123', 2_000_000_00));
    expect(rawOf(high).code).toBe('017');
    expect(low.status).toBe('failed');
    expect(high.status).toBe('failed');
  });

  it('missing arguments are 011', async () => {
    const { app } = await kit();
    const body = { request_id: rid(), serviceID: 'mtn', amount: 100 };
    expect(await post(app, '/pay', body)).toMatchObject({ code: '011' });
    expect(
      await post(app, '/pay', { ...body, phone: '08035550123', amount: undefined }),
    ).toMatchObject({
      code: '011',
    });
    expect(await post(app, '/requery', {})).toMatchObject({ code: '011' });
  });

  it('wrong or missing keys are 087 on GET and POST', async () => {
    const wrong = { ...SANDBOX_VTPASS_KEYS, secretKey: 'SK_wrong', publicKey: 'PK_wrong' };
    const { vtpass, app } = await kit({}, wrong);
    const out = await vtpass.purchase(airtime('08035550123'));
    expect(out.status).toBe('failed');
    expect(rawOf(out).code).toBe('087');
    await expect(vtpass.balance()).rejects.toBeInstanceOf(ProviderError);
    const res = await app.inject({ method: 'GET', url: `${VTPASS_SIMULATOR_PREFIX}/balance` });
    expect(res.json()).toMatchObject({ code: '087' });
  });
});

describe('VTpass simulator: documented codes through faults', () => {
  const refusals = ['027', '028', '030', '031', '032', '034', '035', '040', '083', '089'];

  it.each(refusals)('pay answering %s is read by the table and not recorded', async (code) => {
    const { vtpass, sim } = await kit();
    sim.faults.inject('pay', { kind: 'code', code });
    const req = airtime('08035550123');
    const out = await vtpass.purchase(req);
    const verdict = VTPASS_CODES[code]?.pay;
    expect(out.status).toBe(verdict === 'failed' ? 'failed' : 'pending');
    expect(rawOf(out)).toMatchObject({ code, response_description: VTPASS_CODES[code]?.meaning });
    // VTpass never took it: the requery says so, and nothing was charged.
    expect(await vtpass.requery(req.requestId)).toMatchObject({ unknownRequest: true });
    expect(await vtpass.balance()).toBe(FLOAT);
  });

  it('a 5xx carrying a JSON code is read; a 5xx without one is pending', async () => {
    const { vtpass, sim } = await kit();
    sim.faults.inject('pay', { kind: 'status', status: 503, body: { code: '016' } });
    expect((await vtpass.purchase(airtime('08035550123'))).status).toBe('failed');
    sim.faults.inject('pay', { kind: 'status', status: 502, body: 'Bad gateway' });
    expect(await vtpass.purchase(airtime('08035550123'))).toMatchObject({
      status: 'pending',
      callFailed: true,
    });
  });

  it('a malformed requery answer is pending; the next requery reads the record', async () => {
    const { vtpass, sim } = await kit();
    const req = airtime('08035550123');
    await vtpass.purchase(req);
    sim.faults.inject('requery', { kind: 'malformed' });
    expect(await vtpass.requery(req.requestId)).toMatchObject({ status: 'pending' });
    expect((await vtpass.requery(req.requestId)).status).toBe('successful');
  });

  it('a hanging requery times out; lookups meet their faults too', async () => {
    const { vtpass, impatient, sim } = await kit();
    const req = airtime('08035550123');
    await vtpass.purchase(req);
    sim.faults.inject('requery', { kind: 'hang' });
    expect(await impatient.requery(req.requestId)).toMatchObject({ raw: { timeout: true } });
    sim.faults.inject('balance', { kind: 'status', status: 500 });
    await expect(vtpass.balance()).rejects.toBeInstanceOf(ProviderError);
    sim.faults.inject('service-variations', { kind: 'code', code: '083' });
    await expect(vtpass.listVariations('mtn-data')).rejects.toBeInstanceOf(ProviderError);
    sim.faults.inject('merchant-verify', { kind: 'code', code: '030' });
    await expect(
      vtpass.verifyCustomer({ serviceId: 'dstv', customerNumber: '1212121212' }),
    ).rejects.toBeInstanceOf(ProviderError);
  });
});

describe('VTpass simulator: products, verify, balance, variations', () => {
  it('WAEC gives one card per quantity at the variation price; JAMB a pin', async () => {
    const { vtpass } = await kit();
    const waec = await vtpass.purchase({
      requestId: rid(),
      product: 'education',
      serviceId: 'waec',
      variationCode: 'waecdirect',
      phone: '08035550123',
      quantity: 2,
    });
    expect(waec.status).toBe('successful');
    expect(waec.purchasedCode?.split('; ')).toHaveLength(2);
    expect(waec.purchasedCode).toMatch(/^Serial: WRN\d{9}, Pin: \d{12}; /);
    expect(rawOf(waec).amount).toBe(1800);
    const jamb = await vtpass.purchase({
      requestId: rid(),
      product: 'education',
      serviceId: 'jamb',
      variationCode: 'utme-mock',
      phone: '08035550123',
      billersCode: '0123456789',
    });
    expect(jamb.purchasedCode).toMatch(/^Pin: \d{16}$/);
    expect(await vtpass.balance()).toBe(FLOAT - 1_800_00 - 7_700_00);
  });

  it('merchant-verify: meters and smart cards (000 and 020), 9999 and bad numbers are wrong', async () => {
    const { vtpass } = await kit();
    const meter = await vtpass.verifyCustomer({
      serviceId: 'ikeja-electric',
      customerNumber: '1111111111111',
      variationCode: 'prepaid',
    });
    expect(meter).toMatchObject({
      meter_number: '1111111111111',
      min_purchase_amount: 500_00,
    });
    expect(meter?.address).toBeTruthy();
    const card = await vtpass.verifyCustomer({ serviceId: 'gotv', customerNumber: '1212121212' });
    expect(card).toMatchObject({ customer_name: 'TEST METER', due_date: '2026-03-20T00:00:00' });
    expect(card?.current_bouquet).toMatch(/GOtv/);
    // The dstv/gotv pages' Renewal_Amount: what subscription_type renew then charges.
    expect(card?.renewalAmount).toBeGreaterThan(0);
    const before = await vtpass.balance();
    const renewed = await vtpass.purchase({
      requestId: rid(),
      product: 'cabletv',
      serviceId: 'gotv',
      amount: card!.renewalAmount,
      phone: '08035550123',
      billersCode: '1212121212',
      subscriptionType: 'renew',
    });
    expect(renewed.status).toBe('successful');
    expect(await vtpass.balance()).toBe(before - card!.renewalAmount!);
    for (const customerNumber of ['4123459999', '12ab', '123']) {
      expect(await vtpass.verifyCustomer({ serviceId: 'dstv', customerNumber })).toBeNull();
    }
  });

  it('balance starts at ₦2,500,000 (or the given float)', async () => {
    expect(await (await kit()).vtpass.balance()).toBe(FLOAT);
    expect(await (await kit({ float: 1_000_00 })).vtpass.balance()).toBe(1_000_00);
  });

  it('a purchase above the float is 018', async () => {
    const { vtpass } = await kit({ float: 100_00 });
    const out = await vtpass.purchase(data('08035550123'));
    expect(out.status).toBe('failed');
    expect(rawOf(out).code).toBe('018');
  });

  it('service-variations lists the documented codes; set/remove change it', async () => {
    const { vtpass, sim } = await kit();
    const mtn = await vtpass.listVariations('mtn-data');
    expect(mtn).toContainEqual({
      code: 'mtn-10mb-100',
      name: 'N100 100MB - 24 hrs',
      amount: 100_00,
    });
    expect(await vtpass.listVariations('gotv')).toContainEqual(
      expect.objectContaining({ code: 'gotv-lite', amount: 410_00 }),
    );
    sim.setVariation('mtn-data', { code: 'mtn-new-500', name: 'New plan', amountKobo: 500_00 });
    sim.setVariation('mtn-data', { code: 'mtn-10mb-100', name: 'N120 100MB', amountKobo: 120_00 });
    sim.removeVariation('mtn-data', 'mtn-50mb-200');
    const after = await vtpass.listVariations('mtn-data');
    expect(after).toContainEqual({ code: 'mtn-new-500', name: 'New plan', amount: 500_00 });
    expect(after).toContainEqual({ code: 'mtn-10mb-100', name: 'N120 100MB', amount: 120_00 });
    expect(after.map((v) => v.code)).not.toContain('mtn-50mb-200');
    // The new price is what a purchase is charged.
    const out = await vtpass.purchase(data('08035550123', 'mtn-10mb-100'));
    expect(rawOf(out).amount).toBe(120);
    await expect(vtpass.listVariations('no-such-service')).rejects.toBeInstanceOf(ProviderError);
  });
});

describe('VTpass simulator: restart and callback', () => {
  it('a new simulator on the same store keeps purchases, requery answers and the float', async () => {
    const store: KeyValueStore<unknown> = memoryStore<unknown>();
    const first = await kit({ store });
    const delivered = data('08035550123');
    const pendingOne = airtime('08031111111');
    await first.vtpass.purchase(delivered);
    await first.vtpass.purchase(pendingOne);

    const second = await kit({ store });
    expect((await second.vtpass.requery(delivered.requestId)).status).toBe('successful');
    expect((await second.vtpass.requery(pendingOne.requestId)).status).toBe('successful');
    // The resend after the restart is still the same purchase (no second charge).
    expect((await second.vtpass.purchase(delivered)).status).toBe('successful');
    expect(await second.vtpass.balance()).toBe(FLOAT - 1_000_00 - 500_00);
  });

  it('resolve settles a pending purchase and POSTs the transaction-update callback', async () => {
    const sent: unknown[] = [];
    const { vtpass, sim } = await kit({
      callback: async (body) => {
        sent.push(body);
      },
    });
    const req = data('201000000000');
    await vtpass.purchase(req);
    await sim.resolve(req.requestId, 'delivered');
    expect(sent).toHaveLength(1);
    const parsed = parseVtpassCallback(sent[0]);
    expect(parsed).toMatchObject({ requestId: req.requestId, outcome: { status: 'successful' } });
    expect((await vtpass.requery(req.requestId)).status).toBe('successful');
    expect(await vtpass.balance()).toBe(FLOAT - 1_000_00);

    // A reversal after delivery gives the float back and says so in a callback.
    await sim.resolve(req.requestId, 'reversed');
    expect(parseVtpassCallback(sent[1])?.outcome.status).toBe('failed');
    expect(await vtpass.balance()).toBe(FLOAT);
    await expect(sim.resolve(rid(), 'failed')).rejects.toThrow(/no purchase/);
  });
});

/**
 * A store whose reads of purchase records wait until `release()`: shows which purchases are
 * inside the simulator's state change at the same time (ADR 0060). No clock.
 */
function heldStore() {
  const inner = memoryStore<unknown>();
  const reading = new Set<string>();
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const store: KeyValueStore<unknown> = {
    async get(key) {
      if (key !== 'float') {
        reading.add(key);
        await gate;
      }
      return inner.get(key);
    },
    set: (key, value) => inner.set(key, value),
  };
  return { store, reading, release: open };
}

describe('VTpass simulator: customers at once', () => {
  it('two purchases under different request ids are inside their state change at once', async () => {
    const held = heldStore();
    const { vtpass } = await kit({ store: held.store });
    const a = data('08035550123');
    const b = data('08035550124');
    const both = Promise.all([vtpass.purchase(a), vtpass.purchase(b)]);
    try {
      // One lock for every purchase kept b out until a's read finished (never, here).
      await vi.waitFor(() => expect([...held.reading]).toEqual([a.requestId, b.requestId]));
    } finally {
      held.release();
    }
    expect((await both).map((o) => o.status)).toEqual(['successful', 'successful']);
    expect(await vtpass.balance()).toBe(FLOAT - 2 * 1_000_00);
  });

  it('the same request_id sent twice at once waits its turn and charges once', async () => {
    const held = heldStore();
    const { vtpass } = await kit({ store: held.store });
    const req = data('08035550123');
    const both = Promise.all([vtpass.purchase(req), vtpass.purchase(req)]);
    await vi.waitFor(() => expect([...held.reading]).toEqual([req.requestId]));
    held.release();
    expect((await both).map((o) => o.status)).toEqual(['successful', 'successful']);
    expect(await vtpass.balance()).toBe(FLOAT - 1_000_00);
  });

  it('purchases at once never spend the same naira: the float refuses the one it cannot pay', async () => {
    const held = heldStore();
    const { vtpass } = await kit({ store: held.store, float: 1_500_00 });
    const a = data('08035550123');
    const b = data('08035550124');
    const both = Promise.all([vtpass.purchase(a), vtpass.purchase(b)]);
    await vi.waitFor(() => expect(held.reading.size).toBe(2));
    held.release();
    const codes = (await both).map((o) => rawOf(o).code).sort();
    expect(codes).toEqual(['000', '018']);
    expect(await vtpass.balance()).toBe(500_00);
  });
});
