import { describe, expect, it } from 'vitest';
import {
  SANDBOX_FLUTTERWAVE_FLOAT,
  SANDBOX_VT_FLOAT,
  type SandboxRecord,
  createSandboxProvider,
  sandboxScenario,
} from './sandbox.ts';
import type { ProviderStatus, PurchaseRequest, VtuProduct } from './types.ts';
import { memoryStore } from './util.ts';

let counter = 0;
const nextId = () => `202611220449test${String((counter += 1)).padStart(6, '0')}`;

/** A realistic request per product whose destination ends with `ending`. */
function request(product: VtuProduct, ending: string): PurchaseRequest {
  const requestId = nextId();
  switch (product) {
    case 'airtime':
      return { requestId, product, serviceId: 'mtn', amount: 500_00, phone: `0803123${ending}` };
    case 'data':
      return {
        requestId,
        product,
        serviceId: 'mtn-data',
        variationCode: 'mtn-data-1gb-30d',
        phone: `0806555${ending}`,
      };
    case 'cabletv':
      return {
        requestId,
        product,
        serviceId: 'dstv',
        variationCode: 'dstv-compact',
        phone: '08031234567',
        billersCode: `704512${ending}`,
        subscriptionType: 'change',
        quantity: 1,
      };
    case 'electricity':
      return {
        requestId,
        product,
        serviceId: 'ikeja-electric',
        variationCode: 'prepaid',
        amount: 5_000_00,
        phone: '08031234567',
        billersCode: `4501234${ending}`,
      };
    case 'education':
      return {
        requestId,
        product,
        serviceId: 'waec',
        variationCode: 'waecdirect',
        quantity: 1,
        phone: `0803123${ending}`,
      };
  }
}

const TABLE: Array<[ending: string, first: ProviderStatus, requery: ProviderStatus]> = [
  ['0000', 'failed', 'failed'],
  ['1111', 'pending', 'successful'],
  ['2222', 'pending', 'failed'],
  ['3333', 'pending', 'successful'],
  ['4444', 'pending', 'successful'],
  ['5678', 'successful', 'successful'],
];
const PRODUCTS: VtuProduct[] = ['airtime', 'data', 'cabletv', 'electricity', 'education'];

describe('sandbox VTU provider: outcome by the last four digits', () => {
  const sandbox = createSandboxProvider({ instant: true });

  for (const product of PRODUCTS) {
    for (const [ending, first, requery] of TABLE) {
      it(`${product} …${ending}: purchase ${first}, then requery ${requery}`, async () => {
        const req = request(product, ending);
        const bought = await sandbox.purchase(req);
        expect(bought.status).toBe(first);
        const again = await sandbox.requery(req.requestId);
        expect(again.status).toBe(requery);
        // Requery is stable.
        expect((await sandbox.requery(req.requestId)).status).toBe(requery);
      });
    }
  }

  it('3333 looks like a timeout and 4444 like a malformed answer', async () => {
    const timeout = await sandbox.purchase(request('airtime', '3333'));
    expect(timeout).toMatchObject({ status: 'pending', raw: { timeout: true } });
    expect(timeout.message).toMatch(/timeout/i);
    const malformed = await sandbox.purchase(request('airtime', '4444'));
    expect(malformed.status).toBe('pending');
    expect(malformed.message).toMatch(/malformed/i);
  });

  it('the destination is billersCode when present, else phone', () => {
    expect(sandboxScenario('08031230000')).toBe('fail');
    expect(sandboxScenario(' 1212121111 ')).toBe('pending-then-success');
    expect(sandboxScenario('12345')).toBe('success');
  });

  it('a cable TV purchase is decided by the smart card, not the phone', async () => {
    const req = { ...request('cabletv', '5678'), phone: '08030000000' };
    expect((await sandbox.purchase(req)).status).toBe('successful');
  });
});

describe('sandbox VTU provider: realistic answers', () => {
  const sandbox = createSandboxProvider({ instant: true });

  it('prepaid electricity answers a grouped 20-digit token, units and references', async () => {
    const outcome = await sandbox.purchase(request('electricity', '5678'));
    expect(outcome.status).toBe('successful');
    expect(outcome.token).toMatch(/^\d{4}-\d{4}-\d{4}-\d{4}-\d{4}$/);
    expect(outcome.units).toBe('23.9 kWh'); // ₦5,000 at ₦209.50/kWh
    expect(outcome.exchangeReference).toMatch(/^\d{13}$/);
    expect(outcome.customerName).toBeTruthy();
    expect(outcome.providerReference).toMatch(/^\d+$/);
  });

  it('postpaid electricity has no token', async () => {
    const outcome = await sandbox.purchase({
      ...request('electricity', '5678'),
      variationCode: 'postpaid',
    });
    expect(outcome.status).toBe('successful');
    expect(outcome.token).toBeUndefined();
    expect(outcome.exchangeReference).toBeTruthy();
  });

  it('a pending electricity purchase delivers its token on requery', async () => {
    const req = request('electricity', '1111');
    expect((await sandbox.purchase(req)).token).toBeUndefined();
    expect((await sandbox.requery(req.requestId)).token).toMatch(/^\d{4}(-\d{4}){4}$/);
  });

  it('WAEC answers one serial and pin per card; registration tokens; JAMB a pin', async () => {
    const waec = await sandbox.purchase({ ...request('education', '5678'), quantity: 2 });
    expect(waec.purchasedCode).toMatch(
      /^Serial: WRN\d{9}, Pin: \d{12}; Serial: WRN\d{9}, Pin: \d{12}$/,
    );
    const registration = await sandbox.purchase({
      ...request('education', '5678'),
      serviceId: 'waec-registration',
      variationCode: 'waec-registraion',
    });
    expect(registration.purchasedCode).toMatch(/^Token: \d{12}$/);
    const jamb = await sandbox.purchase({
      ...request('education', '5678'),
      serviceId: 'jamb',
      variationCode: 'utme',
      billersCode: '6543219876',
    });
    expect(jamb.purchasedCode).toMatch(/^Pin: \d{16}$/);
  });

  it('a repeated request_id answers again without a second charge', async () => {
    const own = createSandboxProvider({ instant: true });
    const req = request('airtime', '5678');
    const first = await own.purchase(req);
    const second = await own.purchase(req);
    expect(second).toEqual(first);
    expect(await own.balance()).toBe(SANDBOX_VT_FLOAT - 500_00);
  });

  it('an unknown request_id requeries as failed (nothing was bought)', async () => {
    expect((await sandbox.requery('202611220449unknown')).status).toBe('failed');
  });
});

