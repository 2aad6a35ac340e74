/**
 * A withdrawal's lifecycle past the send (ADR 0089), through the API against the Flutterwave
 * Transfers simulator, on SQLite and PostgreSQL: the fee is booked as income and given back in
 * full with a refund. The clock is frozen (config.clock); the worker runs by hand.
 */
import { api } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemBalance } from '../src/domain/ledger.ts';
import { runWithdrawalRequeryOnce } from '../src/services/withdrawals.ts';
import { PIN, createKit, engines, type Kit, type TestUser } from './helper.ts';

const T0 = Date.UTC(2026, 2, 10, 9, 0, 0);
const HOUR = 3_600_000;
let accounts = 0;
/** A fresh 10-digit account number ending in `last4`. */
const account = (last4 = '5678') => `02${String(++accounts).padStart(4, '0')}${last4}`;

describe.each(engines)('a withdrawal after its send on %s', (engine) => {
  let kit: Kit;
  const now = T0;

  const withdraw = (u: TestUser, body: { account_number: string; amount: number }) =>
    kit.call(api.withdraw, { token: u.token, body: { bank_code: '044', pin: PIN, ...body } });
  const balances = async () => ({
    fees: await systemBalance(kit.app.ctx.db, 'fees_income'),
    float: await systemBalance(kit.app.ctx.db, 'provider_float'),
    duty: await systemBalance(kit.app.ctx.db, 'stamp_duty_payable'),
  });
  const requery = (at = now + 2 * HOUR) => runWithdrawalRequeryOnce(kit.app.ctx, at);

  beforeAll(async () => {
    kit = await createKit(engine, { config: { clock: () => now } });
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
});
