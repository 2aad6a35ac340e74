/**
 * Money an admin credited in the last 7 days may not pay for coupons (ADR 0088): a coupon is a
 * bearer code anyone redeems, so buying one with an adjustment and handing the code over moved
 * admin credit to another customer with no second pair of eyes, as a share did before it was
 * refused. The measure is the share's and the withdrawal review's (one function). Airtime, data
 * and bills for the customer's own use are still paid from it. Both engines, through the API;
 * Date is frozen (vi.setSystemTime) where the 7 days are crossed.
 */
import { api, couponOfAdminCreditMessage } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD, PIN, createKit, engines, type Kit, type TestUser } from '../helper.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let refs = 0;

describe.each(engines)('coupons paid with money an admin credited, on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterEach(async () => {
    vi.useRealTimers();
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => {
    await kit.close();
  });

  /** An approved adjustment credit of `naira` (under the four-eyes threshold: instant). */
  async function credit(u: TestUser, naira: number) {
    const finance = await kit.user({ role: 'finance' });
    const res = await kit.call(api.createAdjustment, {
      token: finance.token,
      body: {
        email: u.email,
        direction: 'credit',
        amount: naira,
        reason: 'Goodwill',
        reference: `ADJ-COUPON-${engine}-${++refs}`,
      },
    });
    expect(res.body.message.status).toBe('approved');
  }

  const buy = (token: string, naira: number) =>
    kit.call(api.buyCoupon, {
      token,
      body: { product: 'AIRTIME', amount: naira, unit: 1, pin: PIN, network_id: 'mtn' },
    });

  const couponsOf = async (userId: string) =>
    (
      await kit.app.ctx.db
        .selectFrom('coupons')
        .select('code')
        .where('owner_id', '=', userId)
        .execute()
    ).length;

  const refused = {
    status: 422,
    body: { type: 'limit_exceeded', msg: couponOfAdminCreditMessage(10_000_00) },
  };

  it('a customer credited ₦10,000 by an admin today cannot buy a ₦1,000 coupon from that credit, and can buy airtime for themselves with it', async () => {
    const u = await kit.user({ funds: 0 });
    await credit(u, 10_000);
    const res = await buy(u.token, 1_000);
    expect(res).toMatchObject(refused);
    // The exact sentence the customer reads.
    expect(res.body.msg).toBe(
      '₦10,000 of your balance was credited by our team in the last 7 days and cannot pay for coupons yet: you can spend it on airtime, data and bills for yourself, and a withdrawal of it is checked by our team first.',
    );
    expect(await kit.balance(u.id)).toBe(10_000_00);
    expect(await couponsOf(u.id)).toBe(0);
    // The credit was given to be spent: airtime for the customer's own line is bought with it.
    const airtime = await kit.call(api.airtime, {
      token: u.token,
      body: { pin: PIN, phone_number: '08035550123', amount: 1000 },
    });
    expect(airtime.status).toBe(200);
    expect(await kit.balance(u.id)).toBeLessThan(10_000_00);
  });

  it("a customer whose own funded balance covers the coupon buys it; not a naira of the admin's credit", async () => {
    const u = await kit.user({ funds: 0 });
    await credit(u, 10_000);
    await kit.fund(u.id, 1_500_00);
    const first = await buy(u.token, 1_000);
    expect(first.status).toBe(200);
    const left = await kit.balance(u.id);
    expect(left).toBeGreaterThanOrEqual(10_000_00);
    expect(left).toBeLessThan(11_500_00);
    // A second one would draw on the credit: refused, nothing moves.
    expect(await buy(u.token, 1_000)).toMatchObject(refused);
    expect(await kit.balance(u.id)).toBe(left);
    expect(await couponsOf(u.id)).toBe(1);
  });

  it('7 days after the credit the money is the customer’s to spend on coupons too (frozen clock)', async () => {
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(t0);
    const u = await kit.user({ funds: 0 });
    await credit(u, 10_000);
    // A fresh sign-in on the moved clock: the access token lives 15 minutes.
    const signIn = async () =>
      (await kit.call(api.login, { body: { username: u.email, password: PASSWORD } })).body
        .JWTtoken as string;
    vi.setSystemTime(t0 + 7 * DAY - MINUTE);
    expect(await buy(await signIn(), 1_000)).toMatchObject(refused);
    expect(await kit.balance(u.id)).toBe(10_000_00);
    vi.setSystemTime(t0 + 7 * DAY + MINUTE);
    const later = await buy(await signIn(), 1_000);
    expect(later.status).toBe(200);
    expect(await couponsOf(u.id)).toBe(1);
    expect(await kit.balance(u.id)).toBeLessThan(10_000_00);
  });

  it('two coupon purchases at once cannot together spend admin credit that neither alone could', async () => {
    const u = await kit.user({ funds: 0 });
    await credit(u, 10_000);
    // ₦1,500 of the customer's own: one ₦1,000 coupon fits in it, two do not.
    await kit.fund(u.id, 1_500_00);
    const results = await Promise.all([buy(u.token, 1_000), buy(u.token, 1_000)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 422]);
    expect(results.find((r) => r.status === 422)).toMatchObject(refused);
    expect(await couponsOf(u.id)).toBe(1);
    expect(await kit.balance(u.id)).toBeGreaterThanOrEqual(10_000_00);
  });
});
