/**
 * A retry through an API key (same X-Request-Id) of a call that takes no pin: the account
 * look-up of a key that may send withdrawals (ADR 0091). The retry is answered as the first
 * call was (it needed no pin either), never refused for a pin the call does not take.
 * SQLite and PostgreSQL.
 */
import { api } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKit, engines, type Kit } from '../helper.ts';

describe.each(engines)('a key retrying the account look-up on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterAll(() => kit.close());

  it('answers the retry as the first call', async () => {
    const owner = await kit.user({ role: 'owner' });
    const u = await kit.user();
    const made = await kit.call(api.createApiKey, { token: u.token, body: { name: 'Payouts' } });
    const key = made.body.message as { id: string; key: string };
    const on = await kit.call(api.setKeyWithdrawals, {
      token: owner.token,
      params: { id: key.id },
      body: { enabled: true },
    });
    expect(on.status).toBe(200);
    const look = () =>
      kit.call(api.resolveAccount, {
        headers: { 'x-api-key': key.key, 'x-request-id': 'look-1' },
        body: { bank_code: '044', account_number: '0123455678' },
      });
    const first = await look();
    expect(first.status).toBe(200);
    const again = await look();
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });
});
