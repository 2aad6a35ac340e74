/**
 * Withdrawals reviewed by the day, money credited by adjustment checked before it leaves as
 * cash, approvers with a daily total, the account look-up behind a verified e-mail, and
 * withdrawals out of the sales figures (ADR 0088), on SQLite and PostgreSQL, through the API
 * against the Flutterwave Transfers simulator. The clock is frozen (config.clock).
 */
import {
  api,
  approverDailyMessage,
  reviewReasonMessage,
  SERVER_MSG,
  WITHDRAWAL_MSG,
  WITHDRAWAL_REVIEW_MSG,
  type AdminRole,
} from '@contract';
import { lagosDay, lagosDayStart } from '@contract/time';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { overview } from '../../src/admin/admin-stats.ts';
import { APPROVER_DAILY_ENV_RETIRED, loadConfig } from '../../src/config.ts';
import { setWithdrawalSettings, withdrawalSettings } from '../../src/payouts/withdrawals.ts';
import { PIN, createKit, engines, type Kit, type TestUser } from '../helper.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 10:00 in Lagos today: adjustments are stamped by the real clock, within a day of it. */
const T0 = lagosDayStart(lagosDay(Date.now())) + 10 * HOUR;
let accounts = 0;
const account = () => `02${String(++accounts).padStart(4, '0')}5678`;
let refs = 0;

