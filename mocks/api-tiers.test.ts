import { api, SERVER_MSG, TIER_MSG, tierBelowCostMessage } from '@contract';
import { describe, expect, it } from 'vitest';
import { db } from './db';
import { DEMO_CUSTOMER, SEED_PIN } from './fixtures/users';
import { call, ok, refusal } from './test-client';
import { balanceOf, loginAdmin, loginAs, setupMockServer } from './test-setup';

setupMockServer();

/** Price tiers in the mocks (ADR 0027) behave as on the server (server/test/purchases/tiers.test.ts). */
describe('price tiers (mocks)', () => {
  it('a customer moved to the reseller tier is charged its price, and the move is audited', async () => {
    const admin = await loginAdmin();
    const moved = await ok(api.setUserTier, {
      token: admin,
      body: { userId: DEMO_CUSTOMER.id, tierId: 'tier_resellers' },
    });
    expect(moved.message).toBe(TIER_MSG.moved);
    expect(db.audit[0]).toMatchObject({
      action: 'tier.change',
      target_id: DEMO_CUSTOMER.id,
      before: { tier: 'Standard' },
      after: { tier: 'Resellers' },
    });
    const customer = await loginAs();
    const mine = await ok(api.myTier, { token: customer });
    expect(mine.message).toMatchObject({ name: 'Resellers', discounts: { airtime: 200 } });
    const before = balanceOf(DEMO_CUSTOMER.id);
    const buy = await ok(api.airtime, {
      token: customer,
      body: { pin: SEED_PIN, phone_number: '08031235678', amount: 1234, network_id: 'mtn' },
    });
    expect(buy.message.amountCharged).toBe(1_185_13);
    expect(balanceOf(DEMO_CUSTOMER.id)).toBe(before - 1_185_13);
    const again = await call(api.setUserTier, {
      token: admin,
      body: { userId: DEMO_CUSTOMER.id, tierId: 'nope' },
    });
    expect(refusal(again.json)).toEqual({ type: 'not_found', msg: TIER_MSG.notFound });
    const adminId = (await ok(api.currentUser, { token: admin })).message.id;
    const self = await call(api.setUserTier, {
      token: admin,
      body: { userId: adminId, tierId: 'tier_resellers' },
    });
    expect(refusal(self.json)).toEqual({ type: 'forbidden', msg: SERVER_MSG.forbidden });
  });

  it('refuses a tier below the provider’s cost and a customer managing tiers', async () => {
    const admin = await loginAdmin();
    const res = await call(api.createTier, {
      token: admin,
      body: {
        name: 'Generous',
        discounts: { airtime: 2.5, data: 0, cabletv: 0, electricity: 0, education: 0 },
      },
    });
    expect(res.status).toBe(400);
    expect(refusal(res.json).msg).toBe(tierBelowCostMessage('airtime', 208));
    const customer = await loginAs();
    expect((await call(api.tiers, { token: customer })).status).toBe(403);
    expect(db.tiers.map((t) => t.name)).toEqual(['Standard', 'Resellers']);
  });
});
