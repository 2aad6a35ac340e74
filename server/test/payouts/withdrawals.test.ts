/**
 * Withdrawals to bank accounts (ADR 0084), through the API against the Flutterwave Transfers
 * simulator, on SQLite and PostgreSQL: every row of the sandbox table, the whole debit taken
 * before the call and returned in full on failure, 20 withdrawals at once from one wallet, a
 * retried request sent once, a webhook racing the requery, a crash between the debit and the
 * call, four eyes, the limits with their exact messages, the kill switch, the reconciliation.
 * The clock is frozen (config.clock); the worker runs by hand.
 */
import {
  api,
  dailyLimitMessage,
  newBeneficiaryMessage,
  singleLimitMessage,
  WITHDRAWAL_MSG,
  type AdminRole,
} from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  debitWithdrawal,
  reconcileWithdrawals,
  runWithdrawalRequeryOnce,
  withdrawalSettings,
} from '../../src/payouts/withdrawals.ts';
import { simulatedAccountName } from '../../src/providers/simulators/flutterwave-payouts.ts';
import { PIN, createKit, engines, type Kit, type TestUser } from '../helper.ts';

const T0 = Date.UTC(2026, 2, 10, 9, 0, 0);
const HOUR = 3_600_000;
let accounts = 0;
/** A fresh 10-digit account number ending in `last4` (each test pays a new account). */
const account = (last4 = '5678') => `01${String(++accounts).padStart(4, '0')}${last4}`;

