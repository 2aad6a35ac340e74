/**
 * Four eyes over a key's withdrawals (ADR 0091 with ADR 0088): the owner who let an API key send
 * withdrawals never approves a withdrawal made through that key, even after turning it off again.
 * Otherwise one owner holding a customer's leaked key and pin arms it, withdraws the wallet to
 * any account and approves the review alone. Another admin approves it. SQLite and PostgreSQL.
 */
import { api, WITHDRAWAL_REVIEW_MSG } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setWithdrawalSettings, withdrawalSettings } from '../../src/payouts/withdrawals.ts';
import { PIN, createKit, engines, type Kit, type TestUser } from '../helper.ts';

let accounts = 0;
const account = () => `03${String(++accounts).padStart(4, '0')}5678`;

describe.each(engines)("the owner who armed a key and its withdrawals' review on %s", (engine) => {
  let kit: Kit;
  let owner: TestUser;
  let owner2: TestUser;

  beforeAll(async () => {
    kit = await createKit(engine);
    owner = await kit.user({ role: 'owner' });
    owner2 = await kit.user({ role: 'owner' });
    await setWithdrawalSettings(
      kit.app.ctx,
      { admin: owner, req: { headers: {}, ip: '127.0.0.1' } },
      { ...(await withdrawalSettings(kit.app.ctx.db)), new_beneficiary_cap: 1e12 },
    );
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(() => kit.close());

  async function armedKeyWithdrawal(alsoTurnOff: boolean) {
    const u = await kit.user({ funds: 100_000_000 });
    const made = await kit.call(api.createApiKey, { token: u.token, body: { name: 'Payouts' } });
    const key = made.body.message as { id: string; key: string };
    const turn = (enabled: boolean) =>
      kit.call(api.setKeyWithdrawals, {
        token: owner.token,
        params: { id: key.id },
        body: { enabled },
      });
    expect((await turn(true)).status).toBe(200);
    const sent = await kit.call(api.withdraw, {
      headers: { 'x-api-key': key.key, 'x-request-id': `armed-${++accounts}` },
      body: { bank_code: '044', account_number: account(), amount: 250_000, pin: PIN },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message.status).toBe('awaiting_review');
    if (alsoTurnOff) expect((await turn(false)).status).toBe(200);
    return { u, id: sent.body.message.id as string };
  }

  const approve = (by: TestUser, id: string) =>
    kit.call(api.approveWithdrawal, { token: by.token, params: { id } });
  const status = async (id: string) =>
    (
      await kit.app.ctx.db
        .selectFrom('withdrawals')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  it('the owner who turned withdrawals on for the key is refused; another owner approves', async () => {
    const { id } = await armedKeyWithdrawal(false);
    const own = await approve(owner, id);
    expect(own.status).toBe(403);
    expect(own.body.msg).toBe(WITHDRAWAL_REVIEW_MSG.armedByApprover);
    expect(await status(id)).toBe('awaiting_review');
    const other = await approve(owner2, id);
    expect(other.status).toBe(200);
    expect(await status(id)).toBe('successful');
  });

  it('turning the key off again does not let its owner approve what it sent', async () => {
    const { id } = await armedKeyWithdrawal(true);
    const own = await approve(owner, id);
    expect(own.status).toBe(403);
    expect(own.body.msg).toBe(WITHDRAWAL_REVIEW_MSG.armedByApprover);
    expect(await status(id)).toBe('awaiting_review');
  });
});
