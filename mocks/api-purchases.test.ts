import {
  api,
  COUPON_META_KEYS,
  electricityPrice,
  MSG,
  NAIRA,
  SERVER_MSG,
  type CouponProduct,
} from '@contract';
import { HISTORY_MSG } from '@contract/messages/history';
import { CATALOGUE } from '@contract/catalogue';
import { describe, expect, it } from 'vitest';
import { db } from './db';
import { SEED_COUPONS } from './fixtures/history';
import { DEMO_CUSTOMER, FRIEND_CUSTOMER, NO_PIN_CUSTOMER, SEED_PIN } from './fixtures/users';
import { call, ok, refusal } from './test-client';
import { balanceOf, loginAdmin, loginAs, setBalance, setupMockServer } from './test-setup';

setupMockServer();

const me = DEMO_CUSTOMER.id;
const airtime = (extra: Record<string, unknown> = {}) => ({
  phone_number: '08031234567',
  amount: 500,
  pin: SEED_PIN,
  ...extra,
});

describe('airtime', () => {
  it('charges the amount minus the network discount', async () => {
    const token = await loginAs();
    const { message: tx } = await ok(api.airtime, { token, body: airtime() });
    expect(tx.status).toBe('successful');
    expect(tx.amountCharged).toBe(490 * NAIRA); // MTN 2 % off ₦500
    expect(tx.balance_before - tx.balance_after).toBe(490 * NAIRA);
    expect(balanceOf(me)).toBe(25_000 * NAIRA - 490 * NAIRA);
  });

  it('refuses insufficient funds with 422 and moves nothing', async () => {
    setBalance(me, 100 * NAIRA);
    const token = await loginAs();
    const res = await call(api.airtime, { token, body: airtime() });
    expect(res.status).toBe(422);
    expect(refusal(res.json)).toEqual({ type: 'insufficient_funds', msg: MSG.insufficientFunds });
    expect(balanceOf(me)).toBe(100 * NAIRA);
  });

  it('refuses a wrong pin with 422, and locks after five', async () => {
    const token = await loginAs();
    const res = await call(api.airtime, { token, body: airtime({ pin: '000000' }) });
    expect(res.status).toBe(422);
    expect(refusal(res.json)).toEqual({ type: 'wrong_pin', msg: SERVER_MSG.wrongPin });
    for (let i = 0; i < 3; i += 1)
      await call(api.airtime, { token, body: airtime({ pin: '000000' }) });
    const fifth = await call(api.airtime, { token, body: airtime({ pin: '000000' }) });
    expect(fifth.status).toBe(423);
    expect(refusal(fifth.json).msg).toBe(SERVER_MSG.pinLocked(30));
    const right = await call(api.airtime, { token, body: airtime() });
    expect(right.status).toBe(423);
  });

  it('answers the spec message for a bad body', async () => {
    const token = await loginAs();
    const res = await call(api.airtime, { token, body: airtime({ phone_number: '123' }) });
    expect(res.status).toBe(400);
    expect(refusal(res.json)).toEqual({ type: 'validation_error', msg: MSG.airtimeInvalid });
    const small = await call(api.airtime, { token, body: airtime({ amount: 80 }) });
    expect(refusal(small.json).msg).toBe(MSG.airtimeMinimum);
  });

  it('follows the sandbox: …0000 fails (still debited), …1111 stays pending', async () => {
    const token = await loginAs();
    const failed = await ok(api.airtime, { token, body: airtime({ phone_number: '08030000000' }) });
    expect(failed.message.status).toBe('failed');
    expect(failed.message.amountCharged).toBe(490 * NAIRA);
    const pending = await ok(api.airtime, {
      token,
      body: airtime({ phone_number: '08031111111' }),
    });
    expect(pending.message.status).toBe('pending');
    expect(balanceOf(me)).toBe(25_000 * NAIRA - 2 * 490 * NAIRA);
  });

  it('sends a user without a pin to create one', async () => {
    const token = await loginAs(NO_PIN_CUSTOMER.email);
    const res = await call(api.airtime, { token, body: airtime() });
    expect(refusal(res.json).msg).toBe(SERVER_MSG.noPin);
  });
});

