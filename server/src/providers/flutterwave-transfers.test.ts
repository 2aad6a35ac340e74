import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accountNameOf,
  createFlutterwaveTransferProvider,
  readFlutterwaveWebhook,
} from './flutterwave-transfers.ts';
import { deadUrl, type FakeServer, startFakeServer } from './testing/fake-http.ts';
import { BvnRefused, type TransferProvider } from './types.ts';
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
    // Node-v3 SDK documentation/virtualAccount.md "Create a virtual account number" (sample
    // response); developer.flutterwave.com/docs/ngn-virtual-accounts.
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
      // The note is an instruction sentence; the account's name is what follows it.
      accountName: 'PayBills FLW',
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
    // flutterwaveinc.mintlify.app/api-reference/transactions/verify-a-transaction (bank transfer).
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

  it('only a definite answer is an answer: anything else throws, so the webhook is retried', async () => {
    // Flutterwave's "no such transaction" (developer.flutterwave.com/reference/endpoints/transactions).
    fake.handle(() => ({
      status: 400,
      json: { status: 'error', message: 'No transaction was found for this id', data: null },
    }));
    expect((await flw.verifyTransfer('1234')).status).toBe('not_found');
    // Not even asked: Flutterwave's ids are integers.
    expect((await flw.verifyTransfer('../admin')).status).toBe('not_found');
    expect(fake.requests).toHaveLength(1);
    // Provider still says pending: reported as pending (the server retries).
    fake.handle(() => ({
      json: {
        status: 'success',
        data: { id: 1234, tx_ref: 'PBVA-u', amount: 5, currency: 'NGN', status: 'pending' },
      },
    }));
    expect((await flw.verifyTransfer('1234')).status).toBe('pending');
    for (const reply of [
      { status: 500, json: { status: 'error', message: 'Internal server error' } },
      { status: 503, text: 'Service Unavailable' },
      { status: 429, json: { status: 'error', message: 'Too many requests' } },
      { status: 401, json: { status: 'error', message: 'Invalid authorization key' } },
      { status: 404, text: '<html>Not Found</html>' },
      { status: 200, text: 'not json' },
      { status: 200, json: { status: 'success', data: null } },
      {
        status: 200,
        json: {
          status: 'success',
          data: { id: 1, amount: 'lots', currency: 'NGN', status: 'successful' },
        },
      },
    ]) {
      fake.handle(() => reply);
      await expect(flw.verifyTransfer('1234'), JSON.stringify(reply)).rejects.toBeInstanceOf(
        ProviderError,
      );
    }
    const slow = createFlutterwaveTransferProvider({
      secretKey: 'k',
      baseUrl: fake.url,
      timeoutMs: 100,
    });
    fake.handle(() => ({ delayMs: 10_000, json: {} }));
    await expect(slow.verifyTransfer('1234')).rejects.toBeInstanceOf(ProviderError);
    const dead = createFlutterwaveTransferProvider({
      secretKey: 'k',
      baseUrl: await deadUrl(),
      timeoutMs: 1_000,
    });
    await expect(dead.verifyTransfer('1234')).rejects.toBeInstanceOf(ProviderError);
  });

  it('lists recent transactions: GET /v3/transactions by day and page, read item by item', async () => {
    // Node-v3 SDK documentation/transactions.md "Get all transactions" (from/to, page_info);
    // items as in flutterwaveinc.mintlify.app/api-reference/transactions/get-multiple-transactions.
    fake.handle(() => ({
      json: {
        status: 'success',
        message: 'Transactions fetched',
        meta: { page_info: { total: 12, current_page: 2, total_pages: 2 } },
        data: [
          {
            id: 4975363,
            tx_ref: 'PBVA-user-1',
            flw_ref: '0537565244201710840859363',
            amount: 1000,
            currency: 'NGN',
            charged_amount: 1000,
            app_fee: 14,
            status: 'successful',
            payment_type: 'bank_transfer',
            created_at: '2024-03-19T09:34:27.000Z',
            account_id: 118468,
          },
          {
            id: '989226',
            tx_ref: 'm0ckaham-1578002686748',
            amount: 1000,
            currency: 'NGN',
            status: 'pending',
            payment_type: 'account',
          },
          { id: 'not-a-number', amount: 1, currency: 'NGN', status: 'successful' },
          { id: 5, amount: 'lots', currency: 'NGN', status: 'successful' },
        ],
      },
    }));
    const page = await flw.listTransfers({
      from: new Date('2024-03-17T10:00:00Z'),
      to: new Date('2024-03-20T10:00:00Z'),
      page: 2,
      txRef: 'PBVA-user-1',
    });
    expect(page).toEqual({
      pages: 2,
      items: [
        {
          transactionId: '4975363',
          txRef: 'PBVA-user-1',
          status: 'successful',
          amount: 1_000_00,
          currency: 'NGN',
          paymentType: 'bank_transfer',
          createdAt: Date.parse('2024-03-19T09:34:27.000Z'),
        },
        {
          transactionId: '989226',
          txRef: 'm0ckaham-1578002686748',
          status: 'pending',
          amount: 1_000_00,
          currency: 'NGN',
          paymentType: 'account',
          createdAt: 0,
        },
      ],
    });
    const [req] = fake.requests;
    expect(req?.path).toBe('/v3/transactions');
    expect(Object.fromEntries(req?.query ?? [])).toEqual({
      from: '2024-03-17',
      to: '2024-03-20',
      page: '2',
      status: 'successful',
      tx_ref: 'PBVA-user-1',
    });
    expect(req?.headers.authorization).toBe('Bearer FLWSECK_TEST-abc');
    for (const reply of [
      { status: 500, json: { status: 'error', message: 'down' } },
      { status: 200, text: 'not json' },
      { status: 200, json: { status: 'error', message: 'nope' } },
    ]) {
      fake.handle(() => reply);
      await expect(
        flw.listTransfers({ from: new Date(), to: new Date(), page: 1 }),
      ).rejects.toBeInstanceOf(ProviderError);
    }
  });

  it('reads the account name out of the note; the narration when the note says otherwise', () => {
    expect(accountNameOf('Please make a bank transfer to CollinX Akpevwe Omokri', 'n')).toBe(
      'CollinX Akpevwe Omokri',
    );
    expect(accountNameOf('please make a bank transfer to Tester FLW.', 'n')).toBe('Tester FLW');
    expect(accountNameOf(undefined, 'PayBills Ada')).toBe('PayBills Ada');
    expect(accountNameOf('Pay here', 'PayBills Ada')).toBe('PayBills Ada');
    expect(accountNameOf('Please make a bank transfer to ', 'PayBills Ada')).toBe('PayBills Ada');
  });

  it('reads both webhook shapes; a body naming nothing is null', () => {
    expect(
      readFlutterwaveWebhook({
        event: 'charge.completed',
        data: { id: 285959875, tx_ref: 'PBVA-u1', payment_type: 'bank_transfer' },
        'event.type': 'BANK_TRANSFER_TRANSACTION',
      }),
    ).toEqual({ transactionId: '285959875', txRef: 'PBVA-u1' });
    // The older flat shape (Rave docs "Pay with Bank Transfer" sample;
    // https://github.com/Flutterwave/Node-v3/issues/175).
    expect(
      readFlutterwaveWebhook({
        id: 68376907,
        txRef: 'Rave-Pages374737616222',
        flwRef: '439695021',
        orderRef: 'URF_1563264772390_6617735',
        status: 'successful',
        'event.type': 'BANK_TRANSFER_TRANSACTION',
      }),
    ).toEqual({
      transactionId: '68376907',
      txRef: 'Rave-Pages374737616222',
      orderRef: 'URF_1563264772390_6617735',
    });
    expect(readFlutterwaveWebhook({ data: { id: 'x1', txRef: 'r' } })).toEqual({ txRef: 'r' });
    expect(readFlutterwaveWebhook({ 'event.type': 'Transfer', transfer: { id: 570 } })).toBeNull();
    expect(readFlutterwaveWebhook({ event: 'charge.completed', data: {} })).toBeNull();
    expect(readFlutterwaveWebhook({ id: -1, txRef: 'x'.repeat(129) })).toBeNull();
    expect(readFlutterwaveWebhook(null)).toBeNull();
    expect(readFlutterwaveWebhook([{ id: 1 }])).toBeNull();
  });

  it('accepts only the dashboard secret hash', () => {
    expect(flw.verifyWebhookSignature({ 'verif-hash': 'my-dashboard-hash' })).toBe(true);
    expect(flw.verifyWebhookSignature({ 'verif-hash': 'guess' })).toBe(false);
    expect(flw.verifyWebhookSignature({})).toBe(false);
  });
});

