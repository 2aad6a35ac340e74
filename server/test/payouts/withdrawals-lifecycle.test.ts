/**
 * A withdrawal's lifecycle past the send (ADR 0089), through the API against the Flutterwave
 * Transfers simulator, on SQLite and PostgreSQL: the fee is booked as income and given back in
 * full with a refund; an admin resolves a stuck withdrawal from what Flutterwave says about its
 * reference. The clock is frozen (config.clock); the worker runs by hand.
 */
import {
  api,
  AUDIT_ACTION_LABELS,
  FOUR_EYES_MSG,
  WITHDRAWAL_RESOLVE_MSG,
  type AdminRole,
} from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemBalance } from '../../src/wallet/ledger.ts';
import {
  debitWithdrawal,
  runWithdrawalRequeryOnce,
  withdrawalSettings,
} from '../../src/payouts/withdrawals.ts';
import { simulatedAccountName } from '../../src/providers/simulators/flutterwave-payouts.ts';
import { PIN, createKit, engines, type Kit, type TestUser } from '../helper.ts';

const T0 = Date.UTC(2026, 2, 10, 9, 0, 0);
const HOUR = 3_600_000;
let accounts = 0;
/** A fresh 10-digit account number ending in `last4`. */
const account = (last4 = '5678') => `02${String(++accounts).padStart(4, '0')}${last4}`;

