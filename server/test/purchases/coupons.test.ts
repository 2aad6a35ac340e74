/**
 * Coupons keep what their redemption needs (decision 0013): an electricity coupon
 * of any amount the coupon rules allow (₦200 and up) is bought and redeemed through the
 * electricity call with its own DisCo; coupons sold before the DisCo was kept are redeemed
 * with the one the customer picks; every coupon product's meta_data has the contract's keys.
 */
import { randomUUID } from 'node:crypto';
import { api, COUPON_META_KEYS, MSG, NAIRA, SERVER_MSG, type CouponProduct } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sealedCodes } from '../../src/platform/db/sealed-codes.ts';
import { createKit, engines, PIN, type Kit } from '../helper.ts';

describe.each(engines)('coupons on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterAll(async () => {
    await kit.close();
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });

  const meter = (end = '5678') => `4501234${end}`;

  it.each([
    // Face value, then what the buyer pays: the DisCo's 1.5 % fee under ₦1,000.
    [200, 203_00],
    [500, 507_50],
  ])('an electricity coupon of ₦%i is bought and redeemed for a token', async (naira, paid) => {
    const buyer = await kit.user({ funds: 10_000_00 });
    const redeemer = await kit.user({ funds: 0 });
    const bought = await kit.call(api.buyCoupon, {
      token: buyer.token,
      body: {
        product: 'ELECTRICITY',
        amount: naira,
        unit: 1,
        pin: PIN,
        service_id: 'ikeja-electric',
      },
    });
    expect(bought.status).toBe(200);
    const coupon = bought.body.message[0];
    expect(coupon.meta_data).toEqual({
      product: 'ELECTRICITY',
      name: `₦${naira} Ikeja Electric (IKEDC) Prepaid`,
      amount: naira,
      service_id: 'ikeja-electric',
      variation_code: 'prepaid',
    });
    // Charged once, exactly the coupon price.
    expect(await kit.balance(buyer.id)).toBe(10_000_00 - paid);

    // The redeem screen sends the coupon's DisCo, the meter and the pin: no amount.
    const redeemed = await kit.call(api.electricity, {
      token: redeemer.token,
      body: {
        service_id: coupon.meta_data.service_id,
        variation_code: 'prepaid',
        meter_number: meter(),
        pin: PIN,
        coupon_code: coupon.coupon_code,
      },
    });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.message).toMatchObject({
      product: 'Electricity',
      status: 'successful',
      value: naira,
      amountCharged: 0,
      plan: 'Ikeja Electric (IKEDC) Prepaid',
      meter_number: meter(),
    });
    expect(redeemed.body.message.token).toMatch(/\d/);
    // Paid by the coupon: neither wallet moves again, and the coupon is used (Active NO).
    expect(await kit.balance(redeemer.id)).toBe(0);
    expect(await kit.balance(buyer.id)).toBe(10_000_00 - paid);
    const mine = await kit.call(api.currentUser, { token: buyer.token });
    expect(
      mine.body.message.coupons.find(
        (c: { coupon_code: string }) => c.coupon_code === coupon.coupon_code,
      ),
    ).toMatchObject({ isValid: false });
    const again = await kit.call(api.electricity, {
      token: redeemer.token,
      body: {
        service_id: 'ikeja-electric',
        variation_code: 'prepaid',
        meter_number: meter(),
        pin: PIN,
        coupon_code: coupon.coupon_code,
      },
    });
    expect(again.body).toEqual({ type: 'invalid_coupon', msg: MSG.couponInvalid });
  });

  it('a coupon buys its own DisCo and meter type, whatever the body says', async () => {
    const u = await kit.user({ funds: 5_000_00 });
    const bought = await kit.call(api.buyCoupon, {
      token: u.token,
      body: { product: 'ELECTRICITY', amount: 300, unit: 1, pin: PIN, service_id: 'eko-electric' },
    });
    const r = await kit.call(api.electricity, {
      token: u.token,
      body: {
        service_id: 'kano-electric',
        variation_code: 'postpaid',
        meter_number: meter(),
        pin: PIN,
        coupon_code: bought.body.message[0].coupon_code,
      },
    });
    expect(r.body.message).toMatchObject({ plan: 'Eko Electric (EKEDC) Prepaid', value: 300 });
  });

  it.each([200, 499])(
    'a ₦%i coupon redeemed the way the spec calls it, its amount sent with the code',
    async (naira) => {
      const u = await kit.user({ funds: 5_000_00 });
      const bought = await kit.call(api.buyCoupon, {
        token: u.token,
        body: {
          product: 'ELECTRICITY',
          amount: naira,
          unit: 1,
          pin: PIN,
          service_id: 'ikeja-electric',
        },
      });
      const coupon = bought.body.message[0];
      const paid = await kit.balance(u.id);
      const body = {
        service_id: 'ikeja-electric',
        variation_code: 'prepaid' as const,
        meter_number: meter(),
        pin: PIN,
        coupon_code: coupon.coupon_code,
      };
      const r = await kit.call(api.electricity, {
        token: u.token,
        body: { ...body, amount: coupon.meta_data.amount },
      });
      expect(r.status).toBe(200);
      expect(r.body.message).toMatchObject({
        status: 'successful',
        value: naira,
        amountCharged: 0,
      });
      expect(await kit.balance(u.id)).toBe(paid);
      // An amount that is no amount is still refused, before the coupon is looked at.
      const bad = await kit.call(api.electricity, { token: u.token, body: { ...body, amount: 0 } });
      expect(bad.body).toEqual({ type: 'validation_error', msg: MSG.electricityInvalid });
    },
  );

  it('a coupon sent with an amount other than its face value is refused, and stays unused', async () => {
    const u = await kit.user({ funds: 5_000_00 });
    const bought = await kit.call(api.buyCoupon, {
      token: u.token,
      body: { product: 'ELECTRICITY', amount: 300, unit: 1, pin: PIN, service_id: 'eko-electric' },
    });
    const code = bought.body.message[0].coupon_code;
    const balance = await kit.balance(u.id);
    const body = {
      service_id: 'eko-electric',
      variation_code: 'prepaid' as const,
      meter_number: meter(),
      pin: PIN,
      coupon_code: code,
    };
    // The customer who typed ₦5,000 is told, not sold ₦300 in silence.
    for (const amount of [5000, 299, 301]) {
      const r = await kit.call(api.electricity, { token: u.token, body: { ...body, amount } });
      expect(r).toEqual({
        status: 400,
        body: { type: 'validation_error', msg: MSG.electricityInvalid },
      });
    }
    expect(await kit.balance(u.id)).toBe(balance);
    const r = await kit.call(api.electricity, { token: u.token, body: { ...body, amount: 300 } });
    expect(r.body.message).toMatchObject({ status: 'successful', value: 300 });
  });

  it('an electricity coupon needs a DisCo when bought; the wallet keeps its ₦500 minimum', async () => {
    const u = await kit.user({ funds: 5_000_00 });
    const noDisco = await kit.call(api.buyCoupon, {
      token: u.token,
      body: { product: 'ELECTRICITY', amount: 500, unit: 1, pin: PIN },
    });
    expect(noDisco).toEqual({
      status: 400,
      body: { type: 'validation_error', msg: SERVER_MSG.chooseDisco },
    });
    const wallet = await kit.call(api.electricity, {
      token: u.token,
      body: {
        service_id: 'ikeja-electric',
        variation_code: 'prepaid',
        meter_number: meter(),
        amount: 200,
        pin: PIN,
      },
    });
    expect(wallet.body).toEqual({ type: 'validation_error', msg: MSG.electricityMinimum });
    const noAmount = await kit.call(api.electricity, {
      token: u.token,
      body: {
        service_id: 'ikeja-electric',
        variation_code: 'prepaid',
        meter_number: meter(),
        pin: PIN,
      },
    });
    expect(noAmount.body).toEqual({ type: 'validation_error', msg: MSG.electricityAmountEmpty });
    expect(await kit.balance(u.id)).toBe(5_000_00);
  });

  it('a coupon sold without its DisCo is redeemed with the DisCo the customer picks', async () => {
    const buyer = await kit.user({ funds: 1_000_00 });
    const redeemer = await kit.user({ funds: 0 });
    // As coupons were stored before: no service_id, no variation_code.
    const code = `LEGACY${randomUUID().slice(0, 8).toUpperCase()}-ELECTRICITY`;
    const now = Date.now();
    await kit.app.ctx.dbh.writeTx(async (trx) => {
      const { postMovement, systemAccountId, walletAccountId } =
        await import('../../src/wallet/ledger.ts');
      await postMovement(trx, {
        kind: 'coupon_purchase',
        legs: [
          { accountId: walletAccountId(buyer.id), amount: -507_50 },
          { accountId: systemAccountId('coupon_liability'), amount: 507_50 },
        ],
        now,
      });
      // Kept as every coupon is now: by its code's hash, the code sealed (ADR 0071).
      const codes = sealedCodes(trx);
      await trx
        .insertInto('coupons')
        .values({
          code: codes.hash(code),
          sealed_code: codes.seal(code),
          owner_id: buyer.id,
          product: 'ELECTRICITY',
          meta: JSON.stringify({
            product: 'ELECTRICITY',
            name: '₦500 Electricity',
            amount: 500_00,
          }),
          is_valid: 1,
          issued_at: now,
          expires_at: now + 86_400_000,
          unit_price: 507_50,
        })
        .execute();
    });
    const loaded = await kit.call(api.verifyCoupon, { body: { coupon_code: code } });
    expect(loaded.body.message.meta_data).toEqual({
      product: 'ELECTRICITY',
      name: '₦500 Electricity',
      amount: 500,
    });
    const body = { variation_code: 'prepaid', meter_number: meter(), pin: PIN, coupon_code: code };
    const noDisco = await kit.call(api.electricity, {
      token: redeemer.token,
      body: { ...body, service_id: '' },
    });
    expect(noDisco.status).toBe(400);
    const r = await kit.call(api.electricity, {
      token: redeemer.token,
      body: { ...body, service_id: 'abuja-electric' },
    });
    expect(r.body.message).toMatchObject({
      status: 'successful',
      plan: 'Abuja Electric (AEDC) Prepaid',
      value: 500,
      amountCharged: 0,
    });
    expect(await kit.balance(redeemer.id)).toBe(0);
    expect(await kit.balance(buyer.id)).toBe(1_000_00 - 507_50);
  });

  it("every coupon product's meta_data has the contract's keys (as the mocks store)", async () => {
    const u = await kit.user({ funds: 50_000_00 });
    const orders: Record<CouponProduct, Record<string, unknown>> = {
      AIRTIME: { amount: 500, network_id: 'mtn' },
      ELECTRICITY: { amount: 500, service_id: 'ikeja-electric' },
      'DATA-REGULAR': { plan_id: 'mtn-data-2-5gb-2d' },
      'DATA-NON-REGULAR': { plan_id: 'spectranet-7gb-30d' },
      CABLETV: { plan_id: 'dstv-padi' },
      EDUCATION: { plan_id: 'waecdirect' },
    };
    for (const [product, extra] of Object.entries(orders)) {
      const r = await kit.call(api.buyCoupon, {
        token: u.token,
        body: { product, unit: 1, pin: PIN, ...extra },
      });
      expect(r.status, product).toBe(200);
      const meta = r.body.message[0].meta_data;
      expect(Object.keys(meta).sort(), product).toEqual(
        [...COUPON_META_KEYS[product as CouponProduct]].sort(),
      );
      expect(meta.amount * NAIRA, product).toBeGreaterThan(0);
    }
  });
});
