/**
 * Wallet limits by verification level (issue 26 §3; ADR 0058), on SQLite and PostgreSQL: the
 * ledger refuses spending past the day's limit (purchases, shares) and holds credits past the
 * maximum balance or the day's funding (bank transfer, share in, card), parallel requests
 * included; a held credit is released once when the level rises; the ledger stays balanced.
 */
import { api, MSG, spendingLimitMessage } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminLogin,
  bankTransfer,
  chooseAtCheckout,
  createKit,
  engines,
  PIN,
  type Kit,
  type TestUser,
} from './helper.ts';

const BVN = '22212345678';

describe.each(engines)('wallet limits by level (%s)', (engine) => {
  let kit: Kit;
  let admin: string;
  beforeAll(async () => {
    kit = await createKit(engine);
    admin = await adminLogin(kit);
  });
  afterAll(async () => kit.close());

  /** ₦5,000 MTN airtime: ₦4,900 from the wallet (2 % off). */
  const airtime = (u: TestUser, end = '5678') =>
    kit.call(api.airtime, {
      token: u.token,
      body: { pin: PIN, phone_number: `0803123${end}`, amount: 5000 },
    });

  const held = (userId: string) =>
    kit.app.ctx.db
      .selectFrom('held_credits')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();

  const setLevel = (u: TestUser, level: number) =>
    kit.call(api.setUserLevel, { token: admin, body: { user_id: u.id, level } });

  it('20 parallel purchases near the level 1 daily limit spend at most ₦50,000', async () => {
    const u = await kit.user({ level: 1, funds: 100_000_00 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => airtime(u, String(1000 + i))),
    );
    const ok = answers.filter((a) => a.status === 200);
    // ₦4,900 each: ten fit in ₦50,000 (₦49,000), the eleventh would pass it.
    expect(ok).toHaveLength(10);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a).toEqual({
        status: 422,
        body: { type: 'limit_exceeded', msg: spendingLimitMessage(50_000_00, 1) },
      });
    }
    expect(await kit.balance(u.id)).toBe(100_000_00 - 10 * 4_900_00);
    const v = await kit.call(api.verification, { token: u.token });
    expect(v.body.message).toMatchObject({ level: 1, spent_today: 49_000, funded_today: 0 });
    expect(await kit.invariants()).toEqual([]);
  });

  it('the message is the contract’s, word for word', () => {
    expect(spendingLimitMessage(50_000_00, 1)).toBe(
      'This would pass your daily spending limit of ₦50,000 for level 1. Verify your BVN or NIN in Settings to raise it.',
    );
  });

  it('a share out past the daily spending limit moves nothing', async () => {
    const u = await kit.user({ level: 1, funds: 80_000_00 });
    const friend = await kit.user();
    const res = await kit.call(api.share, {
      token: u.token,
      body: { amount: 60_000, email: friend.email, pin: PIN },
    });
    expect(res).toEqual({
      status: 422,
      body: { type: 'limit_exceeded', msg: spendingLimitMessage(50_000_00, 1) },
    });
    expect(await kit.balance(u.id)).toBe(80_000_00);
    // Insufficient funds is said first when both apply.
    const poor = await kit.user({ level: 1, funds: 1_000_00 });
    const broke = await kit.call(api.share, {
      token: poor.token,
      body: { amount: 60_000, email: friend.email, pin: PIN },
    });
    expect(broke.body).toEqual({ type: 'insufficient_funds', msg: MSG.insufficientFunds });
  });

  it('a share in past the maximum balance is held, told, and released once when the level rises', async () => {
    const sender = await kit.user({ funds: 500_000_00 });
    const u = await kit.user({ level: 1, funds: 290_000_00 });
    const res = await kit.call(api.share, {
      token: sender.token,
      body: { amount: 20_000, email: u.email, pin: PIN },
    });
    expect(res.status).toBe(200);
    // The sender paid; the recipient's wallet is unchanged and the money is held for them.
    expect(await kit.balance(sender.id)).toBe(480_000_00);
    expect(await kit.balance(u.id)).toBe(290_000_00);
    expect(await held(u.id)).toMatchObject([
      { amount: 20_000_00, reason: 'balance', source: 'share', status: 'held' },
    ]);
    const heldMail = (await kit.mail(u.email)).find((m) => m.subject.includes('held'));
    expect(heldMail?.subject).toBe('₦20,000 is held: verify to receive it');
    expect(heldMail?.text).toContain('past the level 1 maximum of ₦300,000');
    const shown = await kit.call(api.verification, { token: u.token });
    expect(shown.body.message.held).toMatchObject([{ amount: 20_000, status: 'held' }]);
    expect(await kit.invariants()).toEqual([]);

    // Two admins raise the level at the same moment: the credit is released once.
    const [a, b] = await Promise.all([setLevel(u, 2), setLevel(u, 2)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await kit.balance(u.id)).toBe(310_000_00);
    expect(await held(u.id)).toMatchObject([{ status: 'released' }]);
    const subjects = (await kit.mail(u.email)).map((m) => m.subject);
    expect(subjects.filter((t) => t === '₦20,000 added to your wallet')).toHaveLength(1);
    // Again: nothing more moves.
    expect((await setLevel(u, 3)).status).toBe(200);
    expect(await kit.balance(u.id)).toBe(310_000_00);
    expect(await kit.invariants()).toEqual([]);
  });

  it('a bank transfer past the daily funding limit is held; parallel transfers hold what does not fit', async () => {
    const u = await kit.user({ level: 1 });
    const number = (
      await kit.call(api.createVirtualAccount, {
        token: u.token,
        body: { bvn: BVN, consent: true },
      })
    ).body.message.account_number as string;
    const deliver = (webhook: { headers: Record<string, string>; body: unknown }) =>
      kit.app.inject({
        method: 'POST',
        url: api.paymentWebhook.path,
        headers: webhook.headers,
        payload: webhook.body as object,
      });
    // Ten transfers of ₦10,000 (₦9,850 credited each after ₦50 duty and ₦100 fee) at once:
    // five fit in the ₦50,000 a day, the others wait.
    const sent = await Promise.all(
      Array.from({ length: 10 }, () =>
        bankTransfer(kit, { accountNumber: number, amount: 10_000_00, sender: 'Ada, GTBank' }),
      ),
    );
    const answers = await Promise.all(sent.map((s) => deliver(s.webhook)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const rows = await held(u.id);
    const credited = await kit.balance(u.id);
    expect(credited).toBeLessThanOrEqual(50_000_00);
    expect(credited + rows.reduce((s, r) => s + Number(r.amount), 0)).toBe(10 * 9_850_00);
    expect(rows.length).toBe(10 - credited / 9_850_00);
    expect(rows.every((r) => r.reason === 'daily_funding' && r.source === 'transfer_funding'));
    expect(await kit.invariants()).toEqual([]);

    // Level 2 allows ₦200,000 a day: every held one now fits and is released, once.
    expect((await setLevel(u, 2)).status).toBe(200);
    expect(await kit.balance(u.id)).toBe(10 * 9_850_00);
    expect((await held(u.id)).every((r) => r.status === 'released')).toBe(true);
    expect(await kit.invariants()).toEqual([]);
  });

  it('a card payment past the maximum balance is held, not lost', async () => {
    const u = await kit.user({ level: 1, funds: 295_000_00 });
    const init = await kit.call(api.initiatePayment, {
      token: u.token,
      body: { amount: 10_000 },
      headers: { host: 'shop.test' },
    });
    const txRef = decodeURIComponent(new URL(init.body.message).pathname.split('/').pop()!);
    const { params } = await chooseAtCheckout(kit, txRef, 'successful');
    const res = await kit.call(api.verifyPayment, { token: u.token, body: params });
    expect(res.status).toBe(200);
    expect(await kit.balance(u.id)).toBe(295_000_00);
    const rows = await held(u.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'balance', source: 'card_funding', status: 'held' });
    expect(await kit.invariants()).toEqual([]);
  });

  it('admins see and set the levels and limits, audited; bad input changes nothing', async () => {
    const limits = await kit.call(api.verificationLimits, { token: admin });
    expect(limits.body.message).toEqual([
      { level: 1, max_balance: 300_000, daily_funding: 50_000, daily_spending: 50_000 },
      { level: 2, max_balance: 500_000, daily_funding: 200_000, daily_spending: 200_000 },
      { level: 3, max_balance: null, daily_funding: 5_000_000, daily_spending: 5_000_000 },
    ]);
    const bad = await kit.call(api.setVerificationLimits, {
      token: admin,
      body: { level: 1, max_balance: -1, daily_funding: 1, daily_spending: 1 },
    });
    expect(bad.status).toBe(400);
    const set = await kit.call(api.setVerificationLimits, {
      token: admin,
      body: { level: 1, max_balance: 300_000, daily_funding: 50_000, daily_spending: 60_000 },
    });
    expect(set.status).toBe(200);
    expect(set.body.message[0]).toMatchObject({ daily_spending: 60_000 });
    const u = await kit.user({ level: 1 });
    const shown = await kit.call(api.userVerification, {
      token: admin,
      query: { user_id: u.id },
    });
    expect(shown.body.message).toMatchObject({ level: 1, limits: { daily_spending: 60_000 } });
    expect(
      (await kit.call(api.setUserLevel, { token: admin, body: { user_id: u.id, level: 4 } }))
        .status,
    ).toBe(400);
    expect(
      (await kit.call(api.setUserLevel, { token: u.token, body: { user_id: u.id, level: 3 } }))
        .status,
    ).toBe(403);
    const audit = await kit.app.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', ['verification.level', 'verification.limits'])
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
    // Put the default back for the other tests of this file.
    await kit.call(api.setVerificationLimits, {
      token: admin,
      body: { level: 1, max_balance: 300_000, daily_funding: 50_000, daily_spending: 50_000 },
    });
  });
});
