/**
 * Card funding (decisions §6) through the sandbox checkout, and coupons (decisions §8):
 * credit exactly once under 50 parallel verify + webhook calls, forged redirects credit
 * nothing, coupon codes are single use under 20 parallel redemptions, a failed redemption
 * makes the code valid again. Ledger invariants after every scenario.
 */
import { api, SERVER_MSG, MSG } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runRequeryOnce } from '../../src/purchases/requery.ts';
import { systemAccountId } from '../../src/wallet/ledger.ts';
import {
  adminLogin,
  alterCheckoutSession,
  chooseAtCheckout,
  createKit,
  engines,
  PIN,
  WEBHOOK_HASH,
  type Kit,
  type TestUser,
} from '../helper.ts';

describe.each(engines)('card funding and coupons on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => kit.close());

  /** initiate → the checkout link → the page's form answer (a 302 with the browser params). */
  async function checkout(
    u: TestUser,
    amount: number,
    outcome?: 'successful' | 'failed' | 'cancelled',
  ) {
    const init = await kit.call(api.initiatePayment, {
      token: u.token,
      body: { amount },
      headers: { host: 'shop.test' },
    });
    expect(init.status).toBe(200);
    const link = new URL(init.body.message);
    expect(link.pathname).toMatch(/^\/sandbox\/checkout\/PB-/);
    const txRef = decodeURIComponent(link.pathname.split('/').pop()!);
    const page = await kit.app.inject({ method: 'GET', url: link.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('₦');
    expect(page.body).not.toMatch(/<script|https?:\/\/(?!shop)/);
    if (!outcome) return { txRef, params: undefined };
    const { to, params } = await chooseAtCheckout(kit, txRef, outcome);
    expect(to.pathname).toBe('/user/dashboard');
    return { txRef, params };
  }

  it('50 parallel verify and webhook calls credit once (₦20,000 → ₦19,950)', async () => {
    const u = await kit.user();
    const { txRef, params } = await checkout(u, 20_000, 'successful');
    expect(params).toMatchObject({ status: 'successful', tx_ref: txRef });
    const calls = Array.from({ length: 50 }, (_, i) =>
      i % 2
        ? kit.call(api.verifyPayment, { token: u.token, body: params })
        : kit.call(api.paymentWebhook, {
            headers: { 'verif-hash': WEBHOOK_HASH },
            body: {
              event: 'charge.completed',
              data: { tx_ref: txRef, id: params!.transaction_id },
            },
          }),
    );
    const answers = await Promise.all(calls);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await kit.balance(u.id)).toBe(19_950_00);
    const admin = await adminLogin(kit);
    const mine = await kit.call(api.payments, { token: admin, query: { reference: txRef } });
    expect(mine.body.message[0]).toMatchObject({
      t_id: txRef,
      amount: 20_000,
      credited: 19_950,
      status: 'completed',
      payment_reference: params!.transaction_id,
    });
    const duty = await kit.app.ctx.db
      .selectFrom('accounts')
      .select('balance')
      .where('id', '=', systemAccountId('stamp_duty_payable'))
      .executeTakeFirstOrThrow();
    expect(Number(duty.balance)).toBeGreaterThanOrEqual(50_00);
    // The list is an admin's (ADR 0072); no customer lists payments, their own or others'.
    const all = await kit.call(api.payments, { token: admin, query: { reference: txRef } });
    expect(all.body).toMatchObject({ total: 1 });
    const other = await kit.user();
    expect((await kit.call(api.payments, { token: other.token })).status).toBe(403);
    expect((await kit.call(api.payments, { token: u.token })).status).toBe(403);
    expect((await kit.call(api.verifyPayment, { token: other.token, body: params })).status).toBe(
      404,
    );
  });

  it('a failed attempt, then a successful retry on the same tx_ref: credited once', async () => {
    const u = await kit.user();
    const { txRef, params: failed } = await checkout(u, 5_000, 'failed');
    const webhook = (id?: string) =>
      kit.call(api.paymentWebhook, {
        headers: { 'verif-hash': WEBHOOK_HASH },
        body: { event: 'charge.completed', data: { tx_ref: txRef, id } },
      });
    await webhook(failed!.transaction_id);
    const admin = await adminLogin(kit);
    const first = await kit.call(api.payments, { token: admin, query: { reference: txRef } });
    expect(first.body.message[0].status).toBe('failed');
    // The customer tries the card again on the same checkout, and it goes through.
    const { params: paid } = await chooseAtCheckout(kit, txRef, 'successful');
    expect(paid.status).toBe('successful');
    const answers = await Promise.all([
      kit.call(api.verifyPayment, { token: u.token, body: paid }),
      kit.call(api.verifyPayment, { token: u.token, body: paid }),
      webhook(paid.transaction_id),
      webhook(paid.transaction_id),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers[0]!.body.message).toMatchObject({ status: 'completed', credited: 5_000 });
    expect(await kit.balance(u.id)).toBe(5_000_00);
    // A late webhook of the failed first attempt changes nothing.
    await webhook(failed!.transaction_id);
    const after = await kit.call(api.payments, { token: admin, query: { reference: txRef } });
    expect(after.body.message[0]).toMatchObject({ status: 'completed', credited: 5_000 });
    expect(await kit.balance(u.id)).toBe(5_000_00);
  });

  it('a cancelled payment verified successful later is credited once', async () => {
    const u = await kit.user();
    const { txRef, params } = await checkout(u, 2_000, 'cancelled');
    const cancelled = await kit.call(api.verifyPayment, { token: u.token, body: params });
    expect(cancelled.body.message.status).toBe('cancelled');
    await chooseAtCheckout(kit, txRef, 'successful');
    const done = await kit.call(api.verifyPayment, {
      token: u.token,
      body: { ...params, status: 'successful' },
    });
    expect(done.body.message).toMatchObject({ status: 'completed', credited: 2_000 });
    await kit.call(api.verifyPayment, { token: u.token, body: params });
    expect(await kit.balance(u.id)).toBe(2_000_00);
  });

  it('never trusts the redirect: status lie, wrong tx_ref, short amount, bad webhook hash', async () => {
    const u = await kit.user();
    // Status lie: the page was never paid, the browser says successful.
    const lie = await checkout(u, 5_000);
    const res = await kit.call(api.verifyPayment, {
      token: u.token,
      body: { status: 'successful', tx_ref: lie.txRef, transaction_id: '12345' },
    });
    expect(res.body.message.status).toBe('pending');
    // Wrong tx_ref.
    expect(
      (
        await kit.call(api.verifyPayment, {
          token: u.token,
          body: { status: 'successful', tx_ref: 'PB-nope' },
        })
      ).status,
    ).toBe(404);
    // The provider reports less than we asked for (a tampered checkout): no credit. Altered
    // before Pay, since the simulator's webhook settles the payment while Pay is answered.
    const short = await checkout(u, 8_000);
    await alterCheckoutSession(kit, short.txRef, { amount: 100_00 });
    const { params: shortParams } = await chooseAtCheckout(kit, short.txRef, 'successful');
    const s = await kit.call(api.verifyPayment, { token: u.token, body: shortParams });
    expect(s.body.message).toMatchObject({ status: 'pending', credited: 0 });
    // Failed and cancelled checkouts: no credit, status recorded.
    for (const outcome of ['failed', 'cancelled'] as const) {
      const c = await checkout(u, 1_000, outcome);
      const v = await kit.call(api.verifyPayment, {
        token: u.token,
        body: { ...c.params, status: 'successful' },
      });
      expect(v.body.message.status).toBe(outcome);
    }
    // A webhook without the right verif-hash is refused.
    expect(
      (
        await kit.call(api.paymentWebhook, {
          headers: { 'verif-hash': 'wrong' },
          body: { data: { tx_ref: short.txRef } },
        })
      ).status,
    ).toBe(401);
    expect(await kit.balance(u.id)).toBe(0);
  });

  it('coupons: bought, loaded, redeemed once by 20 parallel calls', async () => {
    const buyer = await kit.user({ funds: 10_000_00 });
    const redeemer = await kit.user({ funds: 0 });
    const bought = await kit.call(api.buyCoupon, {
      token: buyer.token,
      body: { product: 'AIRTIME', amount: 500, unit: 2, pin: PIN, network_id: 'mtn' },
    });
    expect(bought.status).toBe(200);
    // 2 × (₦500 − 2 %) = ₦980.
    expect(await kit.balance(buyer.id)).toBe(10_000_00 - 980_00);
    const [c1, c2] = bought.body.message;
    expect(c1.coupon_code).toMatch(/^[A-HJKMNP-Z2-9]{7}-[A-HJKMNP-Z2-9]{7}-AIRTIME$/);
    expect(c1.coupon_code).not.toBe(c2.coupon_code);
    const loaded = await kit.call(api.verifyCoupon, { body: { coupon_code: c1.coupon_code } });
    expect(loaded.body.message.meta_data).toMatchObject({ product: 'AIRTIME', amount: 500 });
    const body = {
      pin: PIN,
      phone_number: '08031235678',
      amount: 100,
      coupon_code: c1.coupon_code,
    };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => kit.call(api.airtime, { token: redeemer.token, body })),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.body.message).toMatchObject({
      status: 'successful',
      value: 500,
      amountCharged: 0,
    });
    expect(
      results.filter((r) => r.status === 422).every((r) => r.body.type === 'invalid_coupon'),
    ).toBe(true);
    expect(await kit.balance(redeemer.id)).toBe(0);
    expect(await kit.call(api.verifyCoupon, { body: { coupon_code: c1.coupon_code } })).toEqual({
      status: 422,
      body: { type: 'invalid_coupon', msg: SERVER_MSG.couponUsed },
    });
    expect(
      (await kit.call(api.verifyCoupon, { body: { coupon_code: 'NOPE-AIRTIME' } })).body,
    ).toEqual({
      type: 'invalid_coupon',
      msg: SERVER_MSG.couponNotFound,
    });
    // Wrong product screen.
    expect(
      (
        await kit.call(api.data, {
          token: redeemer.token,
          body: {
            pin: PIN,
            service_id: 'mtn-data',
            plan_id: 'x',
            phone_number: '08031235678',
            coupon_code: c2.coupon_code,
          },
        })
      ).body,
    ).toEqual({ type: 'invalid_coupon', msg: MSG.couponInvalid });
    // A failed redemption (0000) makes the code valid again and returns the liability.
    const failed = await kit.call(api.airtime, {
      token: redeemer.token,
      body: { ...body, phone_number: '08031230000', coupon_code: c2.coupon_code },
    });
    expect(failed.body.message.status).toBe('reversed');
    expect(
      (await kit.call(api.verifyCoupon, { body: { coupon_code: c2.coupon_code } })).status,
    ).toBe(200);
    // A pending redemption resolves via the requery.
    const pending = await kit.call(api.airtime, {
      token: redeemer.token,
      body: { ...body, phone_number: '08031231111', coupon_code: c2.coupon_code },
    });
    expect(pending.body.message.status).toBe('pending');
    await runRequeryOnce(kit.app.ctx, { now: Date.now() + 86_400_000 });
    expect(
      (await kit.call(api.verifyCoupon, { body: { coupon_code: c2.coupon_code } })).status,
    ).toBe(422);
  });

  it('coupons for plans: data, cable, education; spec minimums; insufficient funds', async () => {
    const u = await kit.user({ funds: 20_000_00 });
    const buy = (body: Record<string, unknown>) =>
      kit.call(api.buyCoupon, { token: u.token, body: { unit: 1, pin: PIN, ...body } });
    const data = await buy({ product: 'DATA-REGULAR', plan_id: 'mtn-data-2-5gb-2d' });
    expect(data.body.message[0].coupon_code).toMatch(/-DATA-REGULAR$/);
    expect((await buy({ product: 'DATA-NON-REGULAR', plan_id: 'mtn-data-2-5gb-2d' })).status).toBe(
      404,
    );
    const cable = await buy({ product: 'CABLETV', plan_id: 'dstv-padi' });
    expect(cable.status).toBe(200);
    const edu = await buy({ product: 'EDUCATION', plan_id: 'waecdirect', unit: 3 });
    expect(edu.body.message).toHaveLength(3);
    // 600 + 4,500 + 3 × 950.
    expect(await kit.balance(u.id)).toBe(20_000_00 - 600_00 - 4_500_00 - 2_850_00);
    expect((await buy({ product: 'AIRTIME', amount: 199 })).body.msg).toBe(MSG.couponMinimum);
    expect(
      (
        await buy({
          product: 'ELECTRICITY',
          amount: 5_000,
          unit: 100,
          service_id: 'ikeja-electric',
        })
      ).status,
    ).toBe(422);
    const other = await kit.user();
    const r = await kit.call(api.cabletv, {
      token: other.token,
      body: {
        service_id: 'dstv',
        plan_id: 'ignored',
        smart_card_number: '7021235678',
        pin: PIN,
        coupon_code: cable.body.message[0].coupon_code,
      },
    });
    expect(r.body.message).toMatchObject({
      status: 'successful',
      plan: 'DStv Padi',
      amountCharged: 0,
    });
  });
});

