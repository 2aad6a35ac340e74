import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeServer, deadUrl, startFakeServer } from './testing/fake-http.ts';
import type { PurchaseRequest, VtuProvider } from './types.ts';
import { ProviderError } from './util.ts';
import {
  createVtpassProvider,
  outcomeFromVtpass,
  parseVtpassCallback,
  VTPASS_CODES,
} from './vtpass.ts';

let fake: FakeServer;
let vtpass: VtuProvider;
const KEYS = { apiKey: 'test-api-key', publicKey: 'PK_test', secretKey: 'SK_test' };

beforeAll(async () => {
  fake = await startFakeServer();
});
afterAll(() => fake.close());
beforeEach(() => {
  vtpass = createVtpassProvider({ baseUrl: `${fake.url}/api/`, timeoutMs: 5_000, ...KEYS });
});

/** Gives up long before the fake answers a delayed reply (2 s). */
const impatient = () =>
  createVtpassProvider({ baseUrl: `${fake.url}/api`, timeoutMs: 300, ...KEYS });

const electricity: PurchaseRequest = {
  requestId: '202611220449abcdef',
  product: 'electricity',
  serviceId: 'ikeja-electric',
  variationCode: 'prepaid',
  amount: 5_000_50,
  phone: '08011111111',
  billersCode: '1111111111111',
};

/** The documented answer shape of /pay and /requery. */
function answer(status: string, extra: Record<string, unknown> = {}, code = '000') {
  return {
    code,
    response_description:
      status === 'delivered' ? 'TRANSACTION SUCCESSFUL' : 'TRANSACTION PROCESSED',
    content: {
      transactions: {
        status,
        product_name: 'Ikeja Electric Payment - IKEDC',
        unique_element: '1111111111111',
        unit_price: 5000.5,
        quantity: 1,
        commission: 50,
        total_amount: 4950.5,
        type: 'Electricity Bill',
        amount: 5000.5,
        transactionId: '17325634889741234567',
      },
    },
    requestId: '202611220449abcdef',
    amount: 5000.5,
    transaction_date: '2026-11-22T04:49:10.000000Z',
    purchased_code: '',
    ...extra,
  };
}