describe.each(engines)('a withdrawal after its send on %s', (engine) => {
  let kit: Kit;
  let now = T0;
  let finance: TestUser;

  const withdraw = (u: TestUser, body: { account_number: string; amount: number }) =>
    kit.call(api.withdraw, { token: u.token, body: { bank_code: '044', pin: PIN, ...body } });
  const balances = async () => ({
    fees: await systemBalance(kit.app.ctx.db, 'fees_income'),
    float: await systemBalance(kit.app.ctx.db, 'provider_float'),
    duty: await systemBalance(kit.app.ctx.db, 'stamp_duty_payable'),
  });
  const admin = (role: AdminRole, funds = 0) => kit.user({ role, funds });
  const sim = () => kit.app.ctx.providers.simulators.payouts;
  const resolve = (a: TestUser, id: string) =>
    kit.call(api.resolveWithdrawal, { token: a.token, params: { id } });
  const row = (id: string) =>
    kit.app.ctx.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  /**
   * A stuck withdrawal as the worker leaves it: debited, its first send timed out before it
   * reached Flutterwave and the resend was refused (sent and refused, never created there).
   */
  const stuck = async (u: TestUser, amount = 500_000) => {
    const number = account('5678');
    const w = await debitWithdrawal(
      kit.app.ctx,
      { id: u.id, verification_level: 1 },
      {
        bank_code: '044',
        bank_name: 'Access Bank',
        account_number: number,
        account_name: simulatedAccountName(number),
        amount,
      },
      await withdrawalSettings(kit.app.ctx.db),
      now,
    );
    await kit.app.ctx.db
      .updateTable('withdrawals')
      .set({ sent_at: now, refused_at: now + 6 * 60_000 })
      .where('id', '=', w.id)
      .execute();
    return w.id;
  };
  /** Flutterwave's list answering one transfer under `reference` as `status`. */
  const listAnswers = (reference: string, status: string, extra = {}) =>
    sim().faults.inject('transfers.list', {
      kind: 'status',
      status: 200,
      body: {
        status: 'success',
        message: 'Transfers fetched',
        meta: { page_info: { total: 1, current_page: 1, total_pages: 1 } },
        data: [
          {
            id: 4242,
            account_number: '0690000040',
            bank_code: '044',
            full_name: 'Someone',
            created_at: new Date(now).toISOString(),
            currency: 'NGN',
            debit_currency: 'NGN',
            amount: 5000,
            fee: 10.75,
            status,
            reference,
            meta: null,
            narration: 'Withdrawal',
            complete_message: '',
            requires_approval: 0,
            is_approved: 1,
            bank_name: 'ACCESS BANK NIGERIA',
            ...extra,
          },
        ],
      },
    });
  const requery = (at = now + 2 * HOUR) => runWithdrawalRequeryOnce(kit.app.ctx, at);

  beforeAll(async () => {
    kit = await createKit(engine, { config: { clock: () => now } });
    finance = await admin('finance');
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => {
    await kit.close();
  });

  it('books the fee as income, the amount on the float, the duty as payable', async () => {
    const u = await kit.user({ funds: 2_000_000 });
    const before = await balances();
    const res = await withdraw(u, { account_number: account('5678'), amount: 10_000 });
    expect(res.body.message.status).toBe('successful');
    const after = await balances();
    // ₦10,000: ₦26.88 fee (income), ₦50 stamp duty (payable), ₦10,000 to Flutterwave's float.
    expect(after.fees - before.fees).toBe(2_688);
    expect(after.float - before.float).toBe(1_000_000);
    expect(after.duty - before.duty).toBe(5_000);
  });

  it('a refund gives the fee back from income, in full', async () => {
    const u = await kit.user({ funds: 2_000_000 });
    const before = await balances();
    const failed = await withdraw(u, { account_number: account('0000'), amount: 10_000 });
    expect(failed.body.message.status).toBe('failed');
    const late = await withdraw(u, { account_number: account('2222'), amount: 5_000 });
    expect(late.body.message.status).toBe('pending');
    expect((await balances()).fees - before.fees).toBe(1_075);
    await requery();
    expect(await balances()).toEqual(before);
    expect(await kit.balance(u.id)).toBe(2_000_000);
  });

  it('resolve: no record within 24 hours of the last send is refused; after, refunded in full', async () => {
    const u = await kit.user({ funds: 2_000_000 });
    const id = await stuck(u);
    const before = await balances();
    expect(await kit.balance(u.id)).toBe(2_000_000 - 501_075);
    const soon = await resolve(finance, id);
    expect(soon.status).toBe(409);
    expect(soon.body.msg).toBe(WITHDRAWAL_RESOLVE_MSG.tooSoon);
    expect((await row(id)).status).toBe('pending');
    now += 24 * HOUR + 1;
    const done = await resolve(finance, id);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(WITHDRAWAL_RESOLVE_MSG.neverMade);
    expect(await kit.balance(u.id)).toBe(2_000_000);
    expect((await row(id)).status).toBe('failed');
    expect((await row(id)).reason).toBe(WITHDRAWAL_RESOLVE_MSG.neverMadeReason);
    // The fee and the float are given back as booked.
    const after = await balances();
    expect(after.fees - before.fees).toBe(-1_075);
    expect(after.float - before.float).toBe(-500_000);
    // Once: a second resolve is refused, nothing more moves.
    const again = await resolve(finance, id);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(WITHDRAWAL_RESOLVE_MSG.notPending);
    expect(await kit.balance(u.id)).toBe(2_000_000);
    // Audited, and on the transaction's timeline with who did it.
    const timeline = await kit.call(api.transactionTimeline, {
      token: finance.token,
      params: { id },
    });
    expect(timeline.body.message.events).toContainEqual(
      expect.objectContaining({
        kind: 'audit',
        title: AUDIT_ACTION_LABELS['withdrawal.resolve'],
        actor: finance.email,
      }),
    );
  });

  it('resolve: still processing, a list that ignored the filter, or no answer changes nothing', async () => {
    const u = await kit.user({ funds: 2_000_000 });
    const id = await stuck(u);
    now += 25 * HOUR;
    listAnswers(id, 'PENDING');
    const processing = await resolve(finance, id);
    expect(processing.status).toBe(409);
    expect(processing.body.msg).toBe(WITHDRAWAL_RESOLVE_MSG.stillProcessing('PENDING'));
    listAnswers('someone-elses-reference', 'SUCCESSFUL');
    const unproven = await resolve(finance, id);
    expect(unproven.status).toBe(409);
    expect(unproven.body.msg).toBe(WITHDRAWAL_RESOLVE_MSG.unproven);
    sim().faults.inject('transfers.list', { kind: 'status', status: 503 });
    const down = await resolve(finance, id);
    expect(down.status).toBe(502);
    expect(down.body.msg).toBe(WITHDRAWAL_RESOLVE_MSG.unreachable);
    expect((await row(id)).status).toBe('pending');
    expect(await kit.balance(u.id)).toBe(2_000_000 - 501_075);
  });

  it('resolve: SUCCESSFUL settles it; FAILED refunds it with Flutterwave’s reason', async () => {
    const u = await kit.user({ funds: 2_000_000 });
    const paid = await stuck(u);
    listAnswers(paid, 'SUCCESSFUL');
    const ok = await resolve(finance, paid);
    expect(ok.body.message).toBe(WITHDRAWAL_RESOLVE_MSG.paid);
    expect((await row(paid)).status).toBe('successful');
    const failed = await stuck(u);
    listAnswers(failed, 'FAILED', { complete_message: 'DISBURSE FAILED: Invalid account' });
    const ko = await resolve(finance, failed);
    expect(ko.body.message).toBe(WITHDRAWAL_RESOLVE_MSG.failed);
    expect((await row(failed)).status).toBe('failed');
    expect((await row(failed)).reason).toBe('DISBURSE FAILED: Invalid account');
    expect(await kit.balance(u.id)).toBe(2_000_000 - 501_075);
  });

  it('resolve: never by the admin whose wallet it is from, nor by support', async () => {
    const own = await admin('finance', 2_000_000);
    const id = await stuck(own);
    now += 25 * HOUR;
    const mine = await resolve(own, id);
    expect(mine.status).toBe(403);
    expect(mine.body.msg).toBe(FOUR_EYES_MSG.ownWallet);
    const support = await admin('support');
    expect((await resolve(support, id)).status).toBe(403);
    expect((await row(id)).status).toBe('pending');
  });

  it('resolve: a resend that started meanwhile makes the no-record refund refuse', async () => {
    const u = await kit.user({ funds: 2_000_000 });
    const id = await stuck(u);
    now += 25 * HOUR;
    // Flutterwave answers "nothing under this reference", but the worker's resend claims the
    // row (moves its send time) before the refund is written.
    const provider = kit.app.ctx.providers.payout;
    const original = provider.byReference.bind(provider);
    provider.byReference = async (reference) => {
      const answer = await original(reference);
      await kit.app.ctx.db
        .updateTable('withdrawals')
        .set({ sent_at: now })
        .where('id', '=', id)
        .execute();
      return answer;
    };
    try {
      const res = await resolve(finance, id);
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe(WITHDRAWAL_RESOLVE_MSG.settledMeanwhile);
    } finally {
      provider.byReference = original;
    }
    expect((await row(id)).status).toBe('pending');
    expect(await kit.balance(u.id)).toBe(2_000_000 - 501_075);
  });
});
