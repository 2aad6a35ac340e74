/**
 * Price tiers (ADR 0027): a customer on a tier is charged the tier's price,
 * computed on the server in the purchase transaction, from the wallet, for coupons and through
 * the reseller API; only admins manage tiers; each admin write records exactly one audit entry
 * and a refused one none; a tier that would price below the provider's cost is refused.
 */
import {
  api,
  MAX_TIERS,
  SERVER_MSG,
  tierBelowCostMessage,
  TIER_MSG,
  TIER_NAME_MAX,
} from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { walletAccountId } from '../../src/wallet/ledger.ts';
import { adminLogin, createKit, engines, PIN, type Kit, type TestUser } from '../helper.ts';

const ZERO = { airtime: 0, data: 0, cabletv: 0, electricity: 0, education: 0 };
// ₦1,234 of MTN airtime: the network's 2 % off gives ₦1,209.32; a 2 % tier takes ₦24.1864
// more, rounded up (the customer's favour) to ₦24.19: ₦1,185.13.
const STANDARD = 1_209_32;
const TIERED = 1_185_13;

describe.each(engines)('price tiers on %s', (engine) => {
  let kit: Kit;
  let admin: string;
  let resellers: string;
  beforeAll(async () => {
    kit = await createKit(engine);
    admin = await adminLogin(kit);
    const created = await kit.call(api.createTier, {
      token: admin,
      body: { name: 'Resellers', discounts: { ...ZERO, airtime: 2, data: 1.5 } },
    });
    expect(created.status).toBe(200);
    resellers = created.body.message.id;
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => kit.close());

  const audit = async (query: Record<string, string>) =>
    (await kit.call(api.auditLog, { token: admin, query: { limit: '100', ...query } })).body;
  const moveTo = (u: TestUser, tierId: string) =>
    kit.call(api.setUserTier, { token: admin, body: { userId: u.id, tierId } });
  const buyAirtime = (options: { token?: string; headers?: Record<string, string> }) =>
    kit.call(api.airtime, {
      ...options,
      body: { pin: PIN, phone_number: '08031235678', amount: 1234, network_id: 'mtn' },
    });
  const walletEntries = (userId: string) =>
    kit.app.ctx.db
      .selectFrom('ledger_entries')
      .select('amount')
      .where('account_id', '=', walletAccountId(userId))
      .where('amount', '<', 0)
      .execute()
      .then((rows) => rows.map((r) => Number(r.amount)));

  it('a customer starts on the default tier and is charged the standard price', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const mine = await kit.call(api.myTier, { token: u.token });
    expect(mine.body.message).toEqual({ id: 'standard', name: 'Standard', discounts: ZERO });
    const buy = await buyAirtime({ token: u.token });
    expect(buy.body.message).toMatchObject({ status: 'successful', amountCharged: 1_209.32 });
    expect(await walletEntries(u.id)).toEqual([-STANDARD]);
  });

  it('on a 2 % airtime tier the wallet purchase charges the discounted amount in the ledger', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    expect((await moveTo(u, resellers)).status).toBe(200);
    const mine = await kit.call(api.myTier, { token: u.token });
    expect(mine.body.message).toMatchObject({
      id: resellers,
      name: 'Resellers',
      discounts: { ...ZERO, airtime: 2, data: 1.5 },
    });
    // A price in the body is ignored: the server prices from the tier.
    const buy = await kit.call(api.airtime, {
      token: u.token,
      body: {
        pin: PIN,
        phone_number: '08031235678',
        amount: 1234,
        network_id: 'mtn',
        amountCharged: 1,
      },
    });
    expect(buy.status).toBe(200);
    expect(buy.body.message).toMatchObject({
      status: 'successful',
      value: 1234,
      amountCharged: TIERED / 100,
    });
    expect(await walletEntries(u.id)).toEqual([-TIERED]);
    expect(await kit.balance(u.id)).toBe(10_000_00 - TIERED);
  });

  it('through the reseller API key the same tier price is charged', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    await moveTo(u, resellers);
    const key = await kit.call(api.createApiKey, { token: u.token, body: { name: 'Shop' } });
    const buy = await buyAirtime({
      headers: { 'x-api-key': key.body.message.key, 'x-request-id': 'tier-api-1' },
    });
    expect(buy.status).toBe(200);
    expect(buy.body.message.amountCharged).toBe(TIERED / 100);
    expect(await walletEntries(u.id)).toEqual([-TIERED]);
  });

  it('coupons cost the tier price per unit; a data plan its tier price', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    await moveTo(u, resellers);
    const coupons = await kit.call(api.buyCoupon, {
      token: u.token,
      body: { product: 'AIRTIME', amount: 1234, unit: 2, pin: PIN, network_id: 'mtn' },
    });
    expect(coupons.status).toBe(200);
    expect(await walletEntries(u.id)).toEqual([-2 * TIERED]);
    const plan = await kit.app.ctx.db
      .selectFrom('data_plans')
      .innerJoin('data_variations', 'data_variations.id', 'data_plans.variation_id')
      .select(['data_plans.plan_id', 'data_plans.wallet_price', 'data_variations.service_id'])
      .where('data_variations.requires_account_id', '=', 0)
      .where('data_plans.on_sale', '=', 1)
      .executeTakeFirstOrThrow();
    const data = await kit.call(api.data, {
      token: u.token,
      body: {
        pin: PIN,
        plan_id: plan.plan_id,
        service_id: plan.service_id,
        phone_number: '08031235678',
      },
    });
    expect(data.status).toBe(200);
    const price = Number(plan.wallet_price);
    const tiered = price - Math.ceil((price * 150) / 10_000);
    expect(data.body.message.amountCharged).toBe(tiered / 100);
  });

  it('a tier change writes exactly one audit entry; refused changes write none', async () => {
    const u = await kit.user({ funds: 0 });
    const moved = await kit.call(api.setUserTier, {
      token: admin,
      body: { userId: u.id, tierId: resellers },
      requestId: 'tier-change-1',
    });
    expect(moved.body).toEqual({ message: TIER_MSG.moved });
    const unknown = await moveTo(u, 'no-such-tier');
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe(TIER_MSG.notFound);
    const same = await moveTo(u, resellers);
    expect(same.status).toBe(409);
    const other = await kit.user({ funds: 0 });
    const notAdmin = await kit.call(api.setUserTier, {
      token: other.token,
      body: { userId: u.id, tierId: 'standard' },
    });
    expect(notAdmin.status).toBe(403);
    const log = await audit({ target: u.id });
    expect(log.total).toBe(1);
    expect(log.message[0]).toMatchObject({
      action: 'tier.change',
      target_type: 'user',
      target_label: u.email,
      before: { tier: 'Standard' },
      after: { tier: 'Resellers' },
      request_id: 'tier-change-1',
    });
    const users = await kit.call(api.users, { token: admin, query: { q: u.email } });
    expect(users.body.message[0].tier_id).toBe(resellers);
  });

  it('a non-admin can neither list, create nor edit tiers, and nothing changes', async () => {
    const u = await kit.user({ funds: 0 });
    const body = { name: 'Mine', discounts: { ...ZERO, airtime: 2 } };
    expect((await kit.call(api.tiers, { token: u.token })).status).toBe(403);
    expect((await kit.call(api.createTier, { token: u.token, body })).status).toBe(403);
    const edit = await kit.call(api.editTier, {
      token: u.token,
      params: { id: resellers },
      body,
    });
    expect(edit.status).toBe(403);
    const list = await kit.call(api.tiers, { token: admin });
    expect(list.body.message.map((t: { name: string }) => t.name)).not.toContain('Mine');
  });

  it('a tier below the provider’s cost is refused with the message and nothing is written', async () => {
    const before = (await audit({ action: 'tier.create' })).total;
    const airtime = await kit.call(api.createTier, {
      token: admin,
      body: { name: 'Too generous', discounts: { ...ZERO, airtime: 2.5 } },
    });
    expect(airtime.status).toBe(400);
    // 9MOBILE already takes 4 % off; with the provider's 6 % commission 2.08 % more is the most.
    expect(airtime.body.msg).toBe(tierBelowCostMessage('airtime', 208));
    expect(airtime.body.msg).toBe(
      'A tier cannot price Airtime below the provider’s cost: at most 2.08% off.',
    );
    const data = await kit.call(api.editTier, {
      token: admin,
      params: { id: resellers },
      body: { name: 'Resellers', discounts: { ...ZERO, data: 3.01 } },
    });
    expect(data.status).toBe(400);
    expect(data.body.msg).toBe(tierBelowCostMessage('data', 300));
    const list = await kit.call(api.tiers, { token: admin });
    expect(list.body.message.find((t: { id: string }) => t.id === resellers).discounts).toEqual({
      ...ZERO,
      airtime: 2,
      data: 1.5,
    });
    expect((await audit({ action: 'tier.create' })).total).toBe(before);
    expect((await audit({ action: 'tier.edit' })).total).toBe(0);
  });

  it('an edit is audited with before and after, and bad input is refused with its message', async () => {
    const created = await kit.call(api.createTier, {
      token: admin,
      body: { name: 'Agents', discounts: ZERO },
    });
    const id = created.body.message.id;
    const edited = await kit.call(api.editTier, {
      token: admin,
      params: { id },
      body: { name: 'Agents', discounts: { ...ZERO, cabletv: 1 } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toMatchObject({ name: 'Agents', discounts: { cabletv: 1 } });
    const log = await audit({ target: id });
    expect(log.message.map((e: { action: string }) => e.action)).toEqual([
      'tier.edit',
      'tier.create',
    ]);
    expect(log.message[0]).toMatchObject({
      before: { name: 'Agents', cabletv: '0%' },
      after: { name: 'Agents', cabletv: '1%' },
    });

    const taken = await kit.call(api.createTier, {
      token: admin,
      body: { name: 'resellers', discounts: ZERO },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe(TIER_MSG.nameTaken);
    const long = await kit.call(api.createTier, {
      token: admin,
      body: { name: 'x'.repeat(41), discounts: ZERO },
    });
    expect(long.status).toBe(400);
    expect(long.body.msg).toBe(TIER_MSG.nameTooLong);
    const blank = await kit.call(api.createTier, {
      token: admin,
      body: { name: '  ', discounts: ZERO },
    });
    expect(blank.body.msg).toBe(TIER_MSG.nameRequired);
    const decimals = await kit.call(api.createTier, {
      token: admin,
      body: { name: 'Odd', discounts: { ...ZERO, data: 1.005 } },
    });
    expect(decimals.status).toBe(400);
    expect(decimals.body.msg).toBe(TIER_MSG.discount);
    const missing = await kit.call(api.editTier, {
      token: admin,
      params: { id: 'no-such-tier' },
      body: { name: 'Odd', discounts: ZERO },
    });
    expect(missing.status).toBe(404);
    expect((await audit({ target: id })).total).toBe(2);
  });

  it('an admin cannot move themselves onto a tier, and nothing is audited', async () => {
    const me = await kit.call(api.currentUser, { token: admin });
    const before = (await audit({ target: me.body.message.id })).total;
    const res = await kit.call(api.setUserTier, {
      token: admin,
      body: { userId: me.body.message.id, tierId: resellers },
    });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe(SERVER_MSG.forbidden);
    expect((await audit({ target: me.body.message.id })).total).toBe(before);
  });

  it('a name that lengthens when lower-cased is refused with the name rule, not a server error', async () => {
    // 'İ' is one character; lower-cased it is two ('i' and a combining dot).
    const name = 'İ'.repeat(TIER_NAME_MAX);
    const res = await kit.call(api.createTier, { token: admin, body: { name, discounts: ZERO } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(TIER_MSG.nameTooLong);
    const all = await kit.call(api.tiers, { token: admin });
    expect(all.body.message.map((t: { name: string }) => t.name)).not.toContain(name);
  });

  // Last: it fills the tier list.
  it('two admins creating the last allowed tier at once: one is created, one told the limit', async () => {
    const count = async () => {
      const res = await kit.call(api.tiers, { token: admin });
      expect(res.status).toBe(200);
      return res.body.message.length as number;
    };
    for (let n = await count(); n < MAX_TIERS - 1; n++) {
      const made = await kit.call(api.createTier, {
        token: admin,
        body: { name: `Filler ${n}`, discounts: ZERO },
      });
      expect(made.status).toBe(200);
    }
    const both = await Promise.all(
      ['Last A', 'Last B'].map((name) =>
        kit.call(api.createTier, { token: admin, body: { name, discounts: ZERO } }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.msg).toBe(TIER_MSG.tooMany);
    // The list still answers, with exactly the limit.
    expect(await count()).toBe(MAX_TIERS);
  });
});
