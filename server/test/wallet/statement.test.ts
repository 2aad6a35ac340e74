/**
 * The wallet statement (ADR 0045): every movement of a customer's wallet is a line
 * of `GET /api/user/transactions` (card funding, bank transfer, purchase and its refund,
 * shares out and in, coupons) with its sign, counterparty and the ledger's balance after;
 * filters and search find them; nobody sees another customer's lines.
 */
import { api, CURRENT_USER_RECENT } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bankTransfer,
  chooseAtCheckout,
  createKit,
  engines,
  PIN,
  type Kit,
  type TestUser,
} from '../helper.ts';
import { walletAccountId } from '../../src/wallet/ledger.ts';

const BVN = '22212345678';

describe.each(engines)('the wallet statement on %s', (engine) => {
  let kit: Kit;
  let u: TestUser;
  let friend: TestUser;
  let txRef: string;
  let transferId: string;
  let refunded: string;
  let delivered: string;

  /** The customer's wallet entries, newest first, as the wire shows them (naira). */
  const ledger = async (userId: string) =>
    (
      await kit.app.ctx.db
        .selectFrom('ledger_entries')
        .select(['amount', 'balance_after'])
        .where('account_id', '=', walletAccountId(userId))
        .orderBy('id', 'desc')
        .execute()
    ).map((e) => ({
      amount: Number(e.amount) / 100,
      balance_after: Number(e.balance_after) / 100,
    }));

  const statement = async (query: Record<string, string> = {}, token = u.token) => {
    const res = await kit.call(api.myTransactions, { token, query: { limit: '100', ...query } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { total: number; message: Record<string, unknown>[] };
  };

  beforeAll(async () => {
    kit = await createKit(engine);
    u = await kit.user({ name: 'Chioma Eze' });
    friend = await kit.user({ name: 'Bola Friend' });

    // ₦20,000 by card: ₦50 stamp duty kept back.
    const init = await kit.call(api.initiatePayment, {
      token: u.token,
      body: { amount: 20_000 },
      headers: { host: 'shop.test' },
    });
    txRef = decodeURIComponent(new URL(init.body.message).pathname.split('/').pop()!);
    const { params } = await chooseAtCheckout(kit, txRef, 'successful');
    expect((await kit.call(api.verifyPayment, { token: u.token, body: params })).status).toBe(200);

    // ₦20,000 by bank transfer: ₦200 fee and ₦50 stamp duty.
    const account = await kit.call(api.createVirtualAccount, {
      token: u.token,
      body: { bvn: BVN, consent: true },
    });
    const { transfer, webhook } = await bankTransfer(kit, {
      accountNumber: account.body.message.account_number,
      amount: 20_000_00,
      sender: 'Ada, GTBank',
    });
    transferId = transfer.id;
    const delivery = await kit.app.inject({
      method: 'POST',
      url: api.paymentWebhook.path,
      headers: webhook.headers,
      payload: webhook.body as object,
    });
    expect(delivery.statusCode).toBe(200);

    // A purchase the provider fails (a number ending 0000), refunded at once; one delivered.
    const failed = await kit.call(api.airtime, {
      token: u.token,
      body: { pin: PIN, phone_number: '08031230000', amount: 1000 },
    });
    expect(failed.body.message.status).toBe('reversed');
    refunded = failed.body.message.transaction_id;
    const bought = await kit.call(api.airtime, {
      token: u.token,
      body: { pin: PIN, phone_number: '08031234567', amount: 200 },
    });
    expect(bought.body.message.status).toBe('successful');
    delivered = bought.body.message.transaction_id;

    // Shares out and in, then a coupon.
    expect(
      (
        await kit.call(api.share, {
          token: u.token,
          body: { amount: 1000, email: friend.email, pin: PIN },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await kit.call(api.share, {
          token: friend.token,
          body: { amount: 400, email: u.email, pin: PIN },
        })
      ).status,
    ).toBe(200);
    const coupon = await kit.call(api.buyCoupon, {
      token: u.token,
      body: { product: 'AIRTIME', amount: 500, unit: 1, pin: PIN, network_id: 'mtn' },
    });
    expect(coupon.status).toBe(200);
  });
  afterAll(async () => {
    expect(await kit.invariants()).toEqual([]);
    await kit.close();
  });

  it('has a line for every movement of the wallet, newest first, each with the ledger’s balance after', async () => {
    const { total, message: lines } = await statement();
    expect(lines.map((l) => [l.kind, l.direction])).toEqual([
      ['coupon', 'debit'],
      ['share_in', 'credit'],
      ['share_out', 'debit'],
      ['purchase', 'debit'],
      ['refund', 'credit'],
      ['purchase', 'debit'],
      ['bank_transfer', 'credit'],
      ['card_funding', 'credit'],
    ]);
    expect(total).toBe(8);
    const entries = await ledger(u.id);
    expect(entries).toHaveLength(8);
    expect(lines.map((l) => ({ amount: l.amount, balance_after: l.balance_after }))).toEqual(
      entries.map((e) => ({ amount: Math.abs(e.amount), balance_after: e.balance_after })),
    );
    // The balance after the newest line is the wallet's.
    expect(lines[0]!.balance_after).toBe((await kit.balance(u.id)) / 100);
  });

  it('tells funding by card and by transfer with their fee and stamp duty', async () => {
    const { message: lines } = await statement({ product: 'Funding' });
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({
      kind: 'card_funding',
      product: 'Funding',
      status: 'successful',
      direction: 'credit',
      value: 20_000,
      amount: 19_950,
      fee: 0,
      stamp_duty: 50,
      reference: txRef,
      amountCharged: 0,
    });
    expect(lines[0]).toMatchObject({
      kind: 'bank_transfer',
      value: 20_000,
      amount: 19_750,
      fee: 200,
      stamp_duty: 50,
      reference: `TRF-${transferId}`,
    });
  });

  it('shows a refunded purchase as reversed with its refund, and the refund as its own line', async () => {
    const { message: lines } = await statement({ q: refunded });
    expect(lines).toHaveLength(2);
    const [refund, purchase] = lines;
    expect(purchase).toMatchObject({
      transaction_id: refunded,
      kind: 'purchase',
      product: 'Airtime',
      status: 'reversed',
      direction: 'debit',
      transaction_phone: '08031230000',
    });
    const refundInfo = purchase!.refund as { amount: number; date: number };
    expect(refundInfo.amount).toBe(purchase!.amount);
    expect(refundInfo.date).toBe(refund!.date);
    expect(refund).toMatchObject({
      kind: 'refund',
      refund_of: refunded,
      product: 'Airtime',
      status: 'reversed',
      direction: 'credit',
      amount: purchase!.amount,
      transaction_phone: '08031230000',
    });
    expect(refund!.balance_after).toBe(
      (purchase!.balance_after as number) + (refund!.amount as number),
    );
    // A delivered purchase has no refund.
    const ok = (await statement({ q: delivered })).message;
    expect(ok).toHaveLength(1);
    expect(ok[0]).toMatchObject({ kind: 'purchase', status: 'successful' });
    expect(ok[0]!.refund).toBeUndefined();
  });

  it('names the other customer of a share on both sides', async () => {
    const mine = (await statement({ product: 'Transfer' })).message;
    expect(mine.map((l) => [l.kind, l.counterparty, l.counterparty_name, l.amount])).toEqual([
      ['share_in', friend.email, 'Bola Friend', 400],
      ['share_out', friend.email, 'Bola Friend', 1000],
    ]);
    const theirs = (await statement({ product: 'Transfer' }, friend.token)).message;
    expect(theirs.map((l) => [l.kind, l.counterparty_name, l.direction])).toEqual([
      ['share_out', 'Chioma Eze', 'debit'],
      ['share_in', 'Chioma Eze', 'credit'],
    ]);
  });

  it('filters by kind, status and product, and searches a reference', async () => {
    expect((await statement({ kind: 'refund' })).message.map((l) => l.refund_of)).toEqual([
      refunded,
    ]);
    expect((await statement({ kind: 'coupon' })).message).toMatchObject([
      { product: 'Coupon', quantity: 1 },
    ]);
    const reversed = await statement({ status: 'reversed' });
    expect(reversed.total).toBe(2);
    expect(reversed.message.map((l) => l.kind)).toEqual(['refund', 'purchase']);
    const airtime = await statement({ product: 'Airtime', status: 'successful' });
    expect(airtime.message.map((l) => l.transaction_id)).toEqual([delivered]);
    expect((await statement({ q: txRef })).message.map((l) => l.kind)).toEqual(['card_funding']);
    const paged = await kit.call(api.myTransactions, {
      token: u.token,
      query: { page: '2', limit: '3' },
    });
    expect(paged.body).toMatchObject({ page: 2, pages: 3, total: 8 });
    expect(paged.body.message.map((l: { kind: string }) => l.kind)).toEqual([
      'purchase',
      'refund',
      'purchase',
    ]);
    for (const bad of [{ kind: 'gift' }, { q: 'x'.repeat(65) }] as Record<string, string>[]) {
      const res = await kit.call(api.myTransactions, { token: u.token, query: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('shows no one another customer’s lines, by id or reference either', async () => {
    const theirs = await statement({}, friend.token);
    expect(theirs.message.map((l) => l.kind)).toEqual(['share_out', 'share_in']);
    expect(theirs.message.every((l) => l.user_id === friend.id)).toBe(true);
    for (const q of [refunded, txRef, `TRF-${transferId}`, delivered]) {
      expect((await statement({ q }, friend.token)).total, q).toBe(0);
    }
    const stranger = await kit.user();
    expect(await statement({}, stranger.token)).toMatchObject({ total: 0, message: [] });
  });

  it('gives the overview the newest lines and what was spent and received', async () => {
    const me = (await kit.call(api.currentUser, { token: u.token })).body.message;
    const newest = (await statement()).message.slice(0, CURRENT_USER_RECENT);
    expect(me.transactions).toEqual(newest);
    const entries = await ledger(u.id);
    const refund = (await statement({ kind: 'refund' })).message[0]!.amount as number;
    const out = -entries.filter((e) => e.amount < 0).reduce((s, e) => s + e.amount, 0);
    expect(me.spent_total).toBeCloseTo(out - refund, 2);
    expect(me.received_total).toBe(19_950 + 19_750 + 400);
  });

  it('names a data plan by its clean name on the refund line and on the coupon, as on the purchase (ADR 0077)', async () => {
    const buyer = await kit.user({ funds: 10_000_00 });
    const plan = { service_id: 'mtn-data', plan_id: 'mtn-data-2-5gb-2d' };
    // The sandbox refuses a number ending 0000: the purchase is refunded at once.
    const bought = await kit.call(api.data, {
      token: buyer.token,
      body: { pin: PIN, ...plan, phone_number: '08031230000' },
    });
    expect(bought.body.message.status).toBe('reversed');
    const lines = (await statement({ q: bought.body.message.transaction_id }, buyer.token)).message;
    expect(lines.map((l) => [l.kind, l.plan])).toEqual([
      ['refund', '2.5 GB · 2 days'],
      ['purchase', '2.5 GB · 2 days'],
    ]);

    const coupon = await kit.call(api.buyCoupon, {
      token: buyer.token,
      body: { product: 'DATA-REGULAR', unit: 1, pin: PIN, plan_id: plan.plan_id },
    });
    expect(coupon.status).toBe(200);
    const listed = await kit.call(api.myCoupons, { token: buyer.token });
    expect(listed.body.message[0].meta_data).toMatchObject({
      name: 'MTN 2.5 GB · 2 days',
      plan: '2.5 GB · 2 days',
      plan_id: plan.plan_id,
    });
  });
});