describe.each(engines)('withdrawals on %s', (engine) => {
  let kit: Kit;
  let now = T0;
  let finance: TestUser;
  let finance2: TestUser;
  let support: TestUser;
  let owner: TestUser;

  const admin = (role: AdminRole, funds = 0, level?: 1 | 2 | 3) => kit.user({ role, funds, level });
  const sim = () => kit.app.ctx.providers.simulators.payouts;
  const withdraw = (
    u: TestUser,
    body: { account_number: string; amount: number; bank_code?: string; pin?: string },
    requestId?: string,
  ) =>
    kit.call(api.withdraw, {
      token: u.token,
      requestId,
      body: { bank_code: body.bank_code ?? '044', pin: body.pin ?? PIN, ...body },
    });
  const status = async (id: string) =>
    (
      await kit.app.ctx.db
        .selectFrom('withdrawals')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;
  /** The requery worker's pass at `at` (everything due by then is asked). */
  const requery = (at = now + 2 * HOUR) => runWithdrawalRequeryOnce(kit.app.ctx, at);

  beforeAll(async () => {
    kit = await createKit(engine, { config: { clock: () => now } });
    owner = await admin('owner');
    finance = await admin('finance', 50_000_000, 3);
    finance2 = await admin('finance');
    support = await admin('support');
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => {
    await kit.close();
  });

  it('lists banks, resolves a name, quotes fee and duty', async () => {
    const u = await kit.user();
    const banks = await kit.call(api.banks, { token: u.token });
    expect(banks.status).toBe(200);
    expect(banks.body.message).toContainEqual({ code: '058', name: 'GTBank Plc' });
    const resolved = await kit.call(api.resolveAccount, {
      token: u.token,
      body: { bank_code: '044', account_number: '0123456789' },
    });
    expect(resolved.body.message.account_name).toBe(simulatedAccountName('0123456789'));
    const quote = await kit.call(api.withdrawalQuote, {
      token: u.token,
      query: { amount: '10000' },
    });
    // ₦10,000: ₦26.88 (Flutterwave's band) and ₦50 stamp duty, paid by the sender.
    expect(quote.body.message).toEqual({ amount: 10_000, fee: 26.88, duty: 50, total: 10_076.88 });
    const small = await kit.call(api.withdrawalQuote, {
      token: u.token,
      query: { amount: '9999' },
    });
    expect(small.body.message.duty).toBe(0);
  });

  it('an account that does not resolve is refused with its message, nothing taken', async () => {
    const u = await kit.user({ funds: 1_000_000 });
    const res = await withdraw(u, { account_number: account('9999'), amount: 1_000 });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(WITHDRAWAL_MSG.accountNotFound);
    expect(await kit.balance(u.id)).toBe(1_000_000);
  });

  it('validates the form with the exact messages', async () => {
    const u = await kit.user({ funds: 1_000_000 });
    expect((await withdraw(u, { account_number: '012345678', amount: 1_000 })).body.msg).toBe(
      WITHDRAWAL_MSG.accountInvalid,
    );
    expect((await withdraw(u, { account_number: account(), amount: 50 })).body.msg).toBe(
      WITHDRAWAL_MSG.amountMinimum,
    );
    expect(
      (await withdraw(u, { account_number: account(), amount: 1_000, pin: '' })).body.msg,
    ).toBe(WITHDRAWAL_MSG.pinRequired);
    expect(
      (await withdraw(u, { account_number: account(), amount: 1_000, bank_code: '999' })).body.msg,
    ).toBe(WITHDRAWAL_MSG.bankUnknown);
  });

  it('an ordinary account is paid at once: whole debit, statement line, saved account', async () => {
    const u = await kit.user({ funds: 2_000_000 });
    const number = account('5678');
    const res = await withdraw(u, { account_number: number, amount: 10_000 });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      status: 'successful',
      amount: 10_000,
      fee: 26.88,
      duty: 50,
      total: 10_076.88,
      account_name: simulatedAccountName(number),
      bank_name: 'Access Bank',
    });
    expect(await kit.balance(u.id)).toBe(2_000_000 - 1_007_688);
    const history = await kit.call(api.myTransactions, { token: u.token });
    const line = history.body.message.find(
      (t: { transaction_id: string }) => t.transaction_id === res.body.message.id,
    );
    expect(line).toMatchObject({ product: 'Withdrawal', status: 'successful', direction: 'debit' });
    expect(JSON.stringify(line)).toContain(simulatedAccountName(number));
    expect(JSON.stringify(line)).toContain('Access Bank');
    const saved = await kit.call(api.beneficiaries, { token: u.token });
    expect(saved.body.message).toEqual([
      expect.objectContaining({ account_number: number, bank_name: 'Access Bank' }),
    ]);
    const deleted = await kit.call(api.deleteBeneficiary, {
      token: u.token,
      params: { id: saved.body.message[0].id },
    });
    expect(deleted.body.message).toBe(WITHDRAWAL_MSG.beneficiaryDeleted);
  });

  it('0000 fails at once and the whole debit comes back', async () => {
    const u = await kit.user({ funds: 2_000_000 });
    const res = await withdraw(u, { account_number: account('0000'), amount: 10_000 });
    expect(res.body.message.status).toBe('failed');
    expect(await kit.balance(u.id)).toBe(2_000_000);
    const mine = await kit.call(api.myWithdrawals, { token: u.token });
    expect(mine.body.message[0]).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/^DISBURSE FAILED/),
    });
  });

  it.each([
    ['1111', 'successful'],
    ['2222', 'failed'],
    ['3333', 'successful'],
    ['4444', 'successful'],
  ])('%s stays pending, then the requery makes it %s', async (last4, final) => {
    const u = await kit.user({ funds: 2_000_000 });
    const res = await withdraw(u, { account_number: account(last4), amount: 5_000 });
    expect(res.body.message.status).toBe('pending');
    // Debited while pending: amount + ₦10.75.
    expect(await kit.balance(u.id)).toBe(2_000_000 - 501_075);
    await requery();
    expect(await status(res.body.message.id)).toBe(final);
    expect(await kit.balance(u.id)).toBe(final === 'failed' ? 2_000_000 : 2_000_000 - 501_075);
  });

  it('20 withdrawals at once from one wallet never overdraw it', async () => {
    // Enough for exactly five ₦1,000 withdrawals at ₦10.75 each.
    const u = await kit.user({ funds: 5 * 101_075 });
    const number = account('5678');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        withdraw(u, { account_number: number, amount: 1_000 }, `par-${i}`),
      ),
    );
    const paid = answers.filter((a) => a.status === 200);
    expect(paid).toHaveLength(5);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.body.msg).toBe(WITHDRAWAL_MSG.insufficient);
    }
    expect(await kit.balance(u.id)).toBe(0);
  });

  it('a retried request (same X-Request-Id) sends once', async () => {
    const u = await kit.user({ funds: 2_000_000 });
    const number = account('1111');
    const [a, b] = await Promise.all([
      withdraw(u, { account_number: number, amount: 2_000 }, 'retry-1'),
      withdraw(u, { account_number: number, amount: 2_000 }, 'retry-1'),
    ]);
    const c = await withdraw(u, { account_number: number, amount: 2_000 }, 'retry-1');
    expect(a.body.message.id).toBe(b.body.message.id);
    expect(c.body.message.id).toBe(a.body.message.id);
    expect(await kit.balance(u.id)).toBe(2_000_000 - 201_075);
    const rows = await kit.app.ctx.db
      .selectFrom('withdrawal_events')
      .select('source')
      .where('withdrawal_id', '=', a.body.message.id)
      .where('source', '=', 'create')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('a webhook and the requery racing settle once (success and failure)', async () => {
    const u = await kit.user({ funds: 2_000_000 });
    const ok = (await withdraw(u, { account_number: account('1111'), amount: 3_000 })).body.message
      .id;
    const ko = (await withdraw(u, { account_number: account('2222'), amount: 3_000 })).body.message
      .id;
    const debit = 301_075;
    expect(await kit.balance(u.id)).toBe(2_000_000 - 2 * debit);
    // The bank finishes both; each webhook is delivered twice while the worker asks too.
    await Promise.all([sim().complete(ok, 2), sim().complete(ko, 2), requery(), requery()]);
    expect(await status(ok)).toBe('successful');
    expect(await status(ko)).toBe('failed');
    // The failed one refunded once, not twice.
    expect(await kit.balance(u.id)).toBe(2_000_000 - debit);
  });

  it('a forged webhook moves nothing', async () => {
    const u = await kit.user({ funds: 2_000_000 });
    const id = (await withdraw(u, { account_number: account('2222'), amount: 3_000 })).body.message
      .id;
    const hook = await sim().webhookFor(id);
    const forged = await kit.call(api.paymentWebhook, {
      body: hook!.body,
      headers: { 'verif-hash': 'nope' },
    });
    expect(forged.status).toBe(401);
    expect(await status(id)).toBe('pending');
  });

  it('a crash between the debit and the call is recovered by the requery', async () => {
    const u = await kit.user({ funds: 2_000_000 });
    const number = account('5678');
    const settings = await withdrawalSettings(kit.app.ctx.db);
    const row = await debitWithdrawal(
      kit.app.ctx,
      { id: u.id, verification_level: 1 },
      {
        bank_code: '044',
        bank_name: 'Access Bank',
        account_number: number,
        account_name: simulatedAccountName(number),
        amount: 400_000,
      },
      settings,
      now,
    );
    expect(await kit.balance(u.id)).toBe(2_000_000 - 401_075);
    expect(await sim().payout(row.id)).toBeUndefined();
    // Not yet due: a send may still be under way.
    await requery(now + 1_000);
    expect(await sim().payout(row.id)).toBeUndefined();
    await requery(now + 2 * 60_000);
    expect((await sim().payout(row.id))?.status).toBe('SUCCESSFUL');
    expect(await status(row.id)).toBe('successful');
  });

  it('limits: single transfer, daily spending and a new account, with what raises them', async () => {
    const u = await kit.user({ funds: 20_000_000, level: 1 });
    const single = await withdraw(u, { account_number: account(), amount: 60_000 });
    expect(single.status).toBe(422);
    expect(single.body.msg).toBe(singleLimitMessage(5_000_000, 1));

    const fresh = account();
    expect((await withdraw(u, { account_number: fresh, amount: 15_000 })).status).toBe(200);
    const capped = await withdraw(u, { account_number: fresh, amount: 6_000 });
    expect(capped.status).toBe(422);
    expect(capped.body.msg).toBe(newBeneficiaryMessage(2_000_000));

    // The day's spending limit at level 1 is ₦50,000 (fee and duty count).
    const a = account();
    const b = account();
    const c = account();
    expect((await withdraw(u, { account_number: a, amount: 18_000 })).status).toBe(200);
    expect((await withdraw(u, { account_number: b, amount: 15_000 })).status).toBe(200);
    const daily = await withdraw(u, { account_number: c, amount: 2_000 });
    expect(daily.status).toBe(422);
    expect(daily.body.msg).toBe(dailyLimitMessage(5_000_000, 1));
  });

  it('above ₦200,000 it waits for a finance admin who is not its customer; rejection refunds', async () => {
    // The account was first paid over 24 hours ago: no new-account cap.
    const number = account('5678');
    expect((await withdraw(finance, { account_number: number, amount: 1_000 })).status).toBe(200);
    now += 25 * HOUR;
    try {
      const before = await kit.balance(finance.id);
      const res = await withdraw(finance, { account_number: number, amount: 250_000 });
      expect(res.body.message.status).toBe('awaiting_review');
      const id = res.body.message.id;
      expect(await kit.balance(finance.id)).toBe(before - 25_010_375);
      expect(await sim().payout(id)).toBeUndefined();

      const self = await kit.call(api.approveWithdrawal, { token: finance.token, params: { id } });
      expect(self.status).toBe(403);
      expect(self.body.msg).toBe(WITHDRAWAL_MSG.ownWithdrawal);
      expect(
        (await kit.call(api.approveWithdrawal, { token: support.token, params: { id } })).status,
      ).toBe(403);

      const ok = await kit.call(api.approveWithdrawal, { token: finance2.token, params: { id } });
      expect(ok.status).toBe(200);
      expect(ok.body.message.status).toBe('successful');
      expect(ok.body.message.reviewer).toBe(finance2.email);

      const second = await withdraw(finance, { account_number: number, amount: 210_000 });
      const rid = second.body.message.id;
      const noReason = await kit.call(api.rejectWithdrawal, {
        token: owner.token,
        params: { id: rid },
        body: { reason: '' },
      });
      expect(noReason.body.msg).toBe(WITHDRAWAL_MSG.reasonRequired);
      const rejected = await kit.call(api.rejectWithdrawal, {
        token: owner.token,
        params: { id: rid },
        body: { reason: 'Account name does not match the customer.' },
      });
      expect(rejected.body.message).toMatchObject({
        status: 'refunded',
        reason: 'Account name does not match the customer.',
      });
      expect(await kit.balance(finance.id)).toBe(before - 25_010_375);
      const again = await kit.call(api.approveWithdrawal, {
        token: finance2.token,
        params: { id: rid },
      });
      expect(again.body.msg).toBe(WITHDRAWAL_MSG.notAwaitingReview);
    } finally {
      now = T0;
    }
  });

  it('the kill switch stops new withdrawals with its customer message', async () => {
    const u = await kit.user({ funds: 2_000_000 });
    const current = (await kit.call(api.withdrawalSettings, { token: owner.token })).body.message;
    // One waits for review when the switch goes off: no approval sends it while paused.
    await kit.call(api.setWithdrawalSettings, {
      token: owner.token,
      body: { ...current, review_above: 500 },
    });
    const waiting = await withdraw(u, { account_number: account(), amount: 1_000 });
    expect(waiting.body.message.status).toBe('awaiting_review');
    const wid = waiting.body.message.id;
    // A withdrawal waiting is no purchase waiting for a provider: the purchase gauges (and
    // their alerts) do not count it.
    const metrics = (await kit.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).not.toMatch(/^paybills_pending_purchases\{provider="none"\}/m);
    const off = await kit.call(api.setWithdrawalSettings, {
      token: owner.token,
      body: { ...current, enabled: false, paused_message: 'Back at noon.' },
    });
    expect(off.status).toBe(200);
    expect(
      (await kit.call(api.setWithdrawalSettings, { token: finance.token, body: current })).status,
    ).toBe(403);
    try {
      expect((await kit.call(api.withdrawalState, { token: u.token })).body.message).toEqual({
        enabled: false,
        message: 'Back at noon.',
      });
      const res = await withdraw(u, { account_number: account(), amount: 1_000 });
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe('Back at noon.');
      const approval = await kit.call(api.approveWithdrawal, {
        token: finance2.token,
        params: { id: wid },
      });
      expect(approval.status).toBe(409);
      expect(approval.body.msg).toBe('Back at noon.');
      expect(await sim().payout(wid)).toBeUndefined();
      // A rejection gives the money back, paused or not.
      const rejected = await kit.call(api.rejectWithdrawal, {
        token: finance2.token,
        params: { id: wid },
        body: { reason: 'Paused for maintenance.' },
      });
      expect(rejected.body.message.status).toBe('refunded');
      expect(await kit.balance(u.id)).toBe(2_000_000);
    } finally {
      await kit.call(api.setWithdrawalSettings, { token: owner.token, body: current });
    }
  });

  it('admin list, search, detail with the provider answers, requery', async () => {
    const u = await kit.user({ funds: 2_000_000 });
    const number = account('1111');
    const id = (await withdraw(u, { account_number: number, amount: 1_500 })).body.message.id;
    const list = await kit.call(api.adminWithdrawals, {
      token: finance.token,
      query: { q: number, status: 'pending' },
    });
    expect(list.body.message.map((w: { id: string }) => w.id)).toEqual([id]);
    const requeried = await kit.call(api.requeryWithdrawal, {
      token: finance.token,
      params: { id },
    });
    expect(requeried.body.message.status).toBe('successful');
    expect(requeried.body.message.events.map((e: { source: string }) => e.source)).toEqual([
      'create',
      'requery',
    ]);
    expect(requeried.body.message.events[0].status).toBe('NEW');
  });

  it('reconciliation finds a payout with no withdrawal', async () => {
    await kit.app.ctx.providers.payout.send({
      reference: 'sent-by-hand-1',
      bankCode: '044',
      accountNumber: '0123456789',
      amount: 77_700,
      narration: 'not ours',
      beneficiaryName: 'X',
    });
    const problems = await reconcileWithdrawals(kit.app.ctx);
    expect(
      problems.some(
        (p) => p.includes('reference sent-by-hand-1') && p.includes('matches no withdrawal'),
      ),
    ).toBe(true);
    expect(problems.filter((p) => !p.includes('sent-by-hand-1'))).toEqual([]);
  });
});
