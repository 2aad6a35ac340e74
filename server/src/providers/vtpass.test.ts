import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeServer, deadUrl, startFakeServer } from './testing/fake-http.ts';
import type { ProviderOutcome, PurchaseRequest, VtuProvider } from './types.ts';
import { ProviderError } from './util.ts';
import {
  createVtpassProvider,
  outcomeFromVtpass,
  parseVtpassCallback,
  VTPASS_CODES,
  VTPASS_DOCS,
} from './vtpass.ts';
import {
  CALLBACK_EXAMPLE,
  REQUERY_EXAMPLE,
  VERIFY_020_EXAMPLE,
} from './testing/vtpass-fixtures.ts';

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
    // dstv/gotv pages (VTPASS_DOCS.dstv, .gotv): a renewal is the verify answer's
    // Renewal_Amount with subscription_type renew, and no variation_code (ADR 0077).
    fake.handle(() => ({ json: answer('delivered') }));
    await vtpass.purchase({
      requestId: '202611220449tv2',
      product: 'cabletv',
      serviceId: 'gotv',
      amount: 3_600_00,
      phone: '08011111111',
      billersCode: '1212121212',
      subscriptionType: 'renew',
    });
    expect(fake.requests.at(-1)?.body).toEqual({
      request_id: '202611220449tv2',
      serviceID: 'gotv',
      billersCode: '1212121212',
      amount: 3600,
      phone: '08011111111',
      subscription_type: 'renew',
    });
    expect(vtpass.renews).toBe(true);
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
   * One row per code of the response-codes page (https://www.vtpass.com/documentation/response-codes/,
   * cited as CODES_DOC beside each row): what a `/pay` and a `/requery` answering it decide.
   * `refused` = pending and marked as a failed call (it says nothing about the purchase);
   * `unknown` = pending, "no such request id" (015: the requery worker's two-answer rule).
   * A requery is failed only on the transaction's own verdict (016, 040, 091).
   */
  const CODES_DOC = VTPASS_DOCS.codes;
  type Decision = 'failed' | 'pending' | 'refused' | 'unknown';
  const CODES: [code: string, pay: Decision, requery: Decision, doc: string][] = [
    ['099', 'pending', 'pending', CODES_DOC], // TRANSACTION IS PROCESSING
    ['089', 'pending', 'pending', CODES_DOC], // REQUEST IS PROCESSING, PLEASE WAIT…
    ['044', 'pending', 'pending', CODES_DOC], // TRANSACTION RESOLVED: contact VTpass
    ['091', 'failed', 'failed', CODES_DOC], // TRANSACTION NOT PROCESSED (not charged)
    ['016', 'failed', 'failed', CODES_DOC], // TRANSACTION FAILED
    ['040', 'failed', 'failed', CODES_DOC], // TRANSACTION REVERSAL (to wallet)
    ['010', 'failed', 'refused', CODES_DOC], // VARIATION CODE DOES NOT EXIST
    ['011', 'failed', 'refused', CODES_DOC], // INVALID ARGUMENTS
    ['012', 'failed', 'refused', CODES_DOC], // PRODUCT DOES NOT EXIST
    ['013', 'failed', 'refused', CODES_DOC], // BELOW MINIMUM AMOUNT ALLOWED
    ['014', 'refused', 'refused', CODES_DOC], // REQUEST ID ALREADY EXIST
    ['015', 'refused', 'unknown', CODES_DOC], // INVALID REQUEST ID (requery: never used)
    ['017', 'failed', 'refused', CODES_DOC], // ABOVE MAXIMUM AMOUNT ALLOWED
    ['018', 'failed', 'refused', CODES_DOC], // LOW WALLET BALANCE
    ['019', 'failed', 'refused', CODES_DOC], // LIKELY DUPLICATE TRANSACTION
    ['020', 'failed', 'refused', CODES_DOC], // BILLER CONFIRMED ("treat as failed" on a purchase)
    ['021', 'failed', 'refused', CODES_DOC], // ACCOUNT LOCKED
    ['022', 'failed', 'refused', CODES_DOC], // ACCOUNT SUSPENDED
    ['023', 'failed', 'refused', CODES_DOC], // API ACCESS NOT ENABLE FOR USER
    ['024', 'failed', 'refused', CODES_DOC], // ACCOUNT INACTIVE
    ['025', 'failed', 'refused', CODES_DOC], // RECIPIENT BANK INVALID
    ['026', 'failed', 'refused', CODES_DOC], // RECIPIENT ACCOUNT COULD NOT BE VERIFIED
    ['027', 'failed', 'refused', CODES_DOC], // IP NOT WHITELISTED, CONTACT SUPPORT
    ['028', 'failed', 'refused', CODES_DOC], // PRODUCT IS NOT WHITELISTED ON YOUR ACCOUNT
    ['030', 'failed', 'refused', CODES_DOC], // BILLER NOT REACHABLE AT THIS POINT
    ['031', 'failed', 'refused', CODES_DOC], // BELOW MINIMUM QUANTITY ALLOWED
    ['032', 'failed', 'refused', CODES_DOC], // ABOVE MINIMUM (sic) QUANTITY ALLOWED
    ['034', 'failed', 'refused', CODES_DOC], // SERVICE SUSPENDED
    ['035', 'failed', 'refused', CODES_DOC], // SERVICE INACTIVE
    ['083', 'refused', 'refused', CODES_DOC], // SYSTEM ERROR
    ['085', 'failed', 'refused', CODES_DOC], // IMPROPER REQUEST ID (date)
    ['087', 'failed', 'refused', CODES_DOC], // INVALID CREDENTIALS
    // Not on the page (it jumps from 032 to 034) and made up: "differs from the guidelines".
    ['033', 'refused', 'refused', CODES_DOC],
    ['999', 'refused', 'refused', CODES_DOC],
  ];

  const expectDecision = (outcome: ProviderOutcome, decision: Decision, code: string) => {
    expect(outcome.status).toBe(decision === 'failed' ? 'failed' : 'pending');
    expect(outcome.message).toContain(code);
    expect(outcome.callFailed === true).toBe(decision === 'refused');
    expect(outcome.unknownRequest === true).toBe(decision === 'unknown');
  };

  it.each(CODES)('code %s: /pay → %s, /requery → %s (%s)', async (code, pay, requery) => {
    fake.handle(() => ({ json: { code, response_description: 'SOMETHING' } }));
    expectDecision(await vtpass.purchase(electricity), pay, code);
    expectDecision(await vtpass.requery(electricity.requestId), requery, code);
    expect(fake.requests.map((r) => r.path)).toEqual(['/api/pay', '/api/requery']);
  });

  it('the table holds every code of the documentation page, and each row cites it', () => {
    // The codes of both tables on https://www.vtpass.com/documentation/response-codes/.
    const documented = [
      '000',
      '001',
      '099',
      '044',
      '091',
      '016',
      '010',
      '011',
      '012',
      '013',
      '014',
      '015',
      '017',
      '018',
      '019',
      '020',
      '021',
      '022',
      '023',
      '024',
      '025',
      '026',
      '027',
      '028',
      '030',
      '031',
      '032',
      '034',
      '035',
      '040',
      '083',
      '085',
      '087',
      '089',
    ];
    expect(Object.keys(VTPASS_CODES).sort()).toEqual([...documented].sort());
    for (const row of Object.values(VTPASS_CODES)) expect(row.source).toBe(CODES_DOC);
    const tested = new Set(CODES.map(([code]) => code));
    expect(documented.filter((c) => !tested.has(c) && c !== '000' && c !== '001')).toEqual([]);
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

  it.each(['000', '001'])(
    'code %s in the older shape (status and token straight in content) is read too',
    async (code) => {
      // docs/domain.md: an older 001/000 answer has no `content.transactions`.
      const older = (status: string) => ({
        code,
        response_description: 'TRANSACTION QUERY',
        content: {
          status,
          transactionId: '17325634889741234567',
          token: 'Token : 42134556778899001122',
          units: '79.9',
        },
        requestId: electricity.requestId,
      });
      fake.handle(() => ({ json: older('delivered') }));
      expect(await vtpass.requery(electricity.requestId)).toMatchObject({
        status: 'successful',
        providerReference: '17325634889741234567',
        token: '42134556778899001122',
        units: '79.9 kWh',
      });
      fake.handle(() => ({ json: older('reversed') }));
      expect((await vtpass.requery(electricity.requestId)).status).toBe('failed');
      fake.handle(() => ({ json: older('pending') }));
      expect((await vtpass.requery(electricity.requestId)).status).toBe('pending');
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
    // The documented requery answer (VTPASS_DOCS.requery), MTN airtime delivered.
    ['the re-query page example', REQUERY_EXAMPLE, 'successful'],
    ['the transaction-update page example', CALLBACK_EXAMPLE.data, 'successful'],
  ])('reads %s', (_label, body, status) => {
    expect(outcomeFromVtpass(body, 'requery').status).toBe(status);
  });

  it('transactions.status "resolved" (staff settled it by hand) stays pending for an admin', async () => {
    fake.handle(() => ({ json: answer('resolved') }));
    const outcome = await vtpass.requery(electricity.requestId);
    expect(outcome.status).toBe('pending');
    expect(outcome.message).toMatch(/resolved/i);
    expect(outcome.message).toMatch(/ask VTpass/);
    expect(outcome.callFailed).toBeUndefined();
  });

  describe('any HTTP status: the JSON code decides', () => {
    it.each([
      [403, '027', 'failed'],
      [400, '011', 'failed'],
      [401, '087', 'failed'],
      [500, '016', 'failed'],
      [503, '099', 'pending'],
      [409, '014', 'pending'],
    ])('HTTP %i with code %s: /pay is %s', async (status, code, decided) => {
      fake.handle(() => ({ status, json: { code, response_description: 'X' } }));
      const outcome = await vtpass.purchase(electricity);
      expect(outcome.status).toBe(decided);
      expect(outcome.message).toContain(code);
    });

    it('a non-2xx with a delivered transaction is delivered', async () => {
      fake.handle(() => ({ status: 500, json: answer('delivered') }));
      expect((await vtpass.purchase(electricity)).status).toBe('successful');
    });

    it('a non-2xx without JSON (or without a code) stays pending', async () => {
      fake.handle(() => ({ status: 502, text: '<html>Bad Gateway</html>' }));
      expect(await vtpass.purchase(electricity)).toMatchObject({
        status: 'pending',
        callFailed: true,
      });
      fake.handle(() => ({ status: 500, json: { error: 'Internal Server Error' } }));
      expect((await vtpass.purchase(electricity)).status).toBe('pending');
    });
  });

  describe('a redirect from the VTpass host is a configuration error, not a network error', () => {
    const moved = () => ({
      status: 301,
      headers: { location: 'https://api-service.vtpass.com/api/pay' },
      text: '',
    });

    it('/pay fails at once (nothing bought), naming VTPASS_BASE_URL and where it pointed', async () => {
      fake.handle(moved);
      const outcome = await vtpass.purchase(electricity);
      expect(outcome.status).toBe('failed');
      expect(outcome.message).toContain('VTPASS_BASE_URL');
      expect(outcome.message).toContain('redirect (HTTP 301 to https://api-service.vtpass.com');
      expect(outcome.message).not.toMatch(/network error:/i);
      // Not followed: the fake saw one request, nothing went to the other host.
      expect(fake.requests).toHaveLength(1);
    });

    it('/requery stays pending (it says nothing about the purchase) with the same message', async () => {
      fake.handle(moved);
      const outcome = await vtpass.requery(electricity.requestId);
      expect(outcome).toMatchObject({ status: 'pending', callFailed: true });
      expect(outcome.message).toContain('VTPASS_BASE_URL');
    });

    it('lookups throw a ProviderError naming VTPASS_BASE_URL', async () => {
      fake.handle(moved);
      await expect(vtpass.balance()).rejects.toThrow(/redirect.*VTPASS_BASE_URL/);
      await expect(
        vtpass.verifyCustomer({ serviceId: 'dstv', customerNumber: '1212121212' }),
      ).rejects.toThrow(/redirect.*VTPASS_BASE_URL/);
    });
  });

  it.each([
    ['delivered', 'successful'],
    ['pending', 'pending'],
    ['initiated', 'pending'],
    ['failed', 'failed'],
    ['reversed', 'failed'],
    ['resolved', 'pending'],
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

  it('parses the documented transaction-update callback (a hint: requery before acting)', () => {
    expect(parseVtpassCallback(CALLBACK_EXAMPLE)).toMatchObject({
      requestId: 'ELAET1RA7PC06250-12S5962-2102P',
      outcome: { status: 'successful', providerReference: '1583519914158857111079' },
    });
    // A variation-codes update (the callback page's other type) is not a transaction update.
    expect(
      parseVtpassCallback({ type: 'variations-update', data: { serviceID: 'dstv' } }),
    ).toBeNull();
    expect(
      parseVtpassCallback({ type: 'transaction-update', data: { requestId: 'x'.repeat(129) } }),
    ).toBeNull();
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
      renewalAmount: 19_000_00,
    });
  });

  it('020 BILLER CONFIRMED on merchant-verify reads as verified (the verification table)', async () => {
    fake.handle(() => ({ json: VERIFY_020_EXAMPLE }));
    expect(
      await vtpass.verifyCustomer({ serviceId: 'dstv', customerNumber: '1212121212' }),
    ).toEqual({
      customer_name: 'TEST USER',
      current_bouquet: 'DStv Compact',
      due_date: '2026-12-01T00:00:00',
      renewalAmount: 19_000_00,
    });
    // And on any HTTP status, like the purchase codes.
    fake.handle(() => ({ status: 400, json: VERIFY_020_EXAMPLE }));
    expect(
      (await vtpass.verifyCustomer({ serviceId: 'dstv', customerNumber: '1212121212' }))
        ?.customer_name,
    ).toBe('TEST USER');
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
