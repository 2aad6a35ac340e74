/**
 * Money an admin credits by adjustment is checked by a second admin before it leaves as cash
 * (ADR 0088). A share to a second account would take it out unchecked (free and instant, and
 * that account withdraws it at once), so one finance admin alone could turn an instant
 * adjustment (under the four-eyes threshold of ADR 0070) into a bank transfer to an
 * accomplice. A share may not draw on money credited by an admin in the last 7 days.
 */
import { api } from '@contract';
import { lagosDay, lagosDayStart } from '@contract/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setWithdrawalSettings, withdrawalSettings } from '../../src/payouts/withdrawals.ts';
import { PIN, createKit, engines, type Kit, type TestUser } from '../helper.ts';

const T0 = lagosDayStart(lagosDay(Date.now())) + 10 * 3_600_000;

describe.each(engines)('adjustment money through a share on %s', (engine) => {
  let kit: Kit;
  let owner: TestUser;
  let finance: TestUser;
  beforeAll(async () => {
    kit = await createKit(engine, { config: { clock: () => T0 } });
    owner = await kit.user({ role: 'owner' });
    finance = await kit.user({ role: 'finance' });
    await setWithdrawalSettings(
      kit.app.ctx,
      { admin: owner, req: { headers: {}, ip: '127.0.0.1' } },
      { ...(await withdrawalSettings(kit.app.ctx.db)), new_beneficiary_cap: 1e12 },
    );
  });
  afterAll(() => kit.close());

  it("a share may not draw on money an admin credited in the last 7 days; the customer's own money beside it may be shared", async () => {
    const a = await kit.user();
    const b = await kit.user();
    const credited = await kit.call(api.createAdjustment, {
      token: finance.token,
      body: {
        email: a.email,
        direction: 'credit',
        amount: 50_000,
        reason: 'Goodwill',
        reference: `ADJ-LAUNDER-${engine}`,
      },
    });
    expect(credited.body.message.status).toBe('approved');
    const shared = await kit.call(api.share, {
      token: a.token,
      body: { email: b.email, amount: 50_000, pin: PIN },
    });
    expect(shared).toMatchObject({
      status: 422,
      body: {
        type: 'limit_exceeded',
        msg: '₦50,000 of your balance was credited by our team in the last 7 days and cannot be shared yet: you can spend it on purchases, and a withdrawal of it is checked by our team first.',
      },
    });
    expect(await kit.balance(a.id)).toBe(50_000_00);
    expect(await kit.balance(b.id)).toBe(0);
    // Money of the customer's own beside it may still be shared, not a naira of the credit.
    await kit.fund(a.id, 10_000_00);
    const own = await kit.call(api.share, {
      token: a.token,
      body: { email: b.email, amount: 10_000, pin: PIN },
    });
    expect(own.status).toBe(200);
    const more = await kit.call(api.share, {
      token: a.token,
      body: { email: b.email, amount: 100, pin: PIN },
    });
    expect(more.status).toBe(422);
    // What B received is B's own: its withdrawal is not held for A's adjustment.
    const cash = await kit.call(api.withdraw, {
      token: b.token,
      body: { bank_code: '044', account_number: '0299995678', amount: 9_900, pin: PIN },
    });
    expect(cash.body.message.status).not.toBe('awaiting_review');
    expect(await kit.invariants()).toEqual([]);
  });
});
