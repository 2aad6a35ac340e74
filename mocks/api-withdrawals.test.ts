import {
  api,
  approverDailyMessage,
  reviewReasonMessage,
  WITHDRAWAL_MSG,
  WITHDRAWAL_REVIEW_MSG,
} from '@contract';
import { NAIRA } from '@contract/pricing';
import { describe, expect, it } from 'vitest';
import { freezeClock, SEED_NOW } from './clock';
import { db } from './db';
import { MOCK_ACCOUNTS } from './fixtures/withdrawals';
import { DEMO_ADMIN, DEMO_CUSTOMER, FRIEND_CUSTOMER, SEED_PIN } from './fixtures/users';
import { call, ok, refusal } from './test-client';
import { balanceOf, loginAdmin, loginAs, setBalance, setupMockServer } from './test-setup';

setupMockServer();

const GT = MOCK_ACCOUNTS.gtbank;
const send = (token: string, account_number: string, amount: number, bank_code = '058') =>
  call(api.withdraw, { token, body: { bank_code, account_number, amount, pin: SEED_PIN } });

describe('withdrawals in the mock sandbox (ADR 0084)', () => {
  it('resolves a name, and refuses an account ending in 9999 with the exact message', async () => {
    const token = await loginAs();
    const named = await ok(api.resolveAccount, { token, body: GT });
    expect(named.message.account_name).toBe('ADAEZE NWOSU');
    const unknown = await call(api.resolveAccount, {
      token,
      body: { bank_code: '058', account_number: '0123459999' },
    });
    expect(unknown.status).toBe(422);
    expect(refusal(unknown.json).msg).toBe(WITHDRAWAL_MSG.accountNotFound);
  });

  it('quotes the fee and the ₦50 stamp duty from ₦10,000, and takes the whole total', async () => {
    const token = await loginAs();
    const small = await ok(api.withdrawalQuote, { token, query: { amount: 5000 } });
    expect(small.message).toEqual({ amount: 5_000_00, fee: 10_75, duty: 0, total: 5_010_75 });
    const duty = await ok(api.withdrawalQuote, { token, query: { amount: 10000 } });
    expect(duty.message).toEqual({ amount: 10_000_00, fee: 26_88, duty: 50_00, total: 10_076_88 });

    const before = balanceOf(DEMO_CUSTOMER.id);
    const sent = await send(token, GT.account_number, 5000);
    expect(sent.status).toBe(200);
    expect(api.withdraw.response.parse(sent.json).message).toMatchObject({
      status: 'successful',
      account_name: 'ADAEZE NWOSU',
      bank_name: 'Guaranty Trust Bank',
      total: 5_010_75,
    });
    expect(balanceOf(DEMO_CUSTOMER.id)).toBe(before - 5_010_75);
  });

  it('1111 is processing, then successful at the next read; 2222 then fails; 0000 fails at once', async () => {
    const token = await loginAs();
    const before = balanceOf(DEMO_CUSTOMER.id);
    const slow = api.withdraw.response.parse((await send(token, '0123451111', 1000)).json);
    expect(slow.message.status).toBe('pending');
    const read = async (id: string) =>
      (await ok(api.myWithdrawals, { token, query: { page: 1, limit: 10 } })).message.find(
        (w) => w.id === id,
      )!;
    expect((await read(slow.message.id)).status).toBe('pending');
    expect((await read(slow.message.id)).status).toBe('successful');

    const failing = api.withdraw.response.parse((await send(token, '0123452222', 1000)).json);
    expect(failing.message.status).toBe('pending');
    await read(failing.message.id);
    const failed = await read(failing.message.id);
    expect(failed.status).toBe('failed');
    expect(failed.reason).toMatch(/back in your wallet/);
    const atOnce = api.withdraw.response.parse((await send(token, '0123450000', 1000)).json);
    expect(atOnce.message.status).toBe('failed');
    // Only the successful one stays debited.
    expect(balanceOf(DEMO_CUSTOMER.id)).toBe(before - slow.message.total);
  });

  it('above ₦200,000 waits for review; a finance admin approves it, or rejects it and refunds', async () => {
    const token = await loginAs();
    setBalance(DEMO_CUSTOMER.id, 1_000_000_00);
    const big = api.withdraw.response.parse((await send(token, GT.account_number, 250000)).json);
    expect(big.message.status).toBe('awaiting_review');
    expect(big.message.note).toMatch(/checked by our team/);
    const admin = await loginAdmin();
    const queue = await ok(api.adminWithdrawals, {
      token: admin,
      query: { page: 1, limit: 10, status: 'awaiting_review' },
    });
    expect(queue.message.map((w) => w.id)).toContain(big.message.id);
    const approved = await ok(api.approveWithdrawal, {
      token: admin,
      params: { id: big.message.id },
    });
    expect(approved.message.status).toBe('successful');
    expect(approved.message.reviewer).toBe('admin@example.com');

    const other = api.withdraw.response.parse((await send(token, GT.account_number, 300000)).json);
    const left = balanceOf(DEMO_CUSTOMER.id);
    const empty = await call(api.rejectWithdrawal, {
      token: admin,
      params: { id: other.message.id },
      body: { reason: ' ' },
    });
    expect(refusal(empty.json).msg).toBe(WITHDRAWAL_MSG.reasonRequired);
    const rejected = await ok(api.rejectWithdrawal, {
      token: admin,
      params: { id: other.message.id },
      body: { reason: 'The account name does not match the customer.' },
    });
    expect(rejected.message.status).toBe('refunded');
    expect(balanceOf(DEMO_CUSTOMER.id)).toBe(left + other.message.total);
    const again = await call(api.approveWithdrawal, {
      token: admin,
      params: { id: other.message.id },
    });
    expect(refusal(again.json).msg).toBe(WITHDRAWAL_MSG.notAwaitingReview);
  });

  it('saves the account paid; removing it is the owner’s alone', async () => {
    const token = await loginAs();
    await send(token, MOCK_ACCOUNTS.kuda.account_number, 2000, MOCK_ACCOUNTS.kuda.bank_code);
    const saved = (await ok(api.beneficiaries, { token })).message;
    expect(saved[0]).toMatchObject({ account_name: 'CHINEDU EZE', bank_name: 'Kuda Bank' });
    const friend = await loginAs(FRIEND_CUSTOMER.email);
    const stranger = await call(api.deleteBeneficiary, {
      token: friend,
      params: { id: saved[0]!.id },
    });
    expect(refusal(stranger.json).msg).toBe(WITHDRAWAL_MSG.beneficiaryNotFound);
    await ok(api.deleteBeneficiary, { token, params: { id: saved[0]!.id } });
    expect((await ok(api.beneficiaries, { token })).message.map((b) => b.id)).not.toContain(
      saved[0]!.id,
    );
  });

  it('the kill switch stops new withdrawals with the owner’s message', async () => {
    const token = await loginAs();
    db.withdrawals.settings.enabled = false;
    expect((await ok(api.withdrawalState, { token })).message).toEqual({
      enabled: false,
      message: WITHDRAWAL_MSG.paused,
    });
    const refused = await send(token, GT.account_number, 1000);
    expect(refusal(refused.json).msg).toBe(WITHDRAWAL_MSG.paused);
  });

  it('a wrong pin moves nothing', async () => {
    const token = await loginAs();
    const before = balanceOf(DEMO_CUSTOMER.id);
    const wrong = await call(api.withdraw, {
      token,
      body: { ...GT, amount: 1000, pin: '000000' },
    });
    expect(wrong.status).toBe(422);
    expect(refusal(wrong.json).type).toBe('wrong_pin');
    expect(balanceOf(DEMO_CUSTOMER.id)).toBe(before);
  });

  it('the review follows the server’s rules: the Lagos day’s withdrawals, with the same review_reason', async () => {
    freezeClock(SEED_NOW);
    const token = await loginAs();
    setBalance(DEMO_CUSTOMER.id, 1_000_000_00);
    const admin = await loginAdmin();
    const reason = async (id: string) =>
      (await ok(api.adminWithdrawal, { token: admin, params: { id } })).message.review_reason;
    // The seed's ₦250,000 waits since yesterday for its amount; today ₦8,000 went (wd_seed_3).
    expect(await reason('wd_seed_4')).toBe('amount');
    const first = api.withdraw.response.parse((await send(token, GT.account_number, 150000)).json);
    expect(first.message.status).toBe('successful');
    expect(await reason(first.message.id)).toBeNull();
    // A failed one gave its money back and does not count (0000 fails at once).
    const failed = api.withdraw.response.parse((await send(token, '0123450000', 40000)).json);
    expect(failed.message.status).toBe('failed');
    // ₦8,000 + ₦150,000 + ₦42,000 is ₦200,000: not above it, sent.
    const upTo = api.withdraw.response.parse((await send(token, GT.account_number, 42000)).json);
    expect(upTo.message.status).toBe('successful');
    const past = api.withdraw.response.parse((await send(token, GT.account_number, 100)).json);
    expect(past.message).toMatchObject({
      status: 'awaiting_review',
      note: reviewReasonMessage('daily_total', 200_000 * NAIRA),
    });
    expect(await reason(past.message.id)).toBe('daily_total');
    const queue = await ok(api.adminWithdrawals, {
      token: admin,
      query: { page: 1, limit: 10, status: 'awaiting_review' },
    });
    expect(queue.message.map((w) => [w.id, w.review_reason])).toEqual([
      [past.message.id, 'daily_total'],
      ['wd_seed_4', 'amount'],
    ]);
    // The next Lagos day starts again.
    freezeClock(SEED_NOW + 24 * 3_600_000);
    const answer = await send(await loginAs(), GT.account_number, 150000);
    const tomorrow = api.withdraw.response.parse(answer.json);
    expect(tomorrow.message.status).toBe('successful');
  });

  it('money an admin credited in the last 7 days waits when it would leave; that admin never approves it', async () => {
    freezeClock(SEED_NOW);
    const token = await loginAs();
    setBalance(DEMO_CUSTOMER.id, 60_000 * NAIRA);
    db.adjustments.unshift({
      id: 'adj_test',
      reference: 'RCPT-TEST',
      user: DEMO_CUSTOMER.email,
      user_id: DEMO_CUSTOMER.id,
      user_name: 'Chiamaka Okafor',
      direction: 'credit',
      amount: 50_000 * NAIRA,
      reason: 'Refund of a failed transfer',
      status: 'approved',
      maker: DEMO_ADMIN.email,
      maker_id: DEMO_ADMIN.id,
      checker: null,
      checker_id: null,
      created_at: SEED_NOW - 3_600_000,
      decided_at: SEED_NOW - 3_600_000,
      why: null,
    });
    // ₦5,000 leaves more than the ₦50,000 credited: the customer's own money, sent.
    const own = api.withdraw.response.parse((await send(token, GT.account_number, 5000)).json);
    expect(own.message.status).toBe('successful');
    const cash = api.withdraw.response.parse((await send(token, GT.account_number, 20000)).json);
    expect(cash.message).toMatchObject({
      status: 'awaiting_review',
      note: reviewReasonMessage('recent_adjustment', 200_000 * NAIRA),
    });
    const admin = await loginAdmin();
    const detail = await ok(api.adminWithdrawal, { token: admin, params: { id: cash.message.id } });
    expect(detail.message.review_reason).toBe('recent_adjustment');
    const refused = await call(api.approveWithdrawal, {
      token: admin,
      params: { id: cash.message.id },
    });
    expect(refused.status).toBe(403);
    expect(refusal(refused.json).msg).toBe(WITHDRAWAL_REVIEW_MSG.adjustedByApprover);
  });

  it('a finance admin approves within the owner-set daily total; past it an owner must', async () => {
    freezeClock(SEED_NOW);
    const token = await loginAs();
    setBalance(DEMO_CUSTOMER.id, 2_000_000 * NAIRA);
    db.withdrawals.settings.approver_daily = 400_000 * NAIRA;
    db.users.find((u) => u.id === DEMO_ADMIN.id)!.admin_role = 'finance';
    const admin = await loginAdmin();
    const big = api.withdraw.response.parse((await send(token, GT.account_number, 300000)).json);
    // wd_seed_4 (₦250,000) first: ₦250,000 of ₦400,000.
    expect(
      (await call(api.approveWithdrawal, { token: admin, params: { id: 'wd_seed_4' } })).status,
    ).toBe(200);
    const past = await call(api.approveWithdrawal, {
      token: admin,
      params: { id: big.message.id },
    });
    expect(past.status).toBe(403);
    expect(refusal(past.json).msg).toBe(approverDailyMessage(400_000 * NAIRA));
    expect(db.withdrawals.withdrawals.find((w) => w.id === big.message.id)!.status).toBe(
      'awaiting_review',
    );
    db.users.find((u) => u.id === DEMO_ADMIN.id)!.admin_role = 'owner';
    expect(
      (await call(api.approveWithdrawal, { token: admin, params: { id: big.message.id } })).status,
    ).toBe(200);
  });

  it('the owner sets the approvers’ daily total with the other settings; below zero is refused', async () => {
    const admin = await loginAdmin();
    // The wire's naira, as a screen sends it back.
    const current = (await call(api.withdrawalSettings, { token: admin })).json as {
      message: Record<string, unknown>;
    };
    expect(current.message.approver_daily).toBe(2_000_000);
    const negative = await call(api.setWithdrawalSettings, {
      token: admin,
      body: { ...current.message, approver_daily: -1 },
    });
    expect(negative.status).toBe(400);
    expect(refusal(negative.json).msg).toBe(WITHDRAWAL_MSG.thresholdInvalid);
    const saved = await call(api.setWithdrawalSettings, {
      token: admin,
      body: { ...current.message, approver_daily: 300_000 },
    });
    expect(saved.status).toBe(200);
    expect(db.withdrawals.settings.approver_daily).toBe(300_000 * NAIRA);
  });
});