describe.each(engines)('CARD_FEE_BEARER=customer on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine, { env: { CARD_FEE_BEARER: 'customer' } });
  });
  afterAll(async () => {
    expect(await kit.invariants()).toEqual([]);
    await kit.close();
  });

  it('deducts the card fee from the credit: ₦20,000 − ₦50 − ₦280 = ₦19,670', async () => {
    const u = await kit.user();
    const init = await kit.call(api.initiatePayment, { token: u.token, body: { amount: 20_000 } });
    const txRef = decodeURIComponent(new URL(init.body.message).pathname.split('/').pop()!);
    const { params } = await chooseAtCheckout(kit, txRef, 'successful');
    const v = await kit.call(api.verifyPayment, { token: u.token, body: params });
    expect(v.body.message).toMatchObject({ status: 'completed', credited: 19_670 });
    expect(await kit.balance(u.id)).toBe(19_670_00);
  });

  it('the level check counts what reaches the wallet: ₦50,760 credits ₦49,999.36 at level 1, so it is accepted and credited, not held', async () => {
    const u = await kit.user({ level: 1 });
    const room = await kit.call(api.verification, { token: u.token });
    expect(room.body.message.card_fee_payer).toBe('customer');
    // ₦50,760 − ₦50 duty − ₦710.64 fee: under the ₦50,000 a day (the business bearing the fee
    // would credit ₦50,710, and the payment would be refused before the checkout).
    const init = await kit.call(api.initiatePayment, { token: u.token, body: { amount: 50_760 } });
    expect(init.status).toBe(200);
    const txRef = decodeURIComponent(new URL(init.body.message).pathname.split('/').pop()!);
    const { params } = await chooseAtCheckout(kit, txRef, 'successful');
    const v = await kit.call(api.verifyPayment, { token: u.token, body: params });
    expect(v.body.message).toMatchObject({ status: 'completed', credited: 49_999.36 });
    expect(v.body.message.held ?? null).toBeNull();
    expect(await kit.balance(u.id)).toBe(49_999_36);
  });
});

