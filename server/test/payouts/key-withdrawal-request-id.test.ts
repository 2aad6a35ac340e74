/**
 * A withdrawal through an API key keeps its X-Request-Id on its statement line, as a purchase
 * does (ADR 0026, ADR 0091): the key's requery by request_id finds it, and its webhook names it.
 * A reseller whose call timed out asks by request_id; told "not found" it would send a second
 * withdrawal of the same money. SQLite and PostgreSQL.
 */
import { api, NEW_KEY_REVIEW_HOURS } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PIN, createKit, engines, type Kit, type TestUser } from '../helper.ts';

describe.each(engines)("a key's withdrawal and its X-Request-Id on %s", (engine) => {
  let kit: Kit;
  let owner: TestUser;
  let now = Date.UTC(2026, 10, 2, 9, 0, 0);
  beforeAll(async () => {
    kit = await createKit(engine, { config: { clock: () => now } });
    owner = await kit.user({ role: 'owner' });
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(() => kit.close());

  it('is found by request_id and named in the webhook', async () => {
    const u = await kit.user({ funds: 1_000_000 });
    const made = await kit.call(api.createApiKey, { token: u.token, body: { name: 'Payouts' } });
    const key = made.body.message as { id: string; key: string };
    await kit.call(api.setKeyWithdrawals, {
      token: owner.token,
      params: { id: key.id },
      body: { enabled: true },
    });
    // Past the key's first day, when its withdrawals wait for review (ADR 0091).
    now += NEW_KEY_REVIEW_HOURS * 3_600_000;
    await kit.call(api.setWebhook, { token: u.token, body: { url: 'http://127.0.0.1:9/hook' } });
    const sent = await kit.call(api.withdraw, {
      headers: { 'x-api-key': key.key, 'x-request-id': 'payout-7' },
      body: { bank_code: '044', account_number: '0400015678', amount: 2_000, pin: PIN },
    });
    expect(sent.status).toBe(200);
    const id = sent.body.message.id as string;
    const found = await kit.call(api.requery, {
      headers: { 'x-api-key': key.key },
      query: { request_id: 'payout-7' },
    });
    expect(found.status).toBe(200);
    expect(found.body.message.transaction_id).toBe(id);
    const hook = await kit.app.ctx.db
      .selectFrom('webhook_deliveries')
      .select('payload')
      .where('transaction_id', '=', id)
      .executeTakeFirstOrThrow();
    expect((JSON.parse(hook.payload) as { data: { request_id: string } }).data.request_id).toBe(
      'payout-7',
    );
  });
});