describe('Flutterwave BVN consent (ADR 0063)', () => {
  const consent = {
    bvn: BVN,
    firstName: 'Ada',
    lastName: 'Obi',
    redirectUrl: 'https://app.example/user/dashboard/settings?bvn_ref=BVN-1',
  };

  it('starts: POST /v3/bvn/verifications with bvn, firstname, lastname, redirect_url', async () => {
    // Node-v3 SDK documentation/misc.md "Initiate BVN Consent" sample response.
    fake.handle(() => ({
      json: {
        status: 'success',
        message: 'Bvn verification initiated',
        data: {
          url: 'https://nibss-bvn-consent-management.dev-flutterwave.com/cms/BvnConsent?session=MWNk',
          reference: 'FLW71DC60942BAD76D2BD5B4E',
        },
      },
    }));
    expect(await flw.startBvnConsent(consent)).toEqual({
      reference: 'FLW71DC60942BAD76D2BD5B4E',
      url: 'https://nibss-bvn-consent-management.dev-flutterwave.com/cms/BvnConsent?session=MWNk',
    });
    const [req] = fake.requests;
    expect(req?.method).toBe('POST');
    expect(req?.path).toBe('/v3/bvn/verifications');
    expect(req?.body).toEqual({
      bvn: BVN,
      firstname: 'Ada',
      lastname: 'Obi',
      redirect_url: consent.redirectUrl,
    });
  });

  it('reads data.redirect_url too, and a null page (consent given before)', async () => {
    fake.handle(() => ({
      json: { status: 'success', data: { redirect_url: 'https://x.example/p', reference: 'R1' } },
    }));
    expect(await flw.startBvnConsent(consent)).toEqual({
      reference: 'R1',
      url: 'https://x.example/p',
    });
    fake.handle(() => ({
      json: { status: 'success', data: { redirect_url: null, reference: 'R2' } },
    }));
    expect(await flw.startBvnConsent(consent)).toEqual({ reference: 'R2', url: null });
  });

  it('a refused BVN throws BvnRefused, other failures ProviderError, never with the BVN', async () => {
    fake.handle(() => ({ status: 400, json: { status: 'error', message: `BVN ${BVN} invalid` } }));
    const refused = await flw.startBvnConsent(consent).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BvnRefused);
    expect(JSON.stringify(refused) + String(refused)).not.toContain(BVN);
    fake.handle(() => ({ status: 500, json: { message: `echo ${BVN}` } }));
    const failed = await flw.startBvnConsent(consent).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ProviderError);
    expect(JSON.stringify(failed) + String(failed)).not.toContain(BVN);
  });

  it('the result: INITIATED pending, bvn_data approved with its names, a refusal declined', async () => {
    // Node-v3 SDK documentation/misc.md "Verify BVN consent" sample (the INITIATED one): the
    // top-level first_name/last_name are the names we sent, never the BVN holder's.
    const answer = (data: Record<string, unknown>) => ({
      json: {
        status: 'success',
        message: 'Bvn details fetched',
        data: {
          first_name: 'Lyra',
          last_name: 'Balacqua',
          reference: 'FLW71DC60942BAD76D2BD5B4E',
          callback_url: null,
          created_at: '2024-02-16T08:28:10.000Z',
          ...data,
        },
      },
    });
    fake.handle(() => answer({ status: 'INITIATED', bvn_data: null }));
    expect(await flw.bvnConsent('FLW71DC60942BAD76D2BD5B4E')).toEqual({
      state: 'pending',
      firstName: '',
      lastName: '',
    });
    expect(fake.requests[0]?.path).toBe('/v3/bvn/verifications/FLW71DC60942BAD76D2BD5B4E');
    fake.handle(() => answer({ status: 'DECLINED', bvn_data: null }));
    expect((await flw.bvnConsent('R')).state).toBe('declined');
    fake.handle(() => answer({ status: 'SOMETHING_NEW', bvn_data: null }));
    expect((await flw.bvnConsent('R')).state).toBe('pending');
    fake.handle(() => ({ status: 503, json: { message: 'down' } }));
    await expect(flw.bvnConsent('R')).rejects.toBeInstanceOf(ProviderError);
  });

  it("approved: the names are the BVN record's (bvn_data), never the echoed top-level ones", async () => {
    // bvn_data's fields as typed by an SDK of this endpoint (flutterwave.toneflix.net/api/v3/
    // bvn.html, V3BvnVerificationData): firstName, surname, middleName, and the rest of the
    // record (bvn, phone numbers, date of birth, face image…), which must not come back.
    const record = {
      bvn: BVN,
      firstName: 'Chinedu',
      surname: 'Okafor',
      middleName: 'Emeka',
      phoneNumber1: '08012345678',
      dateOfBirth: '01-Jan-1990',
      faceImage: 'iVBORw0KGgo',
    };
    const answer = (bvnData: unknown) => ({
      json: {
        status: 'success',
        message: 'Bvn details fetched',
        data: { first_name: 'Ada', last_name: 'Obi', status: 'COMPLETED', bvn_data: bvnData },
      },
    });
    fake.handle(() => answer(record));
    const result = await flw.bvnConsent('R');
    expect(result).toEqual({ state: 'approved', firstName: 'Chinedu', lastName: 'Okafor' });
    const kept = JSON.stringify(result);
    for (const v of [BVN, '08012345678', '01-Jan-1990', 'iVBORw0KGgo', 'Emeka']) {
      expect(kept).not.toContain(v);
    }
    // bvn_data without the holder's names: never approved (asked again later).
    for (const partial of [{}, { bvn: BVN }, { firstName: 'Ada' }, { surname: ' ' }, 'yes', 1]) {
      fake.handle(() => answer(partial));
      expect(await flw.bvnConsent('R')).toEqual({ state: 'pending', firstName: '', lastName: '' });
    }
  });
});
