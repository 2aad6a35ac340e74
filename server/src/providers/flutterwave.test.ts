import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFlutterwaveProvider, parseFlutterwaveWebhook } from './flutterwave.ts';
import { type FakeServer, startFakeServer } from './testing/fake-http.ts';
import type { CardProvider } from './types.ts';
import { ProviderError } from './util.ts';

let fake: FakeServer;
let flw: CardProvider;

beforeAll(async () => {
  fake = await startFakeServer();
});
afterAll(() => fake.close());
beforeEach(() => {
  flw = createFlutterwaveProvider({
    secretKey: 'FLWSECK_TEST-abc',
    webhookHash: 'my-dashboard-hash',
    baseUrl: fake.url,
    timeoutMs: 5_000,
    title: 'PayBills',
  });
});

const checkout = {
  txRef: 'PB-tx-0001',
  amount: 10_000_00,
  redirectUrl: 'http://127.0.0.1:3000/payment/verify',
  customer: { email: 'ada@example.com', name: 'Ada Obi', phone: '08031234567' },
};

const verified = (extra: Record<string, unknown> = {}) => ({
  status: 'success',
  message: 'Transaction fetched successfully',
  data: {
    id: 4_567_890,
    tx_ref: 'PB-tx-0001',
    flw_ref: 'FLW-MOCK-123',
    amount: 10000,
    currency: 'NGN',
    charged_amount: 10140,
    app_fee: 140,
    merchant_fee: 0,
    status: 'successful',
    customer: { email: 'ada@example.com' },
    ...extra,
  },
});

