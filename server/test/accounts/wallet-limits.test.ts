/**
 * Wallet limits by verification level (ADR 0058), on SQLite and PostgreSQL: the
 * ledger refuses spending past the day's limit (purchases, shares) and holds credits past the
 * maximum balance or the day's funding (bank transfer, share in, card), parallel requests
 * included (purchases, coupon buys and shares out against one spending limit; several senders
 * to one recipient; verify and webhook of several card payments at once); a held credit is
 * released once when the level rises, and when a new Lagos day starts (by a fake clock) if it
 * fits then: oldest first, once under parallel passes and two instances, a credit held past
 * the maximum balance only once the customer has spent; the ledger stays balanced.
 */
import { randomUUID } from 'node:crypto';
import { api, fundingCredit, MSG, spendingLimitMessage } from '@contract';
import { lagosDayStart } from '@contract/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import {
  HELD_CREDITS_ACCOUNT,
  postMovement,
  providerFloatAccountId,
  SpendingLimitReached,
  systemAccountId,
  walletAccountId,
} from '../../src/wallet/ledger.ts';
import { releaseHeldForNewDay, startHeldReleaseWorker } from '../../src/accounts/verification.ts';
import {
  adminLogin,
  bankTransfer,
  chooseAtCheckout,
  createKit,
  engines,
  loseWebhooks,
  PIN,
  WEBHOOK_HASH,
  type Kit,
  type TestUser,
} from '../helper.ts';

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
    const sender = await kit.user({ funds: 500_000_00, name: 'Tunde Bakare' });
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
    // Its History line names who sent it, as a share received does.
    const lines = await kit.call(api.myTransactions, { token: u.token, query: { limit: '5' } });
    expect(lines.body.message[0]).toMatchObject({
      kind: 'share_in',
      held: { status: 'held', amount: 20_000 },
      counterparty: sender.email,
      counterparty_name: 'Tunde Bakare',
    });
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
    // The reconciliation counts a held credit as credited: held money is not missing money.
    const transferProblems = async () =>
      (await kit.call(api.reconciliation, { token: admin })).body.message.transfer_problems;
    expect(await transferProblems()).toEqual([]);
    // But a held credit made out to someone else, or gone, leaves the transfer uncredited.
    const other = await kit.user();
    const renamed = rows[0]!;
    const rename = (userId: string) =>
      kit.app.ctx.db
        .updateTable('held_credits')
        .set({ user_id: userId })
        .where('id', '=', renamed.id)
        .execute();
    await rename(other.id);
    expect(await transferProblems()).toEqual([
      expect.stringMatching(/^transfer payment TRF-\d+ credited 985000, wallet got 0$/),
    ]);
    await rename(u.id);
    expect(await transferProblems()).toEqual([]);

    // Level 2 allows ₦200,000 a day: every held one now fits and is released, once.
    expect((await setLevel(u, 2)).status).toBe(200);
    expect(await kit.balance(u.id)).toBe(10 * 9_850_00);
    expect((await held(u.id)).every((r) => r.status === 'released')).toBe(true);
    expect(await kit.invariants()).toEqual([]);
    expect(await transferProblems()).toEqual([]);
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

  it('at the ledger itself, 60 movements at once never pass a limit: spending refused, funding held', async () => {
    const u = await kit.user({ level: 1, funds: 100_000_00 });
    const v = await kit.user({ level: 1 });
    /**
     * ₦1,000 out of (or into) a wallet in its own transaction, as every service posts it. The
     * other side is one of the provider float's 16 rows, by a fresh id (as purchases spread
     * it), so on PostgreSQL only the wallet's own row can keep parallel movements apart.
     */
    const float = () => providerFloatAccountId(randomUUID());
    const move = (kind: string, from: string, to: string) =>
      kit.app.ctx.dbh.writeTx((trx) =>
        postMovement(trx, {
          kind,
          legs: [
            { accountId: from, amount: -1_000_00 },
            { accountId: to, amount: 1_000_00 },
          ],
        }),
      );
    const [spent, funded] = await Promise.all([
      Promise.allSettled(
        Array.from({ length: 60 }, () => move('purchase', walletAccountId(u.id), float())),
      ),
      Promise.all(
        Array.from({ length: 60 }, () => move('card_funding', float(), walletAccountId(v.id))),
      ),
    ]);
    // Fifty fit in ₦50,000 a day; the ten others move nothing.
    const refusals = spent.filter((r) => r.status === 'rejected');
    expect(refusals).toHaveLength(10);
    for (const r of refusals) expect(r.reason).toBeInstanceOf(SpendingLimitReached);
    expect(await kit.balance(u.id)).toBe(50_000_00);
    // Fifty credited, ten parked in the held account, each with its row.
    expect(funded.filter((f) => f.held.length === 1)).toHaveLength(10);
    expect(
      funded.filter((f) => f.held.length === 1).every((f) => f.entries.has(HELD_CREDITS_ACCOUNT)),
    ).toBe(true);
    expect(await kit.balance(v.id)).toBe(50_000_00);
    expect(await held(v.id)).toHaveLength(10);
    const counters = await kit.app.ctx.db
      .selectFrom('accounts')
      .select(['id', 'day_in', 'day_out'])
      .where('id', 'in', [walletAccountId(u.id), walletAccountId(v.id)])
      .execute();
    expect(
      Object.fromEntries(counters.map((c) => [c.id, [Number(c.day_in), Number(c.day_out)]])),
    ).toEqual({
      [walletAccountId(u.id)]: [0, 50_000_00],
      [walletAccountId(v.id)]: [50_000_00, 0],
    });
    expect(await kit.invariants()).toEqual([]);
  });

  /** What a refused spending answers, word for word, at level 1's ₦50,000. */
  const refused = {
    status: 422,
    body: { type: 'limit_exceeded', msg: spendingLimitMessage(50_000_00, 1) },
  };

  it('20 parallel shares out near the level 1 daily limit send at most ₦50,000', async () => {
    const u = await kit.user({ level: 1, funds: 100_000_00 });
    const friend = await kit.user();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        kit.call(api.share, {
          token: u.token,
          body: { amount: 4_900, email: friend.email, pin: PIN },
        }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(10);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a).toEqual(refused);
    // What left one wallet reached the other, nothing more, nothing held.
    expect(await kit.balance(u.id)).toBe(100_000_00 - 10 * 4_900_00);
    expect(await kit.balance(friend.id)).toBe(10 * 4_900_00);
    expect(await held(friend.id)).toEqual([]);
    const v = await kit.call(api.verification, { token: u.token });
    expect(v.body.message).toMatchObject({ spent_today: 49_000 });
    expect(await kit.invariants()).toEqual([]);
  });

  it('20 parallel coupon buys near the level 1 daily limit spend at most ₦50,000', async () => {
    const u = await kit.user({ level: 1, funds: 100_000_00 });
    // A ₦5,000 MTN airtime coupon costs ₦4,900 from the wallet (2 % off), like the purchase.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        kit.call(api.buyCoupon, {
          token: u.token,
          body: { product: 'AIRTIME', amount: 5_000, network_id: 'mtn', unit: 1, pin: PIN },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a).toEqual(refused);
    expect(await kit.balance(u.id)).toBe(100_000_00 - 10 * 4_900_00);
    const coupons = await kit.app.ctx.db
      .selectFrom('coupons')
      .select('code')
      .where('owner_id', '=', u.id)
      .execute();
    expect(coupons).toHaveLength(10);
    expect(await kit.invariants()).toEqual([]);
  });

  it('purchases, coupons and shares in parallel share one daily spending limit', async () => {
    const u = await kit.user({ level: 1, funds: 100_000_00 });
    const friend = await kit.user();
    const answers = await Promise.all(
      Array.from({ length: 21 }, (_, i) =>
        i % 3 === 0
          ? airtime(u, String(2000 + i))
          : i % 3 === 1
            ? kit.call(api.buyCoupon, {
                token: u.token,
                body: { product: 'AIRTIME', amount: 5_000, network_id: 'mtn', unit: 1, pin: PIN },
              })
            : kit.call(api.share, {
                token: u.token,
                body: { amount: 4_900, email: friend.email, pin: PIN },
              }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a).toEqual(refused);
    expect(await kit.balance(u.id)).toBe(100_000_00 - 10 * 4_900_00);
    expect(await kit.invariants()).toEqual([]);
  });

  it('several senders sharing at once to a wallet near its maximum: what does not fit is held, none lost, released once', async () => {
    const u = await kit.user({ level: 1, funds: 280_000_00 });
    const senders = await Promise.all(
      Array.from({ length: 10 }, () => kit.user({ funds: 10_000_00 })),
    );
    // ₦5,000 from each of ten at once: four fit under the ₦300,000 maximum, six wait.
    const answers = await Promise.all(
      senders.map((s) =>
        kit.call(api.share, {
          token: s.token,
          body: { amount: 5_000, email: u.email, pin: PIN },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    for (const s of senders) expect(await kit.balance(s.id)).toBe(5_000_00);
    expect(await kit.balance(u.id)).toBe(300_000_00);
    let rows = await held(u.id);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.reason === 'balance' && r.source === 'share')).toBe(true);
    expect(rows.reduce((sum, r) => sum + Number(r.amount), 0)).toBe(30_000_00);
    // The recipient's statement lists the four credited, and the six held as held lines that
    // moved nothing (ADR 0076).
    const lines = await kit.call(api.myTransactions, { token: u.token, query: { limit: '50' } });
    const shares = lines.body.message.filter(
      (l: { product: string }) => l.product === 'Transfer',
    ) as { amount: number; held?: { status: string } }[];
    expect(shares.filter((l) => !l.held)).toHaveLength(4);
    expect(shares.filter((l) => l.held?.status === 'held' && l.amount === 0)).toHaveLength(6);
    // Each held one is told (queued in the transaction that held it).
    const mails = await kit.app.ctx.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', u.email)
      .execute();
    expect(mails.filter((m) => m.subject === '₦5,000 is held: verify to receive it')).toHaveLength(
      6,
    );
    expect(await kit.invariants()).toEqual([]);

    // Level 2 (₦500,000): all six are released, once, even with two admins at it.
    await Promise.all([setLevel(u, 2), setLevel(u, 2)]);
    expect(await kit.balance(u.id)).toBe(330_000_00);
    rows = await held(u.id);
    expect(rows.every((r) => r.status === 'released')).toBe(true);
    expect(await kit.invariants()).toEqual([]);
  });

  /**
   * `n` card payments of `amount` naira paid at the sandbox checkout, their webhooks lost (the
   * test delivers them): each one's tx_ref and the browser's return parameters.
   */
  async function paidCards(u: TestUser, amount: number, n: number) {
    const out: { txRef: string; params: Record<string, string> }[] = [];
    for (let i = 0; i < n; i++) {
      const init = await kit.call(api.initiatePayment, {
        token: u.token,
        body: { amount },
        headers: { host: 'shop.test' },
      });
      expect(init.status).toBe(200);
      const txRef = decodeURIComponent(new URL(init.body.message).pathname.split('/').pop()!);
      const { params } = await chooseAtCheckout(kit, txRef, 'successful');
      out.push({ txRef, params });
    }
    return out;
  }

  /** Every payment's verify (twice) and webhook (twice), all at once. */
  const settleAll = (u: TestUser, paid: { txRef: string; params: Record<string, string> }[]) =>
    Promise.all(
      paid.flatMap(({ txRef, params }) => [
        kit.call(api.verifyPayment, { token: u.token, body: params }),
        kit.call(api.paymentWebhook, {
          headers: { 'verif-hash': WEBHOOK_HASH },
          body: { event: 'charge.completed', data: { tx_ref: txRef, id: params.transaction_id } },
        }),
        kit.call(api.verifyPayment, { token: u.token, body: params }),
        kit.call(api.paymentWebhook, {
          headers: { 'verif-hash': WEBHOOK_HASH },
          body: { event: 'charge.completed', data: { tx_ref: txRef, id: params.transaction_id } },
        }),
      ]),
    );

  /** Each payment credited or held once: one movement each, completed. */
  async function settledOnce(u: TestUser, n: number) {
    const payments = await kit.app.ctx.db
      .selectFrom('payments')
      .select(['status', 'movement_id'])
      .where('user_id', '=', u.id)
      .execute();
    expect(payments).toHaveLength(n);
    expect(payments.every((p) => p.status === 'completed' && p.movement_id)).toBe(true);
    expect(new Set(payments.map((p) => p.movement_id)).size).toBe(n);
  }

  it('parallel card payments past the daily funding limit: the excess is held, never lost, never doubled', async () => {
    const u = await kit.user({ level: 1 });
    const credit = fundingCredit(9_000_00);
    expect(credit).toBe(9_000_00);
    const restore = loseWebhooks(kit);
    try {
      const paid = await paidCards(u, 9_000, 8);
      const answers = await settleAll(u, paid);
      expect(answers.every((a) => a.status === 200)).toBe(true);
    } finally {
      restore();
    }
    await settledOnce(u, 8);
    // ₦9,000 each against ₦50,000 a day: five credited (₦45,000), three held.
    const rows = await held(u.id);
    expect(await kit.balance(u.id)).toBe(5 * credit);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.reason === 'daily_funding' && r.source === 'card_funding')).toBe(
      true,
    );
    expect(rows.reduce((sum, r) => sum + Number(r.amount), 0)).toBe(3 * credit);
    const v = await kit.call(api.verification, { token: u.token });
    expect(v.body.message).toMatchObject({ funded_today: 45_000 });
    expect(v.body.message.held).toHaveLength(3);
    expect(await kit.invariants()).toEqual([]);

    // Level 2 allows ₦200,000 a day: the three are released once.
    await Promise.all([setLevel(u, 2), setLevel(u, 2)]);
    expect(await kit.balance(u.id)).toBe(8 * credit);
    expect(await kit.invariants()).toEqual([]);
  });

  it('parallel card payments past the maximum balance: the excess is held, never lost, never doubled', async () => {
    const u = await kit.user({ level: 1, funds: 270_000_00 });
    const credit = fundingCredit(9_000_00);
    const restore = loseWebhooks(kit);
    try {
      const paid = await paidCards(u, 9_000, 6);
      const answers = await settleAll(u, paid);
      expect(answers.every((a) => a.status === 200)).toBe(true);
    } finally {
      restore();
    }
    await settledOnce(u, 6);
    // Three fit under ₦300,000 (₦297,000); the other three wait.
    expect(await kit.balance(u.id)).toBe(270_000_00 + 3 * credit);
    const rows = await held(u.id);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.reason === 'balance' && r.source === 'card_funding')).toBe(true);
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

describe.each(engines)('held credits released when a new Lagos day starts (%s)', (engine) => {
  const HOUR = 3_600_000;
  /** A moment of a Lagos day (`2031-03-10`), `hours` after its midnight. */
  const at = (day: string, hours = 0) => lagosDayStart(day) + hours * HOUR;
  /** The fake clock every pass reads (config.clock); the ledger's postings below are dated by it. */
  let now = at('2031-03-10', 12);
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine, { config: { clock: () => now } });
  });
  afterAll(async () => kit.close());

  const held = (userId: string) =>
    kit.app.ctx.db
      .selectFrom('held_credits')
      .select(['amount', 'reason', 'status'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('amount')
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, amount: Number(r.amount) })));

  /** ₦`naira` in (card funding) or out (a purchase) of `u`'s wallet now, as the services post it. */
  const move = (u: TestUser, kind: 'card_funding' | 'purchase', naira: number) =>
    kit.app.ctx.dbh.writeTx((trx) => {
      const other =
        kind === 'purchase'
          ? providerFloatAccountId(randomUUID())
          : systemAccountId('card_clearing');
      const sign = kind === 'purchase' ? -1 : 1;
      return postMovement(trx, {
        kind,
        memo: 'test',
        legs: [
          { accountId: walletAccountId(u.id), amount: sign * naira * 100 },
          { accountId: other, amount: -sign * naira * 100 },
        ],
        now,
      });
    });

  const released = async (u: TestUser, naira: number) =>
    (await kit.mail(u.email)).filter(
      (m) => m.subject === `₦${naira.toLocaleString('en-NG')} added to your wallet`,
    ).length;

  it('a credit held past the day’s funding is released when the next Lagos day starts: oldest first, once under parallel passes and two instances, told', async () => {
    now = at('2031-03-10', 12);
    const u = await kit.user({ level: 1 });
    await move(u, 'card_funding', 45_000);
    // Past the ₦50,000 a day of level 1: ₦10,000 and then, a minute later, ₦45,000 wait.
    expect((await move(u, 'card_funding', 10_000)).held).toHaveLength(1);
    now += 60_000;
    expect((await move(u, 'card_funding', 45_000)).held).toHaveLength(1);
    expect(await held(u.id)).toEqual([
      { amount: 10_000_00, reason: 'daily_funding', status: 'held' },
      { amount: 45_000_00, reason: 'daily_funding', status: 'held' },
    ]);

    // Later the same day a pass releases nothing: the day's funding is used up.
    now = at('2031-03-10', 20);
    expect(await releaseHeldForNewDay(kit.app.ctx)).toBe(0);
    expect(await kit.balance(u.id)).toBe(45_000_00);

    // A minute into the next Lagos day: two passes of this instance and one of another
    // instance on the same database, at once. (SQLite's driver is synchronous: two instances in
    // one process would wait on each other's write lock inside one thread, so there the other
    // instance's pass comes right after; separate processes wait on the lock as usual.)
    now = at('2031-03-11') + 60_000;
    const other = await buildApp({ config: kit.config, logger: false });
    try {
      const otherPass = () => releaseHeldForNewDay(other.ctx);
      const counts = await Promise.all([
        releaseHeldForNewDay(kit.app.ctx),
        releaseHeldForNewDay(kit.app.ctx),
        ...(engine === 'postgres' ? [otherPass()] : []),
      ]);
      if (engine === 'sqlite') counts.push(await otherPass());
      // The oldest (₦10,000) fits the new day; the ₦45,000 after it would make ₦55,000.
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      await other.close();
    }
    expect(await kit.balance(u.id)).toBe(55_000_00);
    expect(await held(u.id)).toMatchObject([{ status: 'released' }, { status: 'held' }]);
    expect(await released(u, 10_000)).toBe(1);
    // Again the same day: nothing more.
    expect(await releaseHeldForNewDay(kit.app.ctx)).toBe(0);

    // The day after, the ₦45,000 fits.
    now = at('2031-03-12') + 60_000;
    const [a, b] = await Promise.all([
      releaseHeldForNewDay(kit.app.ctx),
      releaseHeldForNewDay(kit.app.ctx),
    ]);
    expect(a + b).toBe(1);
    expect(await kit.balance(u.id)).toBe(100_000_00);
    expect(await held(u.id)).toMatchObject([{ status: 'released' }, { status: 'released' }]);
    expect(await released(u, 10_000)).toBe(1);
    expect(await released(u, 45_000)).toBe(1);
    // Each release counted as that day's funding.
    const wallet = await kit.app.ctx.db
      .selectFrom('accounts')
      .select(['limit_day', 'day_in'])
      .where('id', '=', walletAccountId(u.id))
      .executeTakeFirstOrThrow();
    expect([wallet.limit_day, Number(wallet.day_in)]).toEqual(['2031-03-12', 45_000_00]);
    expect(await kit.invariants()).toEqual([]);
  });

  it('a credit held past the maximum balance stays held on the next day, until the customer has spent', async () => {
    now = at('2031-04-10', 9);
    const u = await kit.user({ level: 1, funds: 295_000_00 });
    expect((await move(u, 'card_funding', 10_000)).held).toHaveLength(1);
    expect(await held(u.id)).toEqual([{ amount: 10_000_00, reason: 'balance', status: 'held' }]);

    now = at('2031-04-11') + 60_000;
    await releaseHeldForNewDay(kit.app.ctx);
    expect(await held(u.id)).toMatchObject([{ status: 'held' }]);
    expect(await kit.balance(u.id)).toBe(295_000_00);
    expect(await released(u, 10_000)).toBe(0);

    // The customer spends ₦20,000: ₦275,000 leaves room for the ₦10,000 by the next day's pass.
    now = at('2031-04-11', 10);
    await move(u, 'purchase', 20_000);
    now = at('2031-04-12') + 60_000;
    await releaseHeldForNewDay(kit.app.ctx);
    expect(await kit.balance(u.id)).toBe(285_000_00);
    expect(await held(u.id)).toMatchObject([{ status: 'released' }]);
    expect(await released(u, 10_000)).toBe(1);
    expect(await kit.invariants()).toEqual([]);
  });

  it('the worker runs a pass when config.clock reaches a new Lagos day, and stops', async () => {
    now = at('2031-05-10', 15);
    const u = await kit.user({ level: 1 });
    await move(u, 'card_funding', 50_000);
    expect((await move(u, 'card_funding', 5_000)).held).toHaveLength(1);
    const stop = startHeldReleaseWorker(kit.app.ctx, 20);
    try {
      // Its first pass (at start) and the looks after it the same day leave it held.
      await new Promise((r) => setTimeout(r, 200));
      expect(await held(u.id)).toMatchObject([{ status: 'held' }]);
      now = at('2031-05-11') + 60_000;
      const deadline = Date.now() + 5_000;
      while ((await held(u.id))[0]!.status === 'held' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(await held(u.id)).toMatchObject([{ status: 'released' }]);
    } finally {
      await stop();
    }
    expect(await kit.balance(u.id)).toBe(55_000_00);
    // Stopped: a later day releases nothing by itself.
    expect((await move(u, 'card_funding', 50_000)).held).toHaveLength(1);
    now = at('2031-05-12') + 60_000;
    await new Promise((r) => setTimeout(r, 200));
    expect(await held(u.id)).toMatchObject([{ status: 'released' }, { status: 'held' }]);
    expect(await kit.invariants()).toEqual([]);
  });

  it('a movement dated before midnight that commits after one dated past it counts on the later day, and resets neither day', async () => {
    const u = await kit.user({ level: 1, funds: 200_000_00 });
    const midnight = at('2031-03-14');
    const spentToday = async () =>
      Number(
        (
          await kit.app.ctx.db
            .selectFrom('accounts')
            .select('day_out')
            .where('id', '=', walletAccountId(u.id))
            .executeTakeFirstOrThrow()
        ).day_out,
      );
    // ₦40,000 of level 1's ₦50,000 a day is spent a second into the new Lagos day.
    now = midnight + 1_000;
    await move(u, 'purchase', 40_000);
    // A purchase that read the time a second before midnight commits only now (on PostgreSQL
    // it waited for the wallet's row): it counts on the new day, so ₦80,000 is refused.
    now = midnight - 1_000;
    await expect(move(u, 'purchase', 40_000)).rejects.toBeInstanceOf(SpendingLimitReached);
    // A late card funding dated the day before resets nothing either.
    await move(u, 'card_funding', 5_000);
    expect(await spentToday()).toBe(40_000_00);
    now = midnight + 2_000;
    await expect(move(u, 'purchase', 20_000)).rejects.toBeInstanceOf(SpendingLimitReached);
    await move(u, 'purchase', 10_000);
    expect(await spentToday()).toBe(50_000_00);
    expect(await kit.invariants()).toEqual([]);
  });
});
