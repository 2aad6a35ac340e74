/**
 * The Flutterwave bill-payments adapter against a fake upstream. Every fixture is the
 * documentation's own example (page cited beside it), changed only where a test needs another
 * value (said so).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DOCUMENTED_BILLERS,
  FLUTTERWAVE_REFUSED_HTTP,
  createFlutterwaveBillsProvider,
  parseFlutterwaveBillers,
} from './flutterwave-bills.ts';
import { type FakeServer, deadUrl, startFakeServer } from './testing/fake-http.ts';
import type { PurchaseRequest, VtuProvider } from './types.ts';
import { ProviderError } from './util.ts';

let fake: FakeServer;
let flw: VtuProvider;

/**
 * MTN data's biller BIL108 is Flutterwave's (developer.flutterwave.com/changelog/
 * how-to-buy-data-bundles-on-flutterwave). The docs show no electricity or GOtv codes: an
 * operator maps them from their account's bill categories, so those two entries are marked
 * placeholders (OPERATOR-…), never to be read as Flutterwave's codes.
 */
const billers = parseFlutterwaveBillers(
  'mtn-data=BIL108, ikeja-electric/prepaid=OPERATOR-BILLER-1/OPERATOR-ITEM-1, gotv/gotv-max=OPERATOR-BILLER-2/OPERATOR-ITEM-2',
);

beforeAll(async () => {
  fake = await startFakeServer();
});
afterAll(() => fake.close());
beforeEach(() => {
  flw = createFlutterwaveBillsProvider({
    secretKey: 'FLWSECK_TEST-SANDBOXDEMOKEY-X',
    baseUrl: fake.url,
    timeoutMs: 5_000,
    billers,
  });
});

// https://flutterwaveinc.mintlify.app/api-reference/bill-payments/create-a-bill-payment
// (example answer of POST /v3/billers/BIL119/items/CB140/payment).
const created = (extra: Record<string, unknown> = {}, message = 'Bill payment successful') => ({
  status: 'success',
  message,
  data: {
    phone_number: '0025401100',
    amount: 1800,
    network: 'DSTV Payment',
    code: '200',
    tx_ref: 'CF-FLYAPI-20240324091413750321',
    reference: '247837898415',
    batch_reference: null,
    recharge_token: null,
    fee: 100,
    ...extra,
  },
});

// https://flutterwaveinc.mintlify.app/api-reference/bill-payments/get-a-bill-payment-status
// (example answer; `status` added as `verbose=1` returns it, per
// https://developer.flutterwave.com/v3.0.0/reference/get-status-of-a-bill-payment, spelt as
// the bill history example writes it: https://flutterwaveinc.mintlify.app/api-reference/bill-payments/get-bill-payments-history).
const billStatus = (status?: string, extra: Record<string, unknown> = {}) => ({
  status: 'success',
  message: 'Bill status fetch successful',
  data: {
    currency: 'NGN',
    customer_id: '0025401100',
    frequency: 'One Time',
    amount: '1800.00',
    fee: 100,
    product: 'DSTV Payment',
    product_name: 'DSTV Payment',
    commission: 10,
    transaction_date: '2024-03-24T09:14:13.373Z',
    customer_reference: 'd7a004b1-a581-4cd9-89ae-a1f093400',
    country: 'NG',
    flw_ref: '247837898415',
    tx_ref: 'CF-FLYAPI-20240324091413750321',
    batch_id: 3408739,
    extra: null,
    product_details: 'FLY-API-NG-DSTV Payment',
    ...(status === undefined ? {} : { status }),
    ...extra,
  },
});

// https://developer.flutterwave.com/docs/handling-error-timeouts (the 503 body); other
// refusals share the `{ status: "error", message, data }` envelope.
const error = (message: string) => ({ status: 'error', message, data: null });

const airtime: PurchaseRequest = {
  requestId: '202611250700flw001',
  product: 'airtime',
  serviceId: 'mtn',
  amount: 500_00,
  phone: '08038291822',
};
const cable: PurchaseRequest = {
  requestId: '202611250700flw002',
  product: 'cabletv',
  serviceId: 'dstv',
  variationCode: 'CB140',
  amount: 1_800_00,
  phone: '08038291822',
  billersCode: '0025401100',
};