describe('Flutterwave adapter', () => {
  it('creates a checkout: POST /v3/payments with Bearer secret and the documented body', async () => {
    fake.handle(() => ({
      json: {
        status: 'success',
        message: 'Hosted Link',
        data: { link: 'https://checkout.flutterwave.com/v3/hosted/pay/abc' },
      },
    }));
    expect(await flw.createCheckout(checkout)).toEqual({
      link: 'https://checkout.flutterwave.com/v3/hosted/pay/abc',
    });
    const [req] = fake.requests;
    expect(req?.method).toBe('POST');
    expect(req?.path).toBe('/v3/payments');
    expect(req?.headers.authorization).toBe('Bearer FLWSECK_TEST-abc');
    expect(req?.body).toEqual({
      tx_ref: 'PB-tx-0001',
      amount: 10000,
      currency: 'NGN',
      redirect_url: 'http://127.0.0.1:3000/payment/verify',
      customer: { email: 'ada@example.com', name: 'Ada Obi', phonenumber: '08031234567' },
      customizations: { title: 'PayBills' },
    });
  });

  it('a refused or unreadable checkout throws ProviderError', async () => {
    fake.handle(() => ({ status: 400, json: { status: 'error', message: 'Invalid key' } }));
    await expect(flw.createCheckout(checkout)).rejects.toBeInstanceOf(ProviderError);
    fake.handle(() => ({ json: { status: 'success', data: { link: 'javascript:alert(1)' } } }));
    await expect(flw.createCheckout(checkout)).rejects.toBeInstanceOf(ProviderError);
  });

  it('verifies by transaction id and normalises to kobo', async () => {
    fake.handle(() => ({ json: verified() }));
    const result = await flw.verify({ transactionId: '4567890', txRef: 'PB-tx-0001' });
    expect(result).toMatchObject({
      status: 'successful',
      txRef: 'PB-tx-0001',
      transactionId: '4567890',
      amount: 10_000_00,
      currency: 'NGN',
      appFee: 140_00,
    });
    expect(fake.requests[0]?.path).toBe('/v3/transactions/4567890/verify');
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer FLWSECK_TEST-abc');
  });

  it('returns mismatching fields as they are: the server decides', async () => {
    fake.handle(() => ({
      json: verified({
        tx_ref: 'someone-else',
        currency: 'USD',
        amount: 100,
        status: 'successful',
      }),
    }));
    expect(await flw.verify({ transactionId: '4567890', txRef: 'PB-tx-0001' })).toMatchObject({
      status: 'successful',
      txRef: 'someone-else',
      currency: 'USD',
      amount: 100_00,
    });
  });

  it('maps failed, cancelled and unknown statuses', async () => {
    for (const [status, expected] of [
      ['failed', 'failed'],
      ['cancelled', 'cancelled'],
      ['pending', 'pending'],
      ['weird', 'pending'],
    ] as const) {
      fake.handle(() => ({ json: verified({ status }) }));
      expect((await flw.verify({ transactionId: '1', txRef: 'PB-tx-0001' })).status).toBe(expected);
    }
  });

  it('verifies by reference without an id, with a non-numeric id, or when the id fails', async () => {
    fake.handle(() => ({ json: verified() }));
    await flw.verify({ txRef: 'PB tx/0001' });
    expect(fake.requests[0]?.path).toBe('/v3/transactions/verify_by_reference');
    expect(fake.requests[0]?.query.get('tx_ref')).toBe('PB tx/0001');

    fake.handle(() => ({ json: verified() }));
    await flw.verify({ transactionId: '../../v3/payments', txRef: 'PB-tx-0001' });
    expect(fake.requests.map((r) => r.path)).toEqual(['/v3/transactions/verify_by_reference']);

    fake.handle((req) =>
      req.path.endsWith('/verify')
        ? { status: 404, json: { status: 'error', message: 'No transaction was found' } }
        : { json: verified() },
    );
    const result = await flw.verify({ transactionId: '999', txRef: 'PB-tx-0001' });
    expect(result.status).toBe('successful');
    expect(fake.requests.map((r) => r.path)).toEqual([
      '/v3/transactions/999/verify',
      '/v3/transactions/verify_by_reference',
    ]);
  });

  it('answers pending (never throws) when Flutterwave cannot say', async () => {
    fake.handle(() => ({ status: 500, text: 'oops' }));
    expect(await flw.verify({ transactionId: '1', txRef: 'PB-tx-0001' })).toMatchObject({
      status: 'pending',
      txRef: 'PB-tx-0001',
      transactionId: '1',
      amount: 0,
    });
    fake.handle(() => ({ json: verified(), delayMs: 2_000 }));
    const impatient = createFlutterwaveProvider({
      secretKey: 'k',
      baseUrl: fake.url,
      timeoutMs: 300,
    });
    expect((await impatient.verify({ txRef: 'PB-tx-0001' })).status).toBe('pending');
    fake.handle(() => ({ json: verified({ amount: 'lots' }) }));
    expect((await flw.verify({ txRef: 'PB-tx-0001' })).status).toBe('pending');
  });

  it('checks the webhook verif-hash', () => {
    expect(flw.verifyWebhookSignature({ 'verif-hash': 'my-dashboard-hash' })).toBe(true);
    expect(flw.verifyWebhookSignature({ 'Verif-Hash': 'my-dashboard-hash' })).toBe(true);
    expect(flw.verifyWebhookSignature({ 'verif-hash': ['my-dashboard-hash'] })).toBe(true);
    expect(flw.verifyWebhookSignature({ 'verif-hash': 'my-dashboard-has' })).toBe(false);
    expect(flw.verifyWebhookSignature({ 'verif-hash': '' })).toBe(false);
    expect(flw.verifyWebhookSignature({})).toBe(false);
    const noHash = createFlutterwaveProvider({
      secretKey: 'k',
      baseUrl: fake.url,
      timeoutMs: 250,
    });
    expect(noHash.verifyWebhookSignature({ 'verif-hash': 'anything' })).toBe(false);
  });

  it('reads the references of a webhook body (to verify, never to trust)', () => {
    expect(
      parseFlutterwaveWebhook({
        event: 'charge.completed',
        data: { id: 4_567_890, tx_ref: 'PB-tx-0001', status: 'successful', amount: 10000 },
      }),
    ).toEqual({ event: 'charge.completed', transactionId: '4567890', txRef: 'PB-tx-0001' });
    expect(parseFlutterwaveWebhook({ data: { txRef: 'PB-tx-2', id: 'abc' } })).toEqual({
      txRef: 'PB-tx-2',
    });
    expect(parseFlutterwaveWebhook({ event: 'charge.completed', data: {} })).toBeNull();
    expect(parseFlutterwaveWebhook(null)).toBeNull();
  });
});