describe('data', () => {
  it('charges exactly the plan price', async () => {
    const token = await loginAs();
    const plan = CATALOGUE.data[0]?.plans.find((p) => p.id === 'mtn-data-3gb-30d');
    const { message: tx } = await ok(api.data, {
      token,
      body: {
        service_id: 'mtn-data',
        plan_id: 'mtn-data-3gb-30d',
        phone_number: '08031234567',
        pin: SEED_PIN,
      },
    });
    expect(plan?.wallet_price).toBe(1_500 * NAIRA);
    expect(tx.balance_before - tx.balance_after).toBe(plan?.wallet_price);
    expect(tx.value).toBe(plan?.wallet_price);
    expect(tx.transaction_phone).toBe('08031234567');
  });

  it('applies the destination rule per variation', async () => {
    const token = await loginAs();
    const spectranet = await call(api.data, {
      token,
      body: {
        service_id: 'spectranet',
        plan_id: 'spectranet-7gb-30d',
        phone_number: '08031234567',
        pin: SEED_PIN,
      },
    });
    expect(refusal(spectranet.json)).toEqual({ type: 'validation_error', msg: MSG.dataAccountId });
    const badPhone = await call(api.data, {
      token,
      body: {
        service_id: 'mtn-data',
        plan_id: 'mtn-data-3gb-30d',
        phone_number: '0803',
        pin: SEED_PIN,
      },
    });
    expect(refusal(badPhone.json).msg).toBe(MSG.dataPhone);
    const account = await ok(api.data, {
      token,
      body: {
        service_id: 'spectranet',
        plan_id: 'spectranet-7gb-30d',
        account_id: '10234567',
        pin: SEED_PIN,
      },
    });
    expect(account.message.account_id).toBe('10234567');
  });
});

