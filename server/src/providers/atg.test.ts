import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ATG_ERRORS, createAtgProvider } from './atg.ts';
import { type FakeServer, deadUrl, startFakeServer } from './testing/fake-http.ts';
import type { PurchaseRequest, VtuProvider } from './types.ts';
import { ProviderError } from './util.ts';

let fake: FakeServer;
let atg: VtuProvider;

beforeAll(async () => {
  fake = await startFakeServer();
});
afterAll(() => fake.close());
beforeEach(() => {
  atg = createAtgProvider({ baseUrl: fake.url, apiKey: 'atg-test-key', timeoutMs: 5_000 });
});

const data: PurchaseRequest = {
  requestId: '202611220449atg001',
  product: 'data',
  serviceId: 'mtn-data',
  variationCode: 'mtn-data-1gb-30d',
  amount: 1_000_00,
  phone: '08031234567',
};

const purchase = (status: string, extra: Record<string, unknown> = {}) => ({
  ok: true,
  data: { reference: data.requestId, id: 'ATG-99812', status, message: 'OK', ...extra },
});

describe('ATG adapter', () => {
  it('POSTs /v1/purchases with a Bearer key and maps completed → successful', async () => {
    fake.handle(() => ({ status: 201, json: purchase('completed') }));
    const outcome = await atg.purchase(data);
    expect(outcome).toMatchObject({ status: 'successful', providerReference: 'ATG-99812' });
    const [req] = fake.requests;
    expect(req?.method).toBe('POST');
    expect(req?.path).toBe('/v1/purchases');
    expect(req?.headers.authorization).toBe('Bearer atg-test-key');
    expect(req?.body).toEqual({
      reference: data.requestId,
      service: 'mtn-data',
      product: 'data',
      plan: 'mtn-data-1gb-30d',
      amount: '1000.00',
      recipient: '08031234567',
      phone: '08031234567',
    });
  });

  it('reads tokens, units and pins', async () => {
    fake.handle(() => ({
      json: purchase('completed', {
        token: '1234-5678-9012-3456-7890',
        units: '12.4 kWh',
        exchange_reference: 'EX-1',
        customer_name: 'ADA OBI',
        pins: [{ serial: 'S1', pin: '111' }, { pin: '222' }],
      }),
    }));
    expect(await atg.purchase(data)).toMatchObject({
      token: '1234-5678-9012-3456-7890',
      units: '12.4 kWh',
      exchangeReference: 'EX-1',
      customerName: 'ADA OBI',
      purchasedCode: 'Serial: S1, Pin: 111; Pin: 222',
    });
  });

  it('processing is pending; requery (GET /v1/purchases/{reference}) completes it', async () => {
    fake.handle(() => ({ status: 202, json: purchase('processing') }));
    expect((await atg.purchase(data)).status).toBe('pending');
    fake.handle(() => ({ json: purchase('completed') }));
    expect((await atg.requery(data.requestId)).status).toBe('successful');
    expect(fake.requests[0]?.method).toBe('GET');
    expect(fake.requests[0]?.path).toBe(`/v1/purchases/${data.requestId}`);
    fake.handle(() => ({ json: purchase('refunded') }));
    expect((await atg.requery(data.requestId)).status).toBe('failed');
  });

  /** One row per error code: HTTP status, what a purchase and a requery answering it mean. */
  const ERRORS: [status: number, code: string, purchase: string, requery: string][] = [
    [400, 'INVALID_REQUEST', 'failed', 'pending'],
    [422, 'INVALID_SERVICE', 'failed', 'pending'],
    [422, 'INVALID_PLAN', 'failed', 'pending'],
    [422, 'INVALID_AMOUNT', 'failed', 'pending'],
    [422, 'INVALID_RECIPIENT', 'failed', 'pending'],
    [402, 'INSUFFICIENT_FUNDS', 'failed', 'pending'],
    [401, 'UNAUTHORIZED', 'failed', 'pending'],
    [409, 'DUPLICATE_REFERENCE', 'pending', 'pending'],
    [404, 'NOT_FOUND', 'pending', 'pending'],
    [429, 'RATE_LIMITED', 'pending', 'pending'],
    [418, 'SOMETHING_NEW', 'pending', 'pending'],
  ];

  it.each(ERRORS)(
    'HTTP %i %s: purchase → %s, requery → %s',
    async (status, code, bought, asked) => {
      fake.handle(() => ({ status, json: { ok: false, error: { code, message: 'nope' } } }));
      expect((await atg.purchase(data)).status).toBe(bought);
      const requery = await atg.requery(data.requestId);
      expect(requery.status).toBe(asked);
      if (asked === 'pending') expect(requery.callFailed).toBe(true);
    },
  );

  it('every code in the adapter table has its row above', () => {
    const tested = new Set(ERRORS.map(([, code]) => code));
    expect(Object.keys(ATG_ERRORS).filter((code) => !tested.has(code))).toEqual([]);
  });

  it.each([
    ['completed', 'successful'],
    ['processing', 'pending'],
    ['queued', 'pending'],
    ['failed', 'failed'],
    ['refunded', 'failed'],
    ['mystery', 'pending'],
  ])('status %s → %s on a requery', async (status, expected) => {
    fake.handle(() => ({ json: purchase(status) }));
    expect((await atg.requery(data.requestId)).status).toBe(expected);
  });

  it('5xx, timeouts, malformed and missing fields are pending', async () => {
    fake.handle(() => ({ status: 500, json: { ok: false, error: { code: 'INVALID_PLAN' } } }));
    expect((await atg.purchase(data)).status).toBe('pending');
    fake.handle(() => ({ json: purchase('completed'), delayMs: 2_000 }));
    const impatient = createAtgProvider({ baseUrl: fake.url, apiKey: 'k', timeoutMs: 300 });
    expect(await impatient.purchase(data)).toMatchObject({
      status: 'pending',
      raw: { timeout: true },
    });
    fake.handle(() => ({ text: '{"ok":true,"data":' }));
    expect((await atg.purchase(data)).status).toBe('pending');
    fake.handle(() => ({ json: { ok: true, data: {} } }));
    expect((await atg.purchase(data)).status).toBe('pending');
    fake.handle(() => ({ json: { ok: true } }));
    expect((await atg.purchase(data)).status).toBe('pending');
    const dead = createAtgProvider({ baseUrl: await deadUrl(), apiKey: 'k', timeoutMs: 500 });
    expect((await dead.purchase(data)).status).toBe('pending');
  });

  it('reads the wallet balance (naira → kobo) and plans', async () => {
    fake.handle(() => ({ json: { ok: true, data: { balance: '1200000.00', currency: 'NGN' } } }));
    expect(await atg.balance()).toBe(1_200_000_00);
    expect(fake.requests[0]?.path).toBe('/v1/wallet');
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer atg-test-key');
    fake.handle(() => ({
      json: { ok: true, data: [{ code: 'mtn-1gb', name: '1GB - 30 days', price: '980.50' }] },
    }));
    expect(await atg.listVariations('mtn-data')).toEqual([
      { code: 'mtn-1gb', name: '1GB - 30 days', amount: 980_50 },
    ]);
    expect(fake.requests[0]?.path).toBe('/v1/services/mtn-data/plans');
    fake.handle(() => ({ status: 503, text: 'down' }));
    await expect(atg.balance()).rejects.toBeInstanceOf(ProviderError);
  });

  it('verifies a customer; CUSTOMER_NOT_FOUND answers null', async () => {
    fake.handle(() => ({
      json: { ok: true, data: { name: 'ADA OBI', meter_number: '45012345678', min_amount: 1000 } },
    }));
    expect(
      await atg.verifyCustomer({
        serviceId: 'ikeja-electric',
        customerNumber: '45012345678',
        variationCode: 'prepaid',
      }),
    ).toEqual({
      customer_name: 'ADA OBI',
      meter_number: '45012345678',
      min_purchase_amount: 1_000_00,
    });
    expect(fake.requests[0]?.body).toEqual({
      service: 'ikeja-electric',
      number: '45012345678',
      type: 'prepaid',
    });
    fake.handle(() => ({
      status: 404,
      json: { ok: false, error: { code: 'CUSTOMER_NOT_FOUND' } },
    }));
    expect(await atg.verifyCustomer({ serviceId: 'dstv', customerNumber: '1' })).toBeNull();
  });
});
