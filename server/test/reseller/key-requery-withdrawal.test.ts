/**
 * A key that may not send withdrawals does not read them either (ADR 0091: its withdrawal calls
 * are refused before anything is read): its requery of a withdrawal's line (the payee's bank
 * account and name) is refused with the same 403 as its withdrawal calls, by id or by
 * request_id; its purchases are requeried as before. SQLite and PostgreSQL.
 */
import { api, RESELLER_MSG } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PIN, createKit, engines, type Kit, type TestUser } from '../helper.ts';

describe.each(engines)("a key's requery of a withdrawal on %s", (engine) => {
  let kit: Kit;
  let owner: TestUser;
  beforeAll(async () => {
    kit = await createKit(engine);
    owner = await kit.user({ role: 'owner' });
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(() => kit.close());

  it('is refused to a key whose withdrawals are off, answered to the one allowed them', async () => {
    const u = await kit.user({ funds: 1_000_000 });
    const newKey = async () =>
      (await kit.call(api.createApiKey, { token: u.token, body: { name: 'Shop' } })).body
        .message as { id: string; key: string };
    const payer = await newKey();
    const shop = await newKey();
    await kit.call(api.setKeyWithdrawals, {
      token: owner.token,
      params: { id: payer.id },
      body: { enabled: true },
    });
    const sent = await kit.call(api.withdraw, {
      headers: { 'x-api-key': payer.key, 'x-request-id': 'order-1001' },
      body: { bank_code: '044', account_number: '0500015678', amount: 2_000, pin: PIN },
    });
    expect(sent.status).toBe(200);
    const id = sent.body.message.id as string;
    const ask = (key: string, query: Record<string, string>) =>
      kit.call(api.requery, { headers: { 'x-api-key': key }, query });
    const queries: Record<string, string>[] = [{ id }, { request_id: 'order-1001' }];
    for (const query of queries) {
      const refused = await ask(shop.key, query);
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toBe(RESELLER_MSG.keyWithdrawalsOff);
      const read = await ask(payer.key, query);
      expect(read.status).toBe(200);
      expect(read.body.message.transaction_id).toBe(id);
    }
  });
});
