import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFlutterwaveTransferProvider } from './flutterwave-transfers.ts';
import { deadUrl, type FakeServer, startFakeServer } from './testing/fake-http.ts';
import type { TransferProvider } from './types.ts';
import { ProviderError } from './util.ts';

let fake: FakeServer;
let flw: TransferProvider;

beforeAll(async () => {
  fake = await startFakeServer();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  flw = createFlutterwaveTransferProvider({
    secretKey: 'FLWSECK_TEST-abc',
    webhookHash: 'my-dashboard-hash',
    baseUrl: fake.url,
    timeoutMs: 5_000,
  });
});

const BVN = '22212345678';
const request = {
  txRef: 'PBVA-user-1',
  bvn: BVN,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Obi',
  phone: '08031234567',
  narration: 'PayBills Ada Obi',
};

describe('Flutterwave virtual accounts and transfers', () => {
  it('creates a permanent account: POST /v3/virtual-account-numbers with the BVN', async () => {
    fake.handle(() => ({
      json: {
        status: 'success',
        message: 'Virtual account created',
        data: {
          response_code: '02',
          flw_ref: 'FLW-abc',
          order_ref: 'URF_123',
          account_number: '7824822527',
          bank_name: 'WEMA BANK',
          note: 'Please make a bank transfer to PayBills FLW',
        },
      },
    }));
    expect(await flw.createVirtualAccount(request)).toEqual({
      accountNumber: '7824822527',
      bankName: 'WEMA BANK',
      accountName: 'Please make a bank transfer to PayBills FLW',
      providerRef: 'URF_123',
    });
    const [req] = fake.requests;
    expect(req?.path).toBe('/v3/virtual-account-numbers');
    expect(req?.headers.authorization).toBe('Bearer FLWSECK_TEST-abc');
    expect(req?.body).toMatchObject({ is_permanent: true, bvn: BVN, tx_ref: 'PBVA-user-1' });
  });

  it('a refused creation throws without the BVN in the error', async () => {
    fake.handle(() => ({ status: 400, json: { status: 'error', message: `BVN ${BVN} invalid` } }));
    const error = await flw.createVirtualAccount(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(JSON.stringify(error) + String(error)).not.toContain(BVN);
  });

  it('verifies a transfer by id: what the provider says, never judged here', async () => {
    fake.handle(() => ({
      json: {
        status: 'success',
        data: {
          id: 987654321,
          tx_ref: 'PBVA-user-1',
          amount: '20000.00',
          currency: 'NGN',
          status: 'successful',
          payment_type: 'bank_transfer',
          meta: { originatorname: 'ADA OBI', bankname: 'GTBank' },
        },
      },
    }));
    expect(await flw.verifyTransfer('987654321')).toMatchObject({
      status: 'successful',
      transactionId: '987654321',
      txRef: 'PBVA-user-1',
      amount: 20_000_00,
      currency: 'NGN',
      paymentType: 'bank_transfer',
      sender: 'ADA OBI, GTBank',
    });
    expect(fake.requests[0]?.path).toBe('/v3/transactions/987654321/verify');
  });

  it('an unreadable answer or a non-numeric id is pending; no answer throws (retry)', async () => {
    fake.handle(() => ({ text: 'not json' }));
    expect((await flw.verifyTransfer('1234')).status).toBe('pending');
    expect((await flw.verifyTransfer('../admin')).status).toBe('pending');
    expect(fake.requests).toHaveLength(1);
    const dead = createFlutterwaveTransferProvider({
      secretKey: 'k',
      baseUrl: await deadUrl(),
      timeoutMs: 1_000,
    });
    await expect(dead.verifyTransfer('1234')).rejects.toBeInstanceOf(ProviderError);
  });

  it('accepts only the dashboard secret hash', () => {
    expect(flw.verifyWebhookSignature({ 'verif-hash': 'my-dashboard-hash' })).toBe(true);
    expect(flw.verifyWebhookSignature({ 'verif-hash': 'guess' })).toBe(false);
    expect(flw.verifyWebhookSignature({})).toBe(false);
  });
});