describe('Flutterwave bills adapter', () => {
  it('pays: POST /v3/billers/{biller}/items/{item}/payment with Bearer key, naira, our reference', async () => {
    fake.handle(() => ({ json: created() }));
    const outcome = await flw.purchase(cable);
    expect(outcome).toMatchObject({
      status: 'successful',
      providerReference: 'CF-FLYAPI-20240324091413750321',
    });
    const [req] = fake.requests;
    expect(req?.method).toBe('POST');
    // A TV plan's code is the item (the catalogue's provider code), not the entry's CB141.
    expect(req?.path).toBe('/v3/billers/BIL119/items/CB140/payment');
    expect(req?.headers.authorization).toBe('Bearer FLWSECK_TEST-SANDBOXDEMOKEY-X');
    expect(req?.body).toEqual({
      country: 'NG',
      customer_id: '0025401100',
      amount: 1800,
      reference: cable.requestId,
    });
  });

  it('airtime uses the documented biller BIL099 / item AT099 and the phone as customer', async () => {
    fake.handle(() => ({ json: created({ phone_number: '08038291822', amount: 500 }) }));
    expect((await flw.purchase(airtime)).status).toBe('successful');
    expect(fake.requests[0]?.path).toBe('/v3/billers/BIL099/items/AT099/payment');
    expect(fake.requests[0]?.body).toMatchObject({ customer_id: '08038291822', amount: 500 });
  });

  it('a plan named in FLUTTERWAVE_BILLERS buys its item; data plans otherwise send their code', async () => {
    fake.handle(() => ({ json: created() }));
    await flw.purchase({ ...cable, serviceId: 'gotv', variationCode: 'gotv-max' });
    expect(fake.requests[0]?.path).toBe(
      '/v3/billers/OPERATOR-BILLER-2/items/OPERATOR-ITEM-2/payment',
    );
    fake.handle(() => ({ json: created() }));
    await flw.purchase({
      ...airtime,
      product: 'data',
      serviceId: 'mtn-data',
      variationCode: 'MD142',
    });
    expect(fake.requests[0]?.path).toBe('/v3/billers/BIL108/items/MD142/payment');
  });

  it('prepaid electricity: the meter is the customer; recharge_token is the token', async () => {
    fake.handle(() => ({ json: created({ recharge_token: '1234-5678-9012-3456-7890' }) }));
    const outcome = await flw.purchase({
      requestId: '202611250700flw003',
      product: 'electricity',
      serviceId: 'ikeja-electric',
      variationCode: 'prepaid',
      amount: 3_000_00,
      phone: '08038291822',
      billersCode: '45012345678',
    });
    expect(outcome).toMatchObject({ status: 'successful', token: '1234-5678-9012-3456-7890' });
    expect(fake.requests[0]?.path).toBe(
      '/v3/billers/OPERATOR-BILLER-1/items/OPERATOR-ITEM-1/payment',
    );
    expect(fake.requests[0]?.body).toMatchObject({ customer_id: '45012345678', amount: 3000 });
  });

  it('sends nothing and fails (refunded) what Flutterwave does not sell', async () => {
    fake.handle(() => ({ json: created() }));
    const exam = await flw.purchase({
      ...airtime,
      product: 'education',
      serviceId: 'waec',
      variationCode: 'waecdirect',
    });
    expect(exam).toMatchObject({ status: 'failed' });
    expect(exam.message).toContain('education');
    const glo = await flw.purchase({ ...airtime, serviceId: 'glo' });
    expect(glo).toMatchObject({ status: 'failed' });
    expect(glo.message).toContain('FLUTTERWAVE_BILLERS');
    expect(fake.requests).toEqual([]);
  });

  it('a success envelope that is not the documented "successful" delivery stays pending', async () => {
    fake.handle(() => ({ json: created({ code: '202' }, 'Bill payment is processing') }));
    const outcome = await flw.purchase(airtime);
    expect(outcome).toMatchObject({
      status: 'pending',
      providerReference: 'CF-FLYAPI-20240324091413750321',
    });
    expect(outcome.callFailed).toBeUndefined();
    fake.handle(() => ({ json: created({ status: 'pending' }) }));
    expect((await flw.purchase(airtime)).status).toBe('pending');
    fake.handle(() => ({ json: created({ status: 'failed' }, 'Bill payment failed') }));
    expect((await flw.purchase(airtime)).status).toBe('failed');
  });

  /** HTTP status of an `{ status: "error" }` create answer → outcome. */
  const CREATE_ERRORS: [status: number, expected: string][] = [
    [400, 'failed'],
    [401, 'failed'],
    [403, 'failed'],
    [404, 'failed'],
    [422, 'failed'],
    [409, 'pending'],
    [429, 'pending'],
    [500, 'pending'],
    [502, 'pending'],
    [503, 'pending'],
  ];

  it.each(CREATE_ERRORS)(
    'create answering HTTP %i status "error" → %s',
    async (status, expected) => {
      fake.handle(() => ({ status, json: error('An error occurred. Please contact support') }));
      const outcome = await flw.purchase(airtime);
      expect(outcome.status).toBe(expected);
      if (expected === 'pending') expect(outcome.callFailed).toBe(true);
    },
  );

  it('every refusal status in the adapter table has its row above', () => {
    const tested = new Set(CREATE_ERRORS.map(([status]) => status));
    expect([...FLUTTERWAVE_REFUSED_HTTP].filter((s) => !tested.has(s))).toEqual([]);
  });

  it('timeouts, network errors, redirects and unreadable answers are pending', async () => {
    fake.handle(() => ({ json: created(), delayMs: 2_000 }));
    const impatient = createFlutterwaveBillsProvider({
      secretKey: 'k',
      baseUrl: fake.url,
      timeoutMs: 300,
    });
    expect(await impatient.purchase(airtime)).toMatchObject({
      status: 'pending',
      raw: { timeout: true },
    });
    fake.handle(() => ({ text: '{"status":"success","data":' }));
    expect((await flw.purchase(airtime)).status).toBe('pending');
    fake.handle(() => ({ json: { status: 'success' } }));
    expect((await flw.purchase(airtime)).status).toBe('pending');
    fake.handle(() => ({ status: 400, text: 'Bad gateway page' }));
    expect((await flw.purchase(airtime)).status).toBe('pending');
    fake.handle(() => ({ status: 301, headers: { location: 'https://elsewhere.example/v3' } }));
    expect(await flw.purchase(airtime)).toMatchObject({ status: 'pending', callFailed: true });
    const dead = createFlutterwaveBillsProvider({
      secretKey: 'k',
      baseUrl: await deadUrl(),
      timeoutMs: 500,
    });
    expect((await dead.purchase(airtime)).status).toBe('pending');
  });

  it('requery: GET /v3/bills/{our reference}?verbose=1', async () => {
    fake.handle(() => ({ json: billStatus('successful') }));
    expect(await flw.requery(cable.requestId)).toMatchObject({
      status: 'successful',
      providerReference: 'CF-FLYAPI-20240324091413750321',
    });
    expect(fake.requests[0]?.method).toBe('GET');
    expect(fake.requests[0]?.path).toBe(`/v3/bills/${cable.requestId}`);
    expect(fake.requests[0]?.query.get('verbose')).toBe('1');
  });

  it.each([
    ['successful', 'successful'],
    ['Successful', 'successful'],
    ['success', 'successful'],
    ['failed', 'failed'],
    ['Failed', 'failed'],
    ['pending', 'pending'],
    ['mystery', 'pending'],
    [undefined, 'pending'],
  ])('bill status %s → %s', async (status, expected) => {
    fake.handle(() => ({ json: billStatus(status) }));
    expect((await flw.requery(cable.requestId)).status).toBe(expected);
  });

  it('a refused or failed status call says nothing about the bill: pending', async () => {
    for (const status of [400, 401, 404, 429, 500, 503]) {
      fake.handle(() => ({ status, json: error('No transaction found') }));
      expect(await flw.requery(cable.requestId)).toMatchObject({
        status: 'pending',
        callFailed: true,
      });
    }
    fake.handle(() => ({ json: { status: 'success', data: 'nope' } }));
    expect((await flw.requery(cable.requestId)).status).toBe('pending');
  });

  it('validates a smart card (GET /v3/bill-items/{item}/validate?code=&customer=)', async () => {
    // https://developer.flutterwave.com/reference/validate-bill-service (example answer).
    fake.handle(() => ({
      json: {
        status: 'success',
        message: 'Item validated successfully',
        data: {
          response_code: '00',
          address: null,
          response_message: 'Successful',
          name: 'Test DSTV Account',
          biller_code: 'BIL119',
          customer: '0025401100',
          product_code: 'CB141',
          email: null,
          fee: 0,
          maximum: 0,
          minimum: 0,
        },
      },
    }));
    expect(await flw.verifyCustomer({ serviceId: 'dstv', customerNumber: '0025401100' })).toEqual({
      customer_name: 'Test DSTV Account',
    });
    expect(fake.requests[0]?.path).toBe('/v3/bill-items/CB141/validate');
    expect(fake.requests[0]?.query.get('code')).toBe('BIL119');
    expect(fake.requests[0]?.query.get('customer')).toBe('0025401100');
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer FLWSECK_TEST-SANDBOXDEMOKEY-X');
  });

  it('a meter: the address and minimum are kept; a refusal or a non-00 code is null', async () => {
    fake.handle(() => ({
      json: {
        status: 'success',
        data: {
          response_code: '00',
          name: 'ADA OBI',
          address: '12 Allen Avenue, Ikeja',
          minimum: 1000,
        },
      },
    }));
    expect(
      await flw.verifyCustomer({
        serviceId: 'ikeja-electric',
        customerNumber: '45012345678',
        variationCode: 'prepaid',
      }),
    ).toEqual({
      customer_name: 'ADA OBI',
      address: '12 Allen Avenue, Ikeja',
      min_purchase_amount: 1_000_00,
    });
    expect(fake.requests[0]?.path).toBe('/v3/bill-items/OPERATOR-ITEM-1/validate');
    fake.handle(() => ({ status: 400, json: error('Invalid customer') }));
    expect(await flw.verifyCustomer({ serviceId: 'dstv', customerNumber: '1' })).toBeNull();
    fake.handle(() => ({
      json: { status: 'success', data: { response_code: '01', name: 'X' } },
    }));
    expect(await flw.verifyCustomer({ serviceId: 'dstv', customerNumber: '1' })).toBeNull();
    fake.handle(() => ({ status: 503, json: error('An error occurred. Please contact support') }));
    await expect(flw.verifyCustomer({ serviceId: 'dstv', customerNumber: '1' })).rejects.toThrow(
      ProviderError,
    );
  });

  it('reads the NGN balance (GET /v3/balances/NGN, naira → kobo)', async () => {
    // https://developer.flutterwave.com/reference/endpoints/misc/ (the NGN entry of the example).
    fake.handle(() => ({
      json: {
        status: 'success',
        message: 'Wallet balance fetched',
        data: { currency: 'NGN', available_balance: 2367840, ledger_balance: 253125.82 },
      },
    }));
    expect(await flw.balance()).toBe(2_367_840_00);
    expect(fake.requests[0]?.path).toBe('/v3/balances/NGN');
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer FLWSECK_TEST-SANDBOXDEMOKEY-X');
    fake.handle(() => ({ status: 401, json: error('Invalid authorization key') }));
    await expect(flw.balance()).rejects.toBeInstanceOf(ProviderError);
  });

  it("lists a biller's items (GET /v3/billers/{biller}/items)", async () => {
    fake.handle(() => ({
      json: {
        status: 'success',
        message: 'Bill items fetched successfully',
        // MD142 is the item the changelog page above shows; the docs show no second one, so
        // the other two are placeholders for the shapes (an amount as a string, an unreadable one).
        data: [
          {
            item_code: 'MD142',
            name: 'MTN 200 MB DATA BUNDLE',
            amount: 1000,
            biller_code: 'BIL108',
          },
          {
            item_code: 'OPERATOR-ITEM-3',
            name: 'MTN 4.5 GB',
            amount: '2000.00',
            biller_code: 'BIL108',
          },
          { item_code: 'OPERATOR-ITEM-4', name: 'broken', amount: 'lots', biller_code: 'BIL108' },
        ],
      },
    }));
    expect(await flw.listVariations('mtn-data')).toEqual([
      { code: 'MD142', name: 'MTN 200 MB DATA BUNDLE', amount: 1_000_00 },
      { code: 'OPERATOR-ITEM-3', name: 'MTN 4.5 GB', amount: 2_000_00 },
    ]);
    expect(fake.requests[0]?.path).toBe('/v3/billers/BIL108/items');
    await expect(flw.listVariations('glo-data')).rejects.toBeInstanceOf(ProviderError);
  });

  it('FLUTTERWAVE_BILLERS: documented codes by default, overrides, clear refusals', () => {
    expect(parseFlutterwaveBillers(undefined)).toEqual(DOCUMENTED_BILLERS);
    expect(
      parseFlutterwaveBillers('glo=OPERATOR-BILLER-5/OPERATOR-ITEM-5;mtn=BIL108/MD142'),
    ).toMatchObject({
      glo: { billerCode: 'OPERATOR-BILLER-5', itemCode: 'OPERATOR-ITEM-5' },
      mtn: { billerCode: 'BIL108', itemCode: 'MD142' },
      dstv: DOCUMENTED_BILLERS.dstv,
    });
    expect(() => parseFlutterwaveBillers('glo')).toThrow(/FLUTTERWAVE_BILLERS: "glo" is not/);
    expect(() => parseFlutterwaveBillers('glo=BIL 1')).toThrow(/FLUTTERWAVE_BILLERS/);
    expect(() => parseFlutterwaveBillers('glo=a/b/c')).toThrow(/FLUTTERWAVE_BILLERS/);
    expect(() => parseFlutterwaveBillers('glo=BIL1,GLO=BIL2')).toThrow(/named twice/);
  });
});