describe('sandbox VTU provider: float, verify, variations, latency, store', () => {
  it('the float starts at its configured amount and falls with delivered purchases', async () => {
    const vt = createSandboxProvider({ instant: true });
    const atg = createSandboxProvider({
      instant: true,
      name: 'sandbox-flutterwave',
      float: SANDBOX_FLUTTERWAVE_FLOAT,
    });
    expect(await vt.balance()).toBe(2_500_000_00);
    expect(await atg.balance()).toBe(1_200_000_00);
    await vt.purchase(request('data', '5678')); // ₦1,000 plan from the catalogue
    await vt.purchase(request('airtime', '0000')); // failed: no charge
    const pendingReq = request('airtime', '1111');
    await vt.purchase(pendingReq); // pending: charged once delivered
    expect(await vt.balance()).toBe(2_500_000_00 - 1_000_00);
    await vt.requery(pendingReq.requestId);
    expect(await vt.balance()).toBe(2_500_000_00 - 1_500_00);
  });

  it('verifies meters and smart cards; numbers ending 9999 or not digits are unknown', async () => {
    const sandbox = createSandboxProvider({ instant: true });
    const meter = await sandbox.verifyCustomer({
      serviceId: 'ikeja-electric',
      customerNumber: '45012345678',
      variationCode: 'prepaid',
    });
    expect(meter).toMatchObject({ meter_number: '45012345678', min_purchase_amount: 500_00 });
    expect(meter?.customer_name).toBeTruthy();
    expect(meter?.address).toBeTruthy();
    const card = await sandbox.verifyCustomer({ serviceId: 'gotv', customerNumber: '7045121234' });
    expect(card?.current_bouquet).toMatch(/^GOtv /);
    expect(card?.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const jamb = await sandbox.verifyCustomer({ serviceId: 'jamb', customerNumber: '6543219876' });
    expect(Object.keys(jamb ?? {})).toEqual(['customer_name']);
    expect(
      await sandbox.verifyCustomer({ serviceId: 'dstv', customerNumber: '7045129999' }),
    ).toBeNull();
    expect(
      await sandbox.verifyCustomer({ serviceId: 'dstv', customerNumber: '70x5121' }),
    ).toBeNull();
  });

  it('lists variations from the catalogue in kobo', async () => {
    const sandbox = createSandboxProvider({ instant: true });
    const data = await sandbox.listVariations('mtn-data');
    expect(data).toContainEqual({
      code: 'mtn-data-1gb-30d',
      name: '1GB - 30 days',
      amount: 1_000_00,
    });
    const tv = await sandbox.listVariations('dstv');
    expect(tv).toContainEqual({ code: 'dstv-padi', name: 'DStv Padi', amount: 4_400_00 });
    const power = await sandbox.listVariations('ikeja-electric');
    expect(power.map((v) => v.code)).toEqual(['prepaid', 'postpaid']);
    expect(await sandbox.listVariations('jamb')).toHaveLength(2);
    expect(await sandbox.listVariations('nope')).toEqual([]);
  });

  it('has small realistic delays unless instant', async () => {
    const slow = createSandboxProvider({ delayMs: { min: 30, max: 30 } });
    const started = performance.now();
    await slow.purchase(request('airtime', '5678'));
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    const timeoutStarted = performance.now();
    await slow.purchase(request('airtime', '3333'));
    expect(performance.now() - timeoutStarted).toBeGreaterThanOrEqual(100); // 4× for a timeout
  });

  it('keeps its requery memory in an injected store (persists across instances)', async () => {
    const store = memoryStore<SandboxRecord>();
    const before = createSandboxProvider({ instant: true, store });
    const req = request('electricity', '2222');
    expect((await before.purchase(req)).status).toBe('pending');
    const after = createSandboxProvider({ instant: true, store }); // e.g. after a restart
    expect((await after.requery(req.requestId)).status).toBe('failed');
    expect((await after.inspect(req.requestId))?.scenario).toBe('pending-then-fail');
  });
});