describe('VTpass adapter: purchase', () => {
  it('POSTs /pay with the documented body and secret-key headers; reads token and units', async () => {
    fake.handle(() => ({
      json: answer('delivered', {
        purchased_code: 'Token : 4213 4556 7788 9900 1122',
        token: 'Token : 42134556778899001122',
        units: '79.9 kWh',
        exchangeReference: '2546834223722',
        customerName: 'TESTMETER1',
        tariff: 'R2 SINGLE PHASE',
      }),
    }));
    const outcome = await vtpass.purchase(electricity);
    expect(outcome).toMatchObject({
      status: 'successful',
      providerReference: '17325634889741234567',
      token: '42134556778899001122',
      units: '79.9 kWh',
      exchangeReference: '2546834223722',
      customerName: 'TESTMETER1',
    });
    const [req] = fake.requests;
    expect(req?.method).toBe('POST');
    expect(req?.path).toBe('/api/pay');
    expect(req?.headers['api-key']).toBe('test-api-key');
    expect(req?.headers['secret-key']).toBe('SK_test');
    expect(req?.headers['public-key']).toBeUndefined();
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.body).toEqual({
      request_id: '202611220449abcdef',
      serviceID: 'ikeja-electric',
      billersCode: '1111111111111',
      variation_code: 'prepaid',
      amount: 5000.5,
      phone: '08011111111',
    });
  });

  it('takes the token from purchased_code when no token field is sent', async () => {
    fake.handle(() => ({
      json: answer('delivered', {
        purchased_code: 'Token : 4213-4556-7788-9900-1122',
        units: 32.5,
      }),
    }));
    const outcome = await vtpass.purchase(electricity);
    expect(outcome.token).toBe('4213-4556-7788-9900-1122');
    expect(outcome.units).toBe('32.5 kWh');
  });

  it('sends data with the phone as billersCode, and cable TV with subscription fields', async () => {
    fake.handle(() => ({ json: answer('delivered') }));
    await vtpass.purchase({
      requestId: '202611220449data1',
      product: 'data',
      serviceId: 'mtn-data',
      variationCode: 'mtn-10mb-100',
      phone: '08011111111',
    });
    expect(fake.requests[0]?.body).toEqual({
      request_id: '202611220449data1',
      serviceID: 'mtn-data',
      billersCode: '08011111111',
      variation_code: 'mtn-10mb-100',
      phone: '08011111111',
    });
    fake.handle(() => ({ json: answer('delivered') }));
    await vtpass.purchase({
      requestId: '202611220449tv1',
      product: 'cabletv',
      serviceId: 'dstv',
      variationCode: 'dstv-padi',
      amount: 4_400_00,
      phone: '08011111111',
      billersCode: '1212121212',
      subscriptionType: 'change',
      quantity: 1,
    });
    expect(fake.requests[0]?.body).toMatchObject({
      billersCode: '1212121212',
      subscription_type: 'change',
      quantity: 1,
      amount: 4400,
    });
  });

  it('WAEC cards become "Serial: X, Pin: Y" joined; JAMB Pin is kept', async () => {
    fake.handle(() => ({
      json: answer('delivered', {
        cards: [
          { Serial: 'WRN182134367', Pin: '367574683050773' },
          { Serial: 'WRN182134368', Pin: '367574683050774' },
        ],
      }),
    }));
    const waec = await vtpass.purchase({
      requestId: '202611220449waec',
      product: 'education',
      serviceId: 'waec',
      variationCode: 'waecdirect',
      quantity: 2,
      phone: '08011111111',
    });
    expect(waec.purchasedCode).toBe(
      'Serial: WRN182134367, Pin: 367574683050773; Serial: WRN182134368, Pin: 367574683050774',
    );
    fake.handle(() => ({ json: answer('delivered', { Pin: 'Pin : 3678251321392432' }) }));
    const jamb = await vtpass.purchase({ ...electricity, serviceId: 'jamb', product: 'education' });
    expect(jamb.purchasedCode).toBe('Pin: 3678251321392432');
  });

  it('099 is pending; requery (POST /requery) then says delivered', async () => {
    fake.handle(() => ({
      json: { code: '099', response_description: 'TRANSACTION IS PROCESSING', content: {} },
    }));
    const first = await vtpass.purchase(electricity);
    expect(first.status).toBe('pending');
    fake.handle(() => ({ json: answer('delivered', { token: '1234-5678-9012-3456-7890' }) }));
    const again = await vtpass.requery(electricity.requestId);
    expect(again).toMatchObject({ status: 'successful', token: '1234-5678-9012-3456-7890' });
    expect(fake.requests[0]?.path).toBe('/api/requery');
    expect(fake.requests[0]?.body).toEqual({ request_id: electricity.requestId });
    expect(fake.requests[0]?.headers['secret-key']).toBe('SK_test');
  });

  /**
   * One row per documented code (vtpass.com/documentation/response-codes): what a `/pay` and
   * a `/requery` answering it mean. A requery is failed only on the transaction's own verdict
   * (016, 040, 091); every refusal of the requery call itself leaves the purchase pending.
   */
  const CODES: [code: string, pay: string, requery: string][] = [
    ['099', 'pending', 'pending'],
    ['089', 'pending', 'pending'],
    ['016', 'failed', 'failed'],
    ['040', 'failed', 'failed'],
    ['091', 'failed', 'failed'],
    ['044', 'pending', 'pending'],
    ['010', 'failed', 'pending'],
    ['011', 'failed', 'pending'],
    ['012', 'failed', 'pending'],
    ['013', 'failed', 'pending'],
    ['014', 'pending', 'pending'],
    ['015', 'pending', 'pending'],
    ['017', 'failed', 'pending'],
    ['018', 'failed', 'pending'],
    ['019', 'failed', 'pending'],
    ['020', 'failed', 'pending'],
    ['021', 'failed', 'pending'],
    ['022', 'failed', 'pending'],
    ['023', 'failed', 'pending'],
    ['024', 'failed', 'pending'],
    ['025', 'failed', 'pending'],
    ['026', 'failed', 'pending'],
    ['030', 'failed', 'pending'],
    ['083', 'pending', 'pending'],
    ['085', 'failed', 'pending'],
    ['087', 'failed', 'pending'],
    ['999', 'pending', 'pending'],
  ];

  it.each(CODES)('code %s: /pay → %s, /requery → %s', async (code, pay, requery) => {
    fake.handle(() => ({ json: { code, response_description: 'SOMETHING' } }));
    const bought = await vtpass.purchase(electricity);
    expect(bought.status).toBe(pay);
    expect(bought.message).toContain(code);
    const asked = await vtpass.requery(electricity.requestId);
    expect(asked.status).toBe(requery);
    expect(asked.message).toContain(code);
    expect(fake.requests.map((r) => r.path)).toEqual(['/api/pay', '/api/requery']);
  });

  it('every code in the adapter table has its row above (000 and 001 read the status)', () => {
    const tested = new Set(CODES.map(([code]) => code));
    const untested = Object.keys(VTPASS_CODES).filter(
      (code) => !tested.has(code) && code !== '000' && code !== '001',
    );
    expect(untested).toEqual([]);
  });

  it.each(['000', '001'])(
    'code %s reads content.transactions.status on both calls',
    async (code) => {
      fake.handle(() => ({ json: answer('reversed', {}, code) }));
      expect((await vtpass.purchase(electricity)).status).toBe('failed');
      expect((await vtpass.requery(electricity.requestId)).status).toBe('failed');
      fake.handle(() => ({ json: answer('delivered', {}, code) }));
      expect((await vtpass.requery(electricity.requestId)).status).toBe('successful');
    },
  );

  it('a refused or unreadable requery is marked as a failed call; "processing" is not', async () => {
    fake.handle(() => ({ json: { code: '087', response_description: 'INVALID CREDENTIALS' } }));
    expect(await vtpass.requery('x')).toMatchObject({ status: 'pending', callFailed: true });
    fake.handle(() => ({ status: 429, json: { code: '000' } }));
    expect(await vtpass.requery('x')).toMatchObject({ status: 'pending', callFailed: true });
    fake.handle(() => ({ json: { code: '099' } }));
    expect((await vtpass.requery('x')).callFailed).toBeUndefined();
  });

  it.each([
    ['delivered', 'successful'],
    ['pending', 'pending'],
    ['initiated', 'pending'],
    ['failed', 'failed'],
    ['reversed', 'failed'],
    ['mystery', 'pending'],
  ])('000 with transactions.status %s → %s', async (txStatus, status) => {
    fake.handle(() => ({ json: answer(txStatus) }));
    expect((await vtpass.purchase(electricity)).status).toBe(status);
  });

  it('a timeout (server slower than the adapter) is pending', async () => {
    fake.handle(() => ({ json: answer('delivered'), delayMs: 2_000 }));
    const started = performance.now();
    const outcome = await impatient().purchase(electricity);
    expect(outcome).toMatchObject({ status: 'pending', raw: { timeout: true } });
    expect(performance.now() - started).toBeLessThan(1_800);
  });

  it('a malformed body is pending', async () => {
    fake.handle(() => ({ text: '{"code":"000","content":{"transactions":{"status":"deliv' }));
    const outcome = await vtpass.purchase(electricity);
    expect(outcome.status).toBe('pending');
    expect(outcome.message).toMatch(/malformed/i);
  });

  it('HTTP 500 is pending, even with a success-looking body', async () => {
    fake.handle(() => ({ status: 500, json: answer('delivered') }));
    expect((await vtpass.purchase(electricity)).status).toBe('pending');
    fake.handle(() => ({ status: 502, text: '<html>Bad Gateway</html>' }));
    expect((await vtpass.purchase(electricity)).status).toBe('pending');
  });

  it.each([
    ['000 without content', { code: '000' }],
    ['no code', { content: { transactions: { status: 'delivered' } } }],
    ['code of the wrong type', { code: { x: 1 } }],
    ['transaction without status', { code: '000', content: { transactions: {} } }],
    ['empty object', {}],
    ['null', null],
    ['an array', []],
    ['a string', 'OK'],
  ])('missing fields (%s) are pending', async (_label, body) => {
    fake.handle(() => ({ json: body }));
    expect((await vtpass.purchase(electricity)).status).toBe('pending');
  });

  it('extras of the wrong type do not hide a delivered transaction', async () => {
    fake.handle(() => ({ json: answer('delivered', { token: { weird: true }, cards: 'nope' }) }));
    const outcome = await vtpass.purchase(electricity);
    expect(outcome.status).toBe('successful');
    expect(outcome.token).toBeUndefined();
  });

  it('a network error (nothing listening) is pending', async () => {
    const dead = createVtpassProvider({ baseUrl: await deadUrl(), timeoutMs: 500, ...KEYS });
    const outcome = await dead.purchase(electricity);
    expect(outcome.status).toBe('pending');
    expect(outcome.message).toMatch(/network/i);
    expect((await dead.requery('x')).status).toBe('pending');
  });

  it('maps a callback body with the same rules', () => {
    expect(outcomeFromVtpass(answer('reversed'), 'requery').status).toBe('failed');
    expect(outcomeFromVtpass(undefined, 'requery').status).toBe('pending');
    expect(outcomeFromVtpass({ code: '087' }, 'requery').status).toBe('pending');
  });

  it('parses a transaction-update callback (a hint: requery before acting)', () => {
    const update = { type: 'transaction-update', data: answer('reversed', { code: '040' }) };
    expect(parseVtpassCallback(update)).toMatchObject({
      requestId: '202611220449abcdef',
      outcome: { status: 'failed' },
    });
    expect(parseVtpassCallback({ type: 'other', data: {} })).toBeNull();
    expect(parseVtpassCallback({ type: 'transaction-update', data: {} })).toBeNull();
    expect(parseVtpassCallback('x')).toBeNull();
  });
});

