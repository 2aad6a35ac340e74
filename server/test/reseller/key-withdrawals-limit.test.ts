/**
 * Turning an API key's withdrawals on or off mails the customer and sends an SMS each time
 * (ADR 0091): like every signed-in route that mails, it is limited per account (rate-limits.ts),
 * so that a script on an owner's session cannot flood a customer's inbox. SQLite and PostgreSQL.
 */
import { api } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/rate-limits.ts';
import { createKit, engines, type Kit } from '../helper.ts';

describe.each(engines)("the switch of a key's withdrawals on %s", (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterAll(() => kit.close());

  it('answers an owner its limit of switches in 15 minutes, then 429', async () => {
    const rule = DEFAULT_LIMITS.routes.setKeyWithdrawals?.[0];
    expect(rule).toMatchObject({ per: 'account', max: 60 });
    const owner = await kit.user({ role: 'owner' });
    const u = await kit.user();
    const made = await kit.call(api.createApiKey, { token: u.token, body: { name: 'Payouts' } });
    const id = (made.body.message as { id: string }).id;
    for (let i = 0; i < rule!.max; i++) {
      const res = await kit.call(api.setKeyWithdrawals, {
        token: owner.token,
        params: { id },
        body: { enabled: i % 2 === 0 },
      });
      expect(res.status).toBe(200);
    }
    const over = await kit.call(api.setKeyWithdrawals, {
      token: owner.token,
      params: { id },
      body: { enabled: true },
    });
    expect(over.status).toBe(429);
  });
});
