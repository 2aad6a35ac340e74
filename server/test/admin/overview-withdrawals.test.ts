/**
 * The admin overview's withdrawal figures (ADR 0094), through the API against the Flutterwave
 * Transfers simulator, on SQLite and PostgreSQL: the fee income is read from the `fees_income`
 * ledger entries of withdrawals (booked by the debit, taken back by a refund) by the Lagos day
 * they were booked; settled withdrawals are counted by the Lagos day they settled; pending and
 * awaiting-review ones as they stand. Amounts are naira on the wire. The clock is frozen
 * (config.clock); the worker runs by hand.
 */
import { api, type AdminRole } from '@contract';
import { lagosDayStart } from '@contract/time';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  runWithdrawalRequeryOnce,
  setWithdrawalSettings,
  withdrawalSettings,
} from '../../src/payouts/withdrawals.ts';
import { PIN, createKit, engines, type Kit, type TestUser } from '../helper.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 10:00 in Lagos on 10 March 2026; each test moves to a day of its own. */
const DAY0 = lagosDayStart('2026-03-10');
let accounts = 0;
/** A fresh 10-digit account number ending in `last4` (the simulator's outcome). */
const account = (last4: string) => `03${String(++accounts).padStart(4, '0')}${last4}`;
const ZERO = { fee_income: 0, settled_count: 0, settled_amount: 0 };

describe.each(engines)('withdrawals on the admin overview on %s', (engine) => {
  let kit: Kit;
  let now = DAY0 + 10 * HOUR;
  let day = 0;
  let owner: TestUser;

  /** 10:00 in Lagos on a day no earlier test used. */
  const freshDay = () => {
    day += 2;
    now = DAY0 + day * DAY + 10 * HOUR;
  };
  const admin = (role: AdminRole) => kit.user({ role });
  /** `last4` 5678 settles at once, 0000 fails at once, 2222 is pending until the next read. */
  const withdraw = (u: TestUser, amount: number, last4: string) =>
    kit.call(api.withdraw, {
      token: u.token,
      body: { bank_code: '044', account_number: account(last4), amount, pin: PIN },
    });
  const figures = async (as = owner) => {
    const res = await kit.call(api.adminOverview, { token: as.token });
    expect(res.status).toBe(200);
    return res.body.message.withdrawals;
  };
  const requery = () => runWithdrawalRequeryOnce(kit.app.ctx, now + 2 * HOUR);

  beforeAll(async () => {
    kit = await createKit(engine, { config: { clock: () => now } });
    owner = await admin('owner');
    // Above ₦50,000 waits for review; the new-account cap is its own rule (ADR 0084).
    await setWithdrawalSettings(
      kit.app.ctx,
      { admin: owner, req: { headers: {}, ip: '127.0.0.1' } },
      {
        ...(await withdrawalSettings(kit.app.ctx.db)),
        review_above: 5_000_000,
        new_beneficiary_cap: 1e12,
      },
    );
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => {
    await kit.close();
  });

  it("a settled withdrawal's fee is today's income, with its count and the amount sent", async () => {
    freshDay();
    const before = await figures();
    expect(before.today).toEqual(ZERO);
    const u = await kit.user({ funds: 5_000_000 });
    const res = await withdraw(u, 10_000, '5678');
    expect(res.body.message.status).toBe('successful');
    const after = await figures();
    // ₦10,000: a ₦26.88 fee (income); the ₦50 stamp duty is payable, not ours.
    expect(after.today).toEqual({ fee_income: 26.88, settled_count: 1, settled_amount: 10_000 });
    expect(after.last_30_days.fee_income - before.last_30_days.fee_income).toBeCloseTo(26.88, 2);
    expect(after.last_30_days.settled_count - before.last_30_days.settled_count).toBe(1);
    expect(after.last_30_days.settled_amount - before.last_30_days.settled_amount).toBe(10_000);
    // Every admin who sees the overview sees them.
    expect((await figures(await admin('support'))).today).toEqual(after.today);
  });

  it("a refunded withdrawal's fee is not income, and it is never counted as settled", async () => {
    freshDay();
    const u = await kit.user({ funds: 5_000_000 });
    const failed = await withdraw(u, 10_000, '0000');
    expect(failed.body.message.status).toBe('failed');
    expect((await figures()).today).toEqual(ZERO);
    const late = await withdraw(u, 5_000, '2222');
    expect(late.body.message.status).toBe('pending');
    // Processing: its fee is booked (₦10.75) and it is pending, not settled.
    const processing = await figures();
    expect(processing.today).toEqual({ fee_income: 10.75, settled_count: 0, settled_amount: 0 });
    expect(processing.pending).toBe(1);
    await requery();
    const refunded = await figures();
    expect(refunded.today).toEqual(ZERO);
    expect(refunded.pending).toBe(0);
  });

  it("yesterday's (Lagos) withdrawal is not in today's figures, but is in the last 30 days", async () => {
    freshDay();
    // 23:30 in Lagos is 22:30 UTC; an hour later it is 00:30 the next day in Lagos, the same
    // UTC date.
    now = DAY0 + day * DAY + 23 * HOUR + 30 * 60_000;
    const start = await figures();
    const u = await kit.user({ funds: 5_000_000 });
    expect((await withdraw(u, 10_000, '5678')).body.message.status).toBe('successful');
    const yesterday = await figures();
    expect(yesterday.today.fee_income - start.today.fee_income).toBeCloseTo(26.88, 2);
    now += HOUR;
    const today = await figures();
    expect(today.today).toEqual(ZERO);
    expect(today.last_30_days).toEqual(yesterday.last_30_days);
  });

  it("a refund today of yesterday's withdrawal takes its fee from today's income", async () => {
    freshDay();
    now = DAY0 + day * DAY + 23 * HOUR + 30 * 60_000;
    const u = await kit.user({ funds: 5_000_000 });
    const start = await figures();
    expect((await withdraw(u, 5_000, '2222')).body.message.status).toBe('pending');
    now += HOUR;
    await requery();
    const after = await figures();
    expect(after.today).toEqual({ fee_income: -10.75, settled_count: 0, settled_amount: 0 });
    // Over both days it nets to nothing.
    expect(after.last_30_days).toEqual(start.last_30_days);
  });

  it('counts the withdrawals waiting for review now, and a settled one past 30 days drops out', async () => {
    freshDay();
    const u = await kit.user({ funds: 20_000_000, level: 3 });
    const before = await figures();
    const big = await withdraw(u, 60_000, '5678');
    expect(big.body.message.status).toBe('awaiting_review');
    const waiting = await figures();
    expect(waiting.awaiting_review - before.awaiting_review).toBe(1);
    expect(waiting.pending).toBe(before.pending);
    // Its fee is booked while it waits.
    expect(waiting.today.fee_income).toBeGreaterThan(0);
    // Another customer's: the day's total of the first one's would send it to review too.
    const settled = await withdraw(await kit.user({ funds: 5_000_000 }), 10_000, '5678');
    expect(settled.body.message.status).toBe('successful');
    const withIt = await figures();
    expect(withIt.last_30_days.settled_count).toBeGreaterThanOrEqual(1);
    now += 30 * DAY;
    const later = await figures();
    // Everything this file did was booked more than 29 Lagos days ago.
    expect(later.today).toEqual(ZERO);
    expect(later.last_30_days).toEqual(ZERO);
    // Still waiting, whenever it was made.
    expect(later.awaiting_review).toBe(waiting.awaiting_review);
  });
});