describe.each(engines)('withdrawal review rules on %s', (engine) => {
  let kit: Kit;
  let now = T0;
  let owner: TestUser;
  let finance: TestUser;
  let finance2: TestUser;

  const admin = (role: AdminRole) => kit.user({ role });
  const withdraw = (u: TestUser, amount: number) =>
    kit.call(api.withdraw, {
      token: u.token,
      body: { bank_code: '044', account_number: account(), amount, pin: PIN },
    });
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

  beforeAll(async () => {
    kit = await createKit(engine, { config: { clock: () => now } });
    owner = await admin('owner');
    finance = await admin('finance');
    finance2 = await admin('finance');
    // The new-account cap is its own rule (ADR 0084): out of the way here. The approvers'
    // daily total is the owner's, with the other withdrawal settings: ₦500,000 here.
    await setWithdrawalSettings(
      kit.app.ctx,
      { admin: owner, req: { headers: {}, ip: '127.0.0.1' } },
      {
        ...(await withdrawalSettings(kit.app.ctx.db)),
        new_beneficiary_cap: 1e12,
        approver_daily: 50_000_000,
      },
    );
  });
  afterEach(async () => {
    now = T0;
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => {
    await kit.close();
  });

  it("the customer's withdrawals of the Lagos day, this one included, decide the review", async () => {
    const u = await kit.user({ funds: 100_000_000 });
    // A failed one gave its money back and does not count (0000 fails at once).
    const failed = await kit.call(api.withdraw, {
      token: u.token,
      body: { bank_code: '044', account_number: '0299990000', amount: 100_000, pin: PIN },
    });
    expect(failed.body.message.status).toBe('failed');
    expect((await withdraw(u, 150_000)).body.message.status).toBe('successful');
    expect((await withdraw(u, 49_900)).body.message.status).toBe('successful');
    const third = await withdraw(u, 101);
    expect(third.body.message).toMatchObject({
      status: 'awaiting_review',
      note: reviewReasonMessage('daily_total', 20_000_000),
    });
    const line = await kit.app.ctx.db
      .selectFrom('transactions')
      .select('response_msg')
      .where('id', '=', third.body.message.id)
      .executeTakeFirstOrThrow();
    expect(line.response_msg).toBe(reviewReasonMessage('daily_total', 20_000_000));
    // The next Lagos day starts again.
    now = lagosDayStart(lagosDay(T0)) + DAY;
    expect((await withdraw(u, 150_000)).body.message.status).toBe('successful');
  });

  it('20 withdrawals of ₦199,999 in a day: only the first is sent without review', async () => {
    const u = await kit.user({ funds: 450_000_000 });
    const statuses: string[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await withdraw(u, 199_999)).body.message.status);
    expect(statuses[0]).toBe('successful');
    expect(statuses.slice(1).every((s) => s === 'awaiting_review')).toBe(true);
  });

  it('10 withdrawals of ₦199,999 at once from one wallet: one is sent, nine wait for review', async () => {
    const u = await kit.user({ funds: 250_000_000 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => withdraw(u, 199_999)));
    const statuses = answers.map((a) => a.body.message.status as string);
    expect(statuses.filter((s) => s === 'successful')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'awaiting_review')).toHaveLength(9);
  });

  it('money credited by adjustment in the last 7 days waits for review when it would leave as cash; its admin never approves it', async () => {
    const u = await kit.user({ funds: 1_000_000 });
    const credited = await kit.call(api.createAdjustment, {
      token: finance.token,
      body: {
        email: u.email,
        direction: 'credit',
        amount: 50_000,
        reason: 'Refund of a failed transfer',
        reference: `ADJ-REVIEW-${engine}-${++refs}`,
      },
    });
    expect(credited.body.message.status).toBe('approved');
    // ₦5,000 leaves ₦55,000 (and pennies) in the wallet: the customer's own money went.
    expect((await withdraw(u, 5_000)).body.message.status).toBe('successful');
    const cash = await withdraw(u, 20_000);
    expect(cash.body.message).toMatchObject({
      status: 'awaiting_review',
      note: reviewReasonMessage('recent_adjustment', 20_000_000),
    });
    const id = cash.body.message.id;
    const own = await approve(finance, id);
    expect(own.status).toBe(403);
    expect(own.body.msg).toBe(WITHDRAWAL_REVIEW_MSG.adjustedByApprover);
    expect(await status(id)).toBe('awaiting_review');
    const other = await approve(finance2, id);
    expect(other.status).toBe(200);
    expect(other.body.message.status).toBe('successful');

    // Eight days on, what is left of it is the customer's to withdraw.
    now = T0 + 8 * DAY;
    expect((await withdraw(u, 20_000)).body.message.status).toBe('successful');
  });

  it('a held bank transfer an admin assigned in the last 7 days is checked the same way; that admin never approves', async () => {
    const u = await kit.user({ funds: 1_000_000 });
    const held = `held-${engine}-${++refs}`;
    await kit.app.ctx.db
      .insertInto('bank_transfers')
      .values({
        id: held,
        provider_id: `WR${refs}`,
        tx_ref: null,
        account_number: '9900000000',
        sender: 'Lost Sender, Zenith',
        amount: 4_000_000,
        status: 'held',
        user_id: null,
        payment_id: null,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
    const assigner = await admin('finance');
    const assigned = await kit.call(api.assignTransfer, {
      token: assigner.token,
      body: { id: held, email: u.email },
    });
    expect(assigned.status).toBe(200);
    const cash = await withdraw(u, 20_000);
    expect(cash.body.message).toMatchObject({
      status: 'awaiting_review',
      note: reviewReasonMessage('recent_adjustment', 20_000_000),
    });
    const own = await approve(assigner, cash.body.message.id);
    expect(own.status).toBe(403);
    expect(own.body.msg).toBe(WITHDRAWAL_REVIEW_MSG.adjustedByApprover);
    const other = await approve(await admin('finance'), cash.body.message.id);
    expect(other.body.message.status).toBe('successful');
  });

  it("an approver's daily total: past it a finance admin is refused, an owner approves", async () => {
    const u = await kit.user({ funds: 200_000_000 });
    const first = await withdraw(u, 300_000);
    const second = await withdraw(u, 300_000);
    expect(first.body.message.status).toBe('awaiting_review');
    expect(second.body.message.status).toBe('awaiting_review');
    const balance = await kit.balance(u.id);
    expect((await approve(finance2, first.body.message.id)).status).toBe(200);
    const past = await approve(finance2, second.body.message.id);
    expect(past.status).toBe(403);
    expect(past.body.msg).toBe(approverDailyMessage(50_000_000));
    expect(await status(second.body.message.id)).toBe('awaiting_review');
    expect(await kit.balance(u.id)).toBe(balance);
    const byOwner = await approve(owner, second.body.message.id);
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.message.status).toBe('successful');
  });

  it("the approvers' daily total is the owner's, with the other withdrawal settings: audited, a finance admin may not", async () => {
    const fresh = await createKit(engine);
    try {
      const o = await fresh.user({ role: 'owner' });
      const f = await fresh.user({ role: 'finance' });
      const read = await fresh.call(api.withdrawalSettings, { token: o.token });
      // A fresh database: ₦2,000,000 (naira on the wire), ten times the review amount.
      expect(read.body.message.approver_daily).toBe(2_000_000);
      const body = { ...read.body.message, approver_daily: 300_000 };
      const refused = await fresh.call(api.setWithdrawalSettings, { token: f.token, body });
      expect(refused.status).toBe(403);
      const negative = await fresh.call(api.setWithdrawalSettings, {
        token: o.token,
        body: { ...body, approver_daily: -1 },
      });
      expect(negative.status).toBe(400);
      expect(negative.body.msg).toBe(WITHDRAWAL_MSG.thresholdInvalid);
      const saved = await fresh.call(api.setWithdrawalSettings, { token: o.token, body });
      expect(saved.status).toBe(200);
      expect(saved.body.message.approver_daily).toBe(300_000);
      expect(
        (await fresh.call(api.withdrawalSettings, { token: f.token })).body.message.approver_daily,
      ).toBe(300_000);
      const entry = await fresh.app.ctx.db
        .selectFrom('audit_log')
        .select(['action', 'admin_id', 'before_json', 'after_json'])
        .where('action', '=', 'withdrawal.settings')
        .executeTakeFirstOrThrow();
      expect(entry.admin_id).toBe(o.id);
      expect(JSON.parse(entry.before_json!)).toMatchObject({ approver_daily_kobo: 200_000_000 });
      expect(JSON.parse(entry.after_json!)).toMatchObject({ approver_daily_kobo: 30_000_000 });

      // The new total holds at the next approval, no restart: ₦300,000, then an owner's.
      await fresh.call(api.setWithdrawalSettings, {
        token: o.token,
        body: { ...body, new_beneficiary_cap: 10_000_000 },
      });
      const u = await fresh.user({ funds: 100_000_000 });
      const send = (amount: number) =>
        fresh.call(api.withdraw, {
          token: u.token,
          body: { bank_code: '044', account_number: account(), amount, pin: PIN },
        });
      const first = (await send(250_000)).body.message.id;
      const second = (await send(250_000)).body.message.id;
      expect(
        (await fresh.call(api.approveWithdrawal, { token: f.token, params: { id: first } })).status,
      ).toBe(200);
      const past = await fresh.call(api.approveWithdrawal, {
        token: f.token,
        params: { id: second },
      });
      expect(past.status).toBe(403);
      expect(past.body.msg).toBe(approverDailyMessage(30_000_000));
      expect(await fresh.invariants()).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('the admin list and detail say why each withdrawal waits (null: it never did)', async () => {
    const u = await kit.user({ funds: 100_000_000 });
    const sent = (await withdraw(u, 150_000)).body.message.id;
    const byDay = (await withdraw(u, 60_000)).body.message.id;
    const big = (await withdraw(u, 250_000)).body.message.id;
    const list = await kit.call(api.adminWithdrawals, {
      token: finance.token,
      query: { q: u.email },
    });
    const reasons = Object.fromEntries(
      list.body.message.map((w: { id: string; review_reason: string | null }) => [
        w.id,
        w.review_reason,
      ]),
    );
    expect(reasons).toEqual({ [sent]: null, [byDay]: 'daily_total', [big]: 'amount' });
    const detail = await kit.call(api.adminWithdrawal, {
      token: finance.token,
      params: { id: byDay },
    });
    expect(detail.body.message.review_reason).toBe('daily_total');
    // Parsed by the contract: the field is part of the answer's schema.
    expect(api.adminWithdrawal.response.parse(detail.body).message.review_reason).toBe(
      'daily_total',
    );
  });

  it("parallel approvals by one finance admin never pass the admin's daily total", async () => {
    const u = await kit.user({ funds: 300_000_000 });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await withdraw(u, 210_000)).body.message.id);
    const answers = await Promise.all(ids.map((id) => approve(finance, id)));
    // ₦500,000 a day: two of ₦210,000 fit, a third would not.
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(2);
  });

  it('the account look-up needs a verified e-mail', async () => {
    const u = await kit.user({ verified: false });
    const res = await kit.call(api.resolveAccount, {
      token: u.token,
      body: { bank_code: '044', account_number: '0123456789' },
    });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe(SERVER_MSG.emailNotVerified);
  });

  it('a withdrawal is no sale: the overview counts purchases only', async () => {
    const before = await overview(kit.app.ctx, now);
    const today = (o: typeof before) => o.daily.at(-1)!;
    const u = await kit.user({ funds: 10_000_000 });
    expect((await withdraw(u, 10_000)).body.message.status).toBe('successful');
    const after = await overview(kit.app.ctx, now);
    expect(today(after)).toEqual(today(before));
  });
});

it("a server with WITHDRAWAL_APPROVER_DAILY_KOBO still set refuses to start: the figure is the owner's now", () => {
  expect(() => loadConfig({ WITHDRAWAL_APPROVER_DAILY_KOBO: '50000000' })).toThrow(
    APPROVER_DAILY_ENV_RETIRED,
  );
});