describe('VTpass adapter: lookups', () => {
  it('lists variations (GET with public-key) and accepts the "varations" spelling', async () => {
    const list = [
      {
        variation_code: 'dstv-padi',
        name: 'DStv Padi N4,400',
        variation_amount: '4400.00',
        fixedPrice: 'Yes',
      },
      {
        variation_code: 'dstv-yanga',
        name: 'DStv Yanga',
        variation_amount: 6000,
        fixedPrice: 'Yes',
      },
    ];
    const expected = [
      { code: 'dstv-padi', name: 'DStv Padi N4,400', amount: 4_400_00 },
      { code: 'dstv-yanga', name: 'DStv Yanga', amount: 6_000_00 },
    ];
    fake.handle(() => ({
      json: {
        response_description: '000',
        content: { ServiceName: 'DSTV', serviceID: 'dstv', varations: list },
      },
    }));
    expect(await vtpass.listVariations('dstv')).toEqual(expected);
    const [req] = fake.requests;
    expect(req?.method).toBe('GET');
    expect(req?.path).toBe('/api/service-variations');
    expect(req?.query.get('serviceID')).toBe('dstv');
    expect(req?.headers['api-key']).toBe('test-api-key');
    expect(req?.headers['public-key']).toBe('PK_test');
    expect(req?.headers['secret-key']).toBeUndefined();
    fake.handle(() => ({ json: { response_description: '000', content: { variations: list } } }));
    expect(await vtpass.listVariations('dstv')).toEqual(expected);
  });

  it('reads the balance in naira and answers kobo', async () => {
    fake.handle(() => ({ json: { code: 1, contents: { balance: 2_500_000.57 } } }));
    expect(await vtpass.balance()).toBe(250_000_057);
    expect(fake.requests[0]?.path).toBe('/api/balance');
    expect(fake.requests[0]?.headers['public-key']).toBe('PK_test');
    fake.handle(() => ({ json: { contents: { balance: '1,000.50' } } }));
    expect(await vtpass.balance()).toBe(100_050);
  });

  it('balance and variations throw ProviderError on unusable answers', async () => {
    fake.handle(() => ({ json: { contents: {} } }));
    await expect(vtpass.balance()).rejects.toBeInstanceOf(ProviderError);
    fake.handle(() => ({ status: 500, text: 'oops' }));
    await expect(vtpass.balance()).rejects.toBeInstanceOf(ProviderError);
    fake.handle(() => ({ text: 'not json' }));
    await expect(vtpass.listVariations('dstv')).rejects.toBeInstanceOf(ProviderError);
  });

  it('verifies a meter via /merchant-verify', async () => {
    fake.handle(() => ({
      json: {
        code: '000',
        content: {
          Customer_Name: 'TESTMETER1',
          Address: 'ABULE - EGBA BU ABULE',
          Meter_Number: '1111111111111',
          Customer_Arrears: '',
          Minimum_Amount: '',
          Min_Purchase_Amount: 500,
          Can_Vend: 'yes',
          Business_Unit: '',
          Customer_Account_Type: 'NMD',
          Meter_Type: 'PREPAID',
          WrongBillersCode: false,
        },
      },
    }));
    const lookup = await vtpass.verifyCustomer({
      serviceId: 'ikeja-electric',
      customerNumber: '1111111111111',
      variationCode: 'prepaid',
    });
    expect(lookup).toEqual({
      customer_name: 'TESTMETER1',
      address: 'ABULE - EGBA BU ABULE',
      meter_number: '1111111111111',
      min_purchase_amount: 500_00,
    });
    expect(fake.requests[0]?.body).toEqual({
      billersCode: '1111111111111',
      serviceID: 'ikeja-electric',
      type: 'prepaid',
    });
    expect(fake.requests[0]?.headers['secret-key']).toBe('SK_test');
  });

  it('verifies a smart card (bouquet and due date)', async () => {
    fake.handle(() => ({
      json: {
        code: '000',
        content: {
          Customer_Name: 'TEST USER',
          Status: 'ACTIVE',
          Due_Date: '2026-12-01T00:00:00',
          Customer_Number: 8061522780,
          Customer_Type: 'DSTV',
          Current_Bouquet: 'DStv Compact',
          Renewal_Amount: 19000,
        },
      },
    }));
    expect(
      await vtpass.verifyCustomer({ serviceId: 'dstv', customerNumber: '1212121212' }),
    ).toEqual({
      customer_name: 'TEST USER',
      current_bouquet: 'DStv Compact',
      due_date: '2026-12-01T00:00:00',
    });
  });

  it('WrongBillersCode (or an error text) answers null', async () => {
    fake.handle(() => ({
      json: {
        code: '000',
        content: { error: 'This meter number is invalid.', WrongBillersCode: true },
      },
    }));
    expect(
      await vtpass.verifyCustomer({ serviceId: 'ikeja-electric', customerNumber: '1' }),
    ).toBeNull();
  });

  it('verify throws ProviderError when VTpass cannot answer', async () => {
    fake.handle(() => ({ json: answer('delivered'), delayMs: 2_000 }));
    await expect(
      impatient().verifyCustomer({ serviceId: 'dstv', customerNumber: '1212121212' }),
    ).rejects.toBeInstanceOf(ProviderError);
    fake.handle(() => ({ json: { code: '087', response_description: 'INVALID CREDENTIALS' } }));
    await expect(
      vtpass.verifyCustomer({ serviceId: 'dstv', customerNumber: '1212121212' }),
    ).rejects.toThrow(/087/);
  });
});
