/**
 * The bank list (`GET /api/wallet/banks`) is cached, but a cache that is empty, or expired while
 * the payout provider is down, sends every call to the provider: a script must not spend the
 * provider's quota through it. It is limited per account, as the account look-up is
 * (rate-limits.ts).
 */
import { api } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/rate-limits.ts';
import { createKit, engines, type Kit } from '../helper.ts';

describe.each(engines)('the bank list on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterAll(() => kit.close());

  it('answers an account its limit of calls in 15 minutes, then 429', async () => {
    const rule = DEFAULT_LIMITS.routes.banks?.[0];
    expect(rule).toMatchObject({ per: 'account', max: 120 });
    const u = await kit.user();
    for (let i = 0; i < rule!.max; i++) {
      expect((await kit.call(api.banks, { token: u.token })).status).toBe(200);
    }
    const over = await kit.call(api.banks, { token: u.token });
    expect(over.status).toBe(429);
    // Another account is not held back by the first one's calls.
    const other = await kit.user();
    expect((await kit.call(api.banks, { token: other.token })).status).toBe(200);
  });
});