describe('cable, electricity and education', () => {
  it('adds the cable convenience fee', async () => {
    const token = await loginAs();
    const { message: tx } = await ok(api.cabletv, {
      token,
      body: {
        service_id: 'gotv',
        plan_id: 'gotv-max',
        smart_card_number: '2015678943',
        pin: SEED_PIN,
      },
    });
    expect(tx.amountCharged).toBe(8_600 * NAIRA);
    expect(tx.customerName).toBeTruthy();
  });

  it('charges the electricity fee: 1.5 % under ₦1,000, ₦100 flat from ₦1,000', async () => {
    const token = await loginAs();
    const body = {
      service_id: 'ikeja-electric',
      variation_code: 'prepaid',
      meter_number: '45031234567',
      pin: SEED_PIN,
    };
    const small = await ok(api.electricity, { token, body: { ...body, amount: 800 } });
    expect(small.message.amountCharged).toBe(electricityPrice(800 * NAIRA, 1.5).total);
    expect(small.message.amountCharged).toBe(812 * NAIRA);
    expect(small.message.token).toMatch(/^\d{4}(-\d{4}){4}$/);
    expect(small.message.units).toMatch(/kWh$/);
    expect(small.message.exchangeReference).toBeTruthy();
    const big = await ok(api.electricity, { token, body: { ...body, amount: 5_000 } });
    expect(big.message.amountCharged).toBe(5_100 * NAIRA);
    const postpaid = await ok(api.electricity, {
      token,
      body: { ...body, variation_code: 'postpaid', meter_number: '0123456789', amount: 2_000 },
    });
    expect(postpaid.message.token).toBeUndefined();
    const tooSmall = await call(api.electricity, { token, body: { ...body, amount: 400 } });
    expect(refusal(tooSmall.json).msg).toBe(MSG.electricityMinimum);
  });

  it('answers exam pins for each unit', async () => {
    const token = await loginAs();
    const { message: tx } = await ok(api.education, {
      token,
      body: { service_id: 'waec', plan_id: 'waec-result-checker', quantity: 2, pin: SEED_PIN },
    });
    expect(tx.amountCharged).toBe(2 * 950 * NAIRA);
    expect(tx.purchased_code?.split('; ')).toHaveLength(2);
  });

  it('looks up a customer before paying', async () => {
    const token = await loginAs();
    const found = await ok(api.verifyCustomer, {
      token,
      body: {
        service_id: 'ikeja-electric',
        customer_number: '45031234567',
        variation_code: 'prepaid',
      },
    });
    expect(found.message.customer_name).toBeTruthy();
    const missing = await call(api.verifyCustomer, {
      token,
      body: { service_id: 'dstv', customer_number: '7020000000' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('coupons', () => {
  it('buys, verifies and redeems a coupon exactly once', async () => {
    const token = await loginAs();
    const bought = await ok(api.buyCoupon, {
      token,
      body: { product: 'AIRTIME', amount: 500, unit: 2, pin: SEED_PIN, network_id: 'mtn' },
    });
    expect(bought.message).toHaveLength(2);
    expect(balanceOf(me)).toBe(25_000 * NAIRA - 2 * 490 * NAIRA);
    const code = bought.message[0]?.coupon_code ?? '';
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}-AIRTIME$/);

    const loaded = await ok(api.verifyCoupon, { body: { coupon_code: code } });
    expect(loaded.message.meta_data).toMatchObject({ product: 'AIRTIME', amount: 500 * NAIRA });

    const before = balanceOf(me);
    const redeemed = await ok(api.airtime, { token, body: airtime({ coupon_code: code }) });
    expect(redeemed.message.amountCharged).toBe(0);
    expect(redeemed.message.coupon_code).toBe(code);
    expect(balanceOf(me)).toBe(before);

    const second = await call(api.airtime, { token, body: airtime({ coupon_code: code }) });
    expect(second.status).toBe(422);
    expect(refusal(second.json)).toEqual({ type: 'invalid_coupon', msg: SERVER_MSG.couponUsed });
  });

  it('refuses unknown, expired and wrong-product codes', async () => {
    const token = await loginAs();
    const unknown = await call(api.verifyCoupon, { body: { coupon_code: 'NOPE-AIRTIME' } });
    expect(refusal(unknown.json)).toEqual({
      type: 'invalid_coupon',
      msg: SERVER_MSG.couponNotFound,
    });
    const expired = await call(api.verifyCoupon, {
      body: { coupon_code: SEED_COUPONS.cableExpired },
    });
    expect(refusal(expired.json).msg).toBe(SERVER_MSG.couponExpired);
    const blank = await call(api.verifyCoupon, { body: { coupon_code: '  ' } });
    expect(refusal(blank.json).msg).toBe(MSG.couponBlank);
    const wrongScreen = await call(api.data, {
      token,
      body: {
        service_id: 'mtn-data',
        phone_number: '08031234567',
        pin: SEED_PIN,
        coupon_code: SEED_COUPONS.airtime,
      },
    });
    expect(refusal(wrongScreen.json).msg).toBe(SERVER_MSG.couponWrongProduct);
  });

  it('a failed redemption makes the code valid again', async () => {
    const token = await loginAs();
    const failed = await ok(api.data, {
      token,
      body: {
        service_id: 'mtn-data',
        phone_number: '08030000000',
        pin: SEED_PIN,
        coupon_code: SEED_COUPONS.data,
      },
    });
    expect(failed.message.status).toBe('failed');
    const again = await ok(api.verifyCoupon, { body: { coupon_code: SEED_COUPONS.data } });
    expect(again.message.isValid).toBe(true);
  });
  it('redeems an electricity coupon of ₦200 with its own DisCo, no amount sent', async () => {
    const token = await loginAs();
    const bought = await ok(api.buyCoupon, {
      token,
      body: {
        product: 'ELECTRICITY',
        amount: 200,
        unit: 1,
        pin: SEED_PIN,
        service_id: 'eko-electric',
      },
    });
    const coupon = bought.message[0]!;
    expect(coupon.meta_data).toMatchObject({
      service_id: 'eko-electric',
      variation_code: 'prepaid',
      amount: 200 * NAIRA,
    });
    const before = balanceOf(me);
    const redeemed = await ok(api.electricity, {
      token,
      body: {
        service_id: 'eko-electric',
        variation_code: 'prepaid',
        meter_number: '45012345678',
        pin: SEED_PIN,
        coupon_code: coupon.coupon_code,
      },
    });
    expect(redeemed.message).toMatchObject({
      status: 'successful',
      value: 200 * NAIRA,
      amountCharged: 0,
    });
    expect(redeemed.message.token).toBeTruthy();
    expect(balanceOf(me)).toBe(before);
  });

  it('redeems an electricity coupon of ₦499 with its face value sent as the amount', async () => {
    const token = await loginAs();
    const bought = await ok(api.buyCoupon, {
      token,
      body: {
        product: 'ELECTRICITY',
        amount: 499,
        unit: 1,
        pin: SEED_PIN,
        service_id: 'eko-electric',
      },
    });
    const coupon = bought.message[0]!;
    const before = balanceOf(me);
    const redeemed = await call(api.electricity, {
      token,
      body: {
        service_id: 'eko-electric',
        variation_code: 'prepaid',
        meter_number: '45012345678',
        amount: 499,
        pin: SEED_PIN,
        coupon_code: coupon.coupon_code,
      },
    });
    expect(redeemed.status).toBe(200);
    expect(redeemed.json).toMatchObject({
      message: { status: 'successful', value: 499, amountCharged: 0 },
    });
    expect(balanceOf(me)).toBe(before);
    // Another amount with a coupon is refused, as on the server (this one is used by now, but
    // the amount is judged first).
    const other = await ok(api.buyCoupon, {
      token,
      body: {
        product: 'ELECTRICITY',
        amount: 300,
        unit: 1,
        pin: SEED_PIN,
        service_id: 'eko-electric',
      },
    });
    const afterBuying = balanceOf(me);
    const mismatch = await call(api.electricity, {
      token,
      body: {
        service_id: 'eko-electric',
        variation_code: 'prepaid',
        meter_number: '45012345678',
        amount: 5000,
        pin: SEED_PIN,
        coupon_code: other.message[0]!.coupon_code,
      },
    });
    expect(mismatch.status).toBe(400);
    expect(refusal(mismatch.json).msg).toBe(MSG.electricityInvalid);
    expect(balanceOf(me)).toBe(afterBuying);
    // The wallet keeps its ₦500 minimum.
    const wallet = await call(api.electricity, {
      token,
      body: {
        service_id: 'eko-electric',
        variation_code: 'prepaid',
        meter_number: '45012345678',
        amount: 499,
        pin: SEED_PIN,
      },
    });
    expect(refusal(wallet.json).msg).toBe(MSG.electricityMinimum);
  });

  it("every coupon product's meta_data has the contract's keys (as the server stores)", async () => {
    const token = await loginAs();
    const orders: Record<CouponProduct, Record<string, unknown>> = {
      AIRTIME: { amount: 500, network_id: 'mtn' },
      ELECTRICITY: { amount: 500, service_id: 'ikeja-electric' },
      'DATA-REGULAR': { plan_id: 'mtn-data-2-5gb-2d' },
      'DATA-NON-REGULAR': { plan_id: 'spectranet-7gb-30d' },
      CABLETV: { plan_id: 'dstv-padi' },
      EDUCATION: { plan_id: 'waecdirect' },
    };
    for (const [product, extra] of Object.entries(orders)) {
      const { message } = await ok(api.buyCoupon, {
        token,
        body: { product, unit: 1, pin: SEED_PIN, ...extra },
      });
      expect(Object.keys(message[0]!.meta_data).sort(), product).toEqual(
        [...COUPON_META_KEYS[product as CouponProduct]].sort(),
      );
    }
  });

  it('freezes a blocked owner’s coupons until they are unblocked', async () => {
    const owner = db.users.find(
      (u) => u.id === db.coupons.find((c) => c.coupon_code === SEED_COUPONS.airtime)!.owner_id,
    )!;
    owner.isBlocked = true;
    const frozen = await call(api.verifyCoupon, { body: { coupon_code: SEED_COUPONS.airtime } });
    expect(frozen.status).toBe(422);
    expect(refusal(frozen.json)).toEqual({ type: 'invalid_coupon', msg: SERVER_MSG.couponFrozen });
    owner.isBlocked = false;
    await ok(api.verifyCoupon, { body: { coupon_code: SEED_COUPONS.airtime } });
  });
});

describe('share funds', () => {
  it('moves money between two users and answers the new balance', async () => {
    const token = await loginAs();
    const tundeBefore = balanceOf(FRIEND_CUSTOMER.id);
    const res = await ok(api.share, {
      token,
      body: { email: FRIEND_CUSTOMER.email, amount: 2_000, pin: SEED_PIN },
    });
    expect(res.message).toBe(23_000 * NAIRA);
    expect(balanceOf(FRIEND_CUSTOMER.id)).toBe(tundeBefore + 2_000 * NAIRA);
    const tunde = await ok(api.currentUser, { token: await loginAs(FRIEND_CUSTOMER.email) });
    expect(tunde.message.transactions[0]).toMatchObject({
      product: 'Transfer',
      direction: 'credit',
      counterparty: DEMO_CUSTOMER.email,
    });
  });

  it('refuses unknown recipients, yourself and more than the balance', async () => {
    const token = await loginAs();
    const unknown = await call(api.share, {
      token,
      body: { email: 'nobody@example.com', amount: 100, pin: SEED_PIN },
    });
    expect(unknown.status).toBe(404);
    const self = await call(api.share, {
      token,
      body: { email: DEMO_CUSTOMER.email, amount: 100, pin: SEED_PIN },
    });
    expect(refusal(self.json).msg).toBe(SERVER_MSG.selfTransfer);
    const tooMuch = await call(api.share, {
      token,
      body: { email: FRIEND_CUSTOMER.email, amount: 30_000, pin: SEED_PIN },
    });
    expect(refusal(tooMuch.json).type).toBe('insufficient_funds');
  });
});

describe('history', () => {
  it('hides only your own refunded, cancelled or empty-handed failed lines (ADR 0074)', async () => {
    const token = await loginAs();
    const mine = db.transactions.filter((t) => t.user_id === me);
    const done = mine.find((t) => t.status === 'successful');
    const pending = mine.find((t) => t.status === 'pending');
    const held = mine.find((t) => t.status === 'failed' && t.amountCharged > 0);
    const refunded = mine.find((t) => t.status === 'reversed' && t.product !== 'Transfer');
    const theirs = db.transactions.find((t) => t.user_id !== me);
    const hide = (id: string | undefined) =>
      call(api.deleteTransaction, { token, params: { id: id ?? '' } });
    for (const kept of [done, pending]) {
      const refused = await hide(kept?.transaction_id);
      expect(refused.status).toBe(409);
      expect(refusal(refused.json).msg).toBe(HISTORY_MSG.keepsMoney);
    }
    const waiting = await hide(held?.transaction_id);
    expect(waiting.status).toBe(409);
    expect(refusal(waiting.json).msg).toBe(HISTORY_MSG.waitingForRefund);
    const before = await ok(api.currentUser, { token });
    const hidden = await ok(api.deleteTransaction, {
      token,
      params: { id: refunded?.transaction_id ?? '' },
    });
    expect(hidden.message).toBe(HISTORY_MSG.hidden);
    const user = await ok(api.currentUser, { token });
    expect(
      user.message.transactions.some((t) => t.transaction_id === refunded?.transaction_id),
    ).toBe(false);
    // Hiding changes no total.
    expect(user.message.transactions_count).toBe(before.message.transactions_count);
    expect(user.message.spent_total).toBe(before.message.spent_total);
    expect(user.message.wallet_balance).toBe(before.message.wallet_balance);
    const notMine = await hide(theirs?.transaction_id);
    expect(notMine.status).toBe(404);
  });

  it('lets an admin reverse a failed purchase once', async () => {
    const failed = db.transactions.find((t) => t.user_id === me && t.status === 'failed');
    const before = balanceOf(me);
    const admin = await loginAdmin();
    const body = { userId: me, transactionId: failed?.transaction_id ?? '' };
    await ok(api.reverse, { token: admin, body });
    expect(balanceOf(me)).toBe(before + (failed?.amountCharged ?? 0));
    const again = await call(api.reverse, { token: admin, body });
    expect(again.status).toBe(409);
    expect(refusal(again.json).msg).toBe(SERVER_MSG.notReversible);
  });

  it('replays a retried request (same X-Request-Id) without a second debit', async () => {
    const token = await loginAs();
    const headers = { 'X-Request-Id': 'retry-1' };
    const first = await ok(api.airtime, { token, headers, body: airtime() });
    const retry = await ok(api.airtime, { token, headers, body: airtime() });
    expect(retry).toEqual(first);
    expect(balanceOf(me)).toBe(25_000 * NAIRA - 490 * NAIRA);
    const different = await call(api.airtime, { token, headers, body: airtime({ amount: 600 }) });
    expect(different.status).toBe(409);
  });
});