describe.each(engines)('sandbox card checkout, no webhook hash set, on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    // `npm start` as it comes: no FLUTTERWAVE_WEBHOOK_HASH (ADR 0043, "Wiring").
    kit = await createKit(engine, { env: { FLUTTERWAVE_WEBHOOK_HASH: '' } });
  });
  afterAll(async () => {
    expect(await kit.invariants()).toEqual([]);
    await kit.close();
  });

  it('Pay credits the wallet through the simulator’s webhook, once, before the browser is back', async () => {
    const u = await kit.user();
    const init = await kit.call(api.initiatePayment, { token: u.token, body: { amount: 10_000 } });
    const txRef = decodeURIComponent(new URL(init.body.message).pathname.split('/').pop()!);
    const { params } = await chooseAtCheckout(kit, txRef, 'successful');
    // ₦10,000 − ₦50 stamp duty, the card fee borne by the business (the default).
    expect(await kit.balance(u.id)).toBe(9_950_00);
    const v = await kit.call(api.verifyPayment, { token: u.token, body: params });
    expect(v.body.message).toMatchObject({ status: 'completed', credited: 9_950 });
    const admin = await adminLogin(kit);
    const mine = await kit.call(api.payments, { token: admin, query: { reference: txRef } });
    expect(mine.body.message[0]).toMatchObject({
      status: 'completed',
      payment_reference: params.transaction_id,
    });
    expect(await kit.balance(u.id)).toBe(9_950_00);
    // A failed attempt's webhook credits nothing.
    const again = await kit.call(api.initiatePayment, { token: u.token, body: { amount: 1_000 } });
    const ref = decodeURIComponent(new URL(again.body.message).pathname.split('/').pop()!);
    await chooseAtCheckout(kit, ref, 'failed');
    const failed = await kit.call(api.payments, { token: admin, query: { reference: ref } });
    expect(failed.body.message[0].status).toBe('failed');
    expect(await kit.balance(u.id)).toBe(9_950_00);
  });
});
