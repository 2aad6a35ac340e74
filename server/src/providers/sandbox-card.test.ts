import { describe, expect, it } from 'vitest';
import { type SandboxCardSession, createSandboxCardProvider } from './sandbox-card.ts';
import { memoryStore } from './util.ts';

const checkout = {
  txRef: 'PB-tx-0001',
  amount: 20_000_00,
  redirectUrl: 'http://localhost:3000/user/fund/verify?from=card',
  customer: { email: 'ada@example.com', name: 'Ada Obi', phone: '08031234567' },
};

describe('sandbox card provider', () => {
  it('links to the server checkout page on the redirect origin (or a given origin)', async () => {
    const card = createSandboxCardProvider();
    expect(await card.createCheckout(checkout)).toEqual({
      link: 'http://localhost:3000/sandbox/checkout/PB-tx-0001',
    });
    const other = createSandboxCardProvider({ origin: 'https://pay.example.ng/' });
    expect((await other.createCheckout({ ...checkout, txRef: 'a b' })).link).toBe(
      'https://pay.example.ng/sandbox/checkout/a%20b',
    );
  });

  it('verifies pending until the page records an outcome, then that outcome', async () => {
    const card = createSandboxCardProvider();
    await card.createCheckout(checkout);
    expect(await card.getSession('PB-tx-0001')).toMatchObject({
      amount: 20_000_00,
      status: 'pending',
    });
    expect(await card.verify({ txRef: 'PB-tx-0001' })).toMatchObject({
      status: 'pending',
      amount: 20_000_00,
      currency: 'NGN',
    });

    const recorded = await card.recordOutcome('PB-tx-0001', 'successful');
    const transactionId = recorded?.session.transactionId ?? '';
    expect(transactionId).toMatch(/^[1-9]\d{8}$/);
    const redirect = new URL(recorded?.redirect ?? '');
    expect(redirect.origin + redirect.pathname).toBe('http://localhost:3000/user/fund/verify');
    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      from: 'card',
      status: 'successful',
      tx_ref: 'PB-tx-0001',
      transaction_id: transactionId,
    });

    expect(await card.verify({ transactionId, txRef: 'PB-tx-0001' })).toMatchObject({
      status: 'successful',
      txRef: 'PB-tx-0001',
      transactionId,
      amount: 20_000_00,
      currency: 'NGN',
      appFee: 280_00, // 1.4 %
    });
  });

  it('a successful payment is final; a failed or cancelled one can be tried again', async () => {
    // Flutterwave lets the customer retry a failed card on the same tx_ref.
    const card = createSandboxCardProvider();
    await card.createCheckout(checkout);
    await card.recordOutcome('PB-tx-0001', 'cancelled');
    expect((await card.verify({ txRef: 'PB-tx-0001' })).status).toBe('cancelled');
    await card.recordOutcome('PB-tx-0001', 'failed');
    const paid = await card.recordOutcome('PB-tx-0001', 'successful');
    expect(paid?.session.status).toBe('successful');
    const again = await card.recordOutcome('PB-tx-0001', 'failed');
    expect(again?.session.status).toBe('successful');
    expect(again?.session.transactionId).toBe(paid?.session.transactionId);
    expect((await card.verify({ txRef: 'PB-tx-0001' })).status).toBe('successful');
  });

  it('caps the card fee at ₦2,000; failed has no fee', async () => {
    const card = createSandboxCardProvider();
    await card.createCheckout({ ...checkout, txRef: 'big', amount: 500_000_00 });
    await card.recordOutcome('big', 'successful');
    expect((await card.verify({ txRef: 'big' })).appFee).toBe(2_000_00);
    await card.createCheckout({ ...checkout, txRef: 'no' });
    await card.recordOutcome('no', 'failed');
    const failed = await card.verify({ txRef: 'no' });
    expect(failed.status).toBe('failed');
    expect(failed.appFee).toBeUndefined();
  });

  it('unknown tx_ref: no page, pending verify', async () => {
    const card = createSandboxCardProvider();
    expect(await card.getSession('nope')).toBeUndefined();
    expect(await card.recordOutcome('nope', 'successful')).toBeUndefined();
    expect(await card.verify({ txRef: 'nope', transactionId: '123' })).toMatchObject({
      status: 'pending',
      txRef: 'nope',
      transactionId: '123',
      amount: 0,
    });
  });

  it('a second createCheckout for the same tx_ref keeps the first session', async () => {
    const card = createSandboxCardProvider();
    await card.createCheckout(checkout);
    await card.createCheckout({ ...checkout, amount: 1_00 });
    expect((await card.getSession('PB-tx-0001'))?.amount).toBe(20_000_00);
  });

  it('keeps sessions in an injected store', async () => {
    const store = memoryStore<SandboxCardSession>();
    await createSandboxCardProvider({ store }).createCheckout(checkout);
    const restarted = createSandboxCardProvider({ store });
    await restarted.recordOutcome('PB-tx-0001', 'successful');
    expect((await store.get('PB-tx-0001'))?.status).toBe('successful');
  });

  it('accepts webhooks only with a configured hash', () => {
    expect(createSandboxCardProvider().verifyWebhookSignature({ 'verif-hash': 'x' })).toBe(false);
    const card = createSandboxCardProvider({ webhookHash: 'h' });
    expect(card.verifyWebhookSignature({ 'verif-hash': 'h' })).toBe(true);
    expect(card.verifyWebhookSignature({ 'verif-hash': 'x' })).toBe(false);
  });
});
