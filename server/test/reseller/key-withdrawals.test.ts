/**
 * Withdrawals through the reseller API (ADR 0091): off for every key until an owner admin turns
 * them on for that one key; the customer is told; a key's withdrawal is recorded with the key,
 * its pin counted on the key's own budget, retried once by its X-Request-Id; a revoked key, a
 * key of the owner's own account, and any admin but an owner are refused. SQLite and PostgreSQL.
 */
import { api, NEW_KEY_REVIEW_HOURS, RESELLER_MSG } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PIN_MAX_FAILURES } from '../../src/wallet/wallet.ts';
import { PIN, createKit, engines, type Kit, type TestUser } from '../helper.ts';

let accounts = 0;
/** A fresh 10-digit account number that the sandbox pays at once (ending 5678). */
const account = () => `02${String(++accounts).padStart(4, '0')}5678`;

describe.each(engines)('withdrawals through an API key on %s', (engine) => {
  let kit: Kit;
  let owner: TestUser;
  let finance: TestUser;
  let now = Date.UTC(2026, 10, 2, 9, 0, 0);

  beforeAll(async () => {
    kit = await createKit(engine, { config: { clock: () => now } });
    owner = await kit.user({ role: 'owner' });
    finance = await kit.user({ role: 'finance' });
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(() => kit.close());

  async function newKey(u: TestUser) {
    const res = await kit.call(api.createApiKey, { token: u.token, body: { name: 'Payouts' } });
    expect(res.status).toBe(200);
    return res.body.message as { id: string; key: string; prefix: string };
  }
  const withKey = (key: string, requestId?: string) => ({
    headers: { 'x-api-key': key, ...(requestId ? { 'x-request-id': requestId } : {}) },
  });
  const turn = (admin: TestUser, keyId: string, enabled: boolean) =>
    kit.call(api.setKeyWithdrawals, {
      token: admin.token,
      params: { id: keyId },
      body: { enabled },
    });
  const withdrawWith = (key: string, requestId: string, body: Record<string, unknown> = {}) =>
    kit.call(api.withdraw, {
      ...withKey(key, requestId),
      body: { bank_code: '044', account_number: account(), amount: 2_000, pin: PIN, ...body },
    });

  it("a new key's withdrawal calls are all refused, nothing taken, nothing asked of Flutterwave", async () => {
    const u = await kit.user({ funds: 1_000_000 });
    const { key } = await newKey(u);
    const calls = [
      await kit.call(api.banks, withKey(key)),
      await kit.call(api.resolveAccount, {
        ...withKey(key, 'r1'),
        body: { bank_code: '044', account_number: '0123456789' },
      }),
      await kit.call(api.withdrawalQuote, { ...withKey(key), query: { amount: '1000' } }),
      await withdrawWith(key, 'w1'),
      await kit.call(api.myWithdrawals, withKey(key)),
    ];
    for (const res of calls) {
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe(RESELLER_MSG.keyWithdrawalsOff);
    }
    expect(await kit.balance(u.id)).toBe(1_000_000);
    const rows = await kit.app.ctx.db
      .selectFrom('withdrawals')
      .select('id')
      .where('user_id', '=', u.id)
      .execute();
    expect(rows).toEqual([]);
    // The app's own session still withdraws: the switch is the key's, not the account's.
    const inApp = await kit.call(api.withdraw, {
      token: u.token,
      body: { bank_code: '044', account_number: account(), amount: 1_000, pin: PIN },
    });
    expect(inApp.status).toBe(200);
  });

  it('an owner turns them on for one key: that key withdraws, recorded with it; the other key still may not', async () => {
    const u = await kit.user({ funds: 1_000_000 });
    const on = await newKey(u);
    const other = await newKey(u);
    const res = await turn(owner, on.id, true);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(RESELLER_MSG.keyWithdrawalsOn);
    expect(res.body.key.withdrawals_on_at).toEqual(expect.any(Number));

    // For a day after the switch, every withdrawal through the key waits for a second admin,
    // whoever armed it.
    const early = await withdrawWith(on.key, 'pay-0');
    expect(early.status).toBe(200);
    expect(early.body.message.status).toBe('awaiting_review');
    const waiting = await kit.app.ctx.db
      .selectFrom('withdrawals')
      .select('review_reason')
      .where('id', '=', early.body.message.id)
      .executeTakeFirstOrThrow();
    expect(waiting.review_reason).toBe('new_key');
    now += NEW_KEY_REVIEW_HOURS * 3_600_000 - 60_000;
    expect((await withdrawWith(on.key, 'pay-00')).body.message.status).toBe('awaiting_review');
    now += 60_000;

    const to = account();
    const sent = await withdrawWith(on.key, 'pay-1', { account_number: to });
    expect(sent.status).toBe(200);
    const id = sent.body.message.id;
    const row = await kit.app.ctx.db
      .selectFrom('withdrawals')
      .select(['api_key_id', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ api_key_id: on.id, status: 'successful' });
    // A retry of the same X-Request-Id sends nothing again.
    const again = await withdrawWith(on.key, 'pay-1', { account_number: to });
    expect(again.body.message.id).toBe(id);
    const created = await kit.app.ctx.db
      .selectFrom('withdrawal_events')
      .select('source')
      .where('withdrawal_id', '=', id)
      .where('source', '=', 'create')
      .execute();
    expect(created).toHaveLength(1);
    // The key lists its account's withdrawals.
    const listed = await kit.call(api.myWithdrawals, withKey(on.key));
    expect(listed.body.message.map((w: { id: string }) => w.id)).toContain(id);

    const refused = await withdrawWith(other.key, 'pay-2');
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(RESELLER_MSG.keyWithdrawalsOff);
  });

  it('the customer is told by e-mail and SMS, sees it on the key, and the audit log keeps who did it', async () => {
    const u = await kit.user({ funds: 10_000 });
    const k = await newKey(u);
    await turn(owner, k.id, true);
    const listed = await kit.call(api.apiKeys, { token: u.token });
    const mine = listed.body.message.find((x: { id: string }) => x.id === k.id);
    expect(mine.withdrawals_on_at).toEqual(expect.any(Number));
    const mail = await kit.app.ctx.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', u.email)
      .where('subject', '=', 'An API key may now send withdrawals')
      .executeTakeFirst();
    expect(mail?.text_body).toContain(`API key starting ${k.prefix}`);
    const sms = await kit.app.ctx.db
      .selectFrom('sms_outbox')
      .select('body')
      .where('user_id', '=', u.id)
      .execute();
    expect(sms.map((s) => s.body).join('\n')).toMatch(
      /An API key of your account may now send withdrawals to bank accounts, from .*\. Did not ask for it\? Revoke the key in Settings\./,
    );
    const audit = await kit.app.ctx.db
      .selectFrom('audit_log')
      .select(['admin_id', 'action', 'target_id'])
      .where('target_id', '=', k.id)
      .execute();
    expect(audit).toEqual([{ admin_id: owner.id, action: 'apiKey.withdrawals', target_id: k.id }]);

    const off = await turn(owner, k.id, false);
    expect(off.body.message).toBe(RESELLER_MSG.keyWithdrawalsOffDone);
    expect(off.body.key.withdrawals_on_at).toBeNull();
    expect((await withdrawWith(k.key, 'after-off')).body.msg).toBe(RESELLER_MSG.keyWithdrawalsOff);
  });

  it('only an owner may turn them on, never for a key of their own account, never for a revoked key', async () => {
    const u = await kit.user({ funds: 10_000 });
    const k = await newKey(u);
    const byFinance = await turn(finance, k.id, true);
    expect(byFinance.status).toBe(403);
    // Finance (users.read) sees the keys; the switch stays off.
    const seen = await kit.call(api.userApiKeys, { token: finance.token, params: { id: u.id } });
    expect(seen.status).toBe(200);
    expect(seen.body.message).toEqual([
      expect.objectContaining({ id: k.id, prefix: k.prefix, withdrawals_on_at: null }),
    ]);
    expect(JSON.stringify(seen.body)).not.toContain(k.key);

    const ownKey = await newKey(owner);
    const own = await turn(owner, ownKey.id, true);
    expect(own.status).toBe(403);
    expect(own.body.msg).toBe(RESELLER_MSG.keyWithdrawalsOwn);

    await kit.call(api.revokeApiKey, { token: u.token, params: { id: k.id } });
    const revoked = await turn(owner, k.id, true);
    expect(revoked.status).toBe(409);
    expect(revoked.body.msg).toBe(RESELLER_MSG.keyRevokedAlready);
    const missing = await turn(owner, 'no-such-key', true);
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe(RESELLER_MSG.keyNotFound);
  });

  it("a key's withdrawals are told to the account's webhook: paid, or refunded", async () => {
    const u = await kit.user({ funds: 1_000_000 });
    const k = await newKey(u);
    await turn(owner, k.id, true);
    // Past the key's first day, when its withdrawals wait for review.
    now += NEW_KEY_REVIEW_HOURS * 3_600_000;
    const set = await kit.call(api.setWebhook, {
      token: u.token,
      body: { url: 'http://127.0.0.1:9/hook' },
    });
    expect(set.status).toBe(200);
    // Sandbox: an account number ending 0000 fails at once, and the debit is refunded.
    const paid = (await withdrawWith(k.key, 'hook-1')).body.message.id;
    const failed = (await withdrawWith(k.key, 'hook-2', { account_number: '0300010000' })).body
      .message.id;
    // The app's own withdrawal is no key's: no webhook.
    const inApp = await kit.call(api.withdraw, {
      token: u.token,
      body: { bank_code: '044', account_number: account(), amount: 1_000, pin: PIN },
    });
    const rows = await kit.app.ctx.db
      .selectFrom('webhook_deliveries')
      .select(['transaction_id', 'event', 'api_key_id'])
      .where('user_id', '=', u.id)
      .orderBy('event')
      .execute();
    expect(rows).toEqual([
      { transaction_id: failed, event: 'transaction.reversed', api_key_id: k.id },
      { transaction_id: paid, event: 'transaction.successful', api_key_id: k.id },
    ]);
    expect(inApp.status).toBe(200);
  });

  it("wrong pins through a key pause the key's withdrawals, never the owner's pin in the app", async () => {
    const u = await kit.user({ funds: 1_000_000 });
    const k = await newKey(u);
    await turn(owner, k.id, true);
    const answers = [];
    for (let i = 0; i < PIN_MAX_FAILURES + 1; i++) {
      answers.push(await withdrawWith(k.key, `bad-${i}`, { pin: '000000' }));
    }
    expect(answers.slice(0, PIN_MAX_FAILURES - 1).map((a) => a.body.type)).toEqual(
      Array(PIN_MAX_FAILURES - 1).fill('wrong_pin'),
    );
    const paused = answers.at(-1)!;
    expect(paused.status).toBe(423);
    expect(paused.body.msg).toMatch(/^Too many wrong pins through API keys/);
    const pin = await kit.app.ctx.db
      .selectFrom('users')
      .select(['pin_failed_count', 'pin_locked_until'])
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(pin).toMatchObject({ pin_failed_count: 0, pin_locked_until: null });
    const inApp = await kit.call(api.withdraw, {
      token: u.token,
      body: { bank_code: '044', account_number: account(), amount: 1_000, pin: PIN },
    });
    expect(inApp.status).toBe(200);
    expect(await kit.balance(u.id)).toBeLessThan(1_000_000);
  });
});
