/**
 * The customer is told about each withdrawal event once (ADR 0089), by e-mail and SMS through
 * the same hub as purchases (customer-mail.ts, sms.ts): sent, failed and refunded (the reason,
 * the amount back, the new balance), awaiting review, rejected (the reviewer's reason). Exact
 * texts; every SMS is GSM characters within one 160-character page. SQLite and PostgreSQL,
 * frozen clock, the worker by hand.
 */
import { api, type AdminRole } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withdrawalSms } from '../../src/notifications/withdrawal-messages.ts';
import { runWithdrawalRequeryOnce } from '../../src/payouts/withdrawals.ts';
import { simulatedAccountName } from '../../src/providers/simulators/flutterwave-payouts.ts';
import { PIN, createKit, engines, type Kit, type TestUser } from '../helper.ts';

const T0 = Date.UTC(2026, 2, 10, 9, 0, 0);
const HOUR = 3_600_000;
const GSM = /^[A-Za-z0-9 @$_!"#%&'()*+,\-./:;<=>?\n]*$/;
let accounts = 0;
const account = (last4: string) => `03${String(++accounts).padStart(4, '0')}${last4}`;

describe.each(engines)('withdrawal messages on %s', (engine) => {
  let kit: Kit;
  const now = T0;
  let finance: TestUser;

  const withdraw = (u: TestUser, account_number: string, amount: number) =>
    kit.call(api.withdraw, {
      token: u.token,
      body: { bank_code: '044', pin: PIN, account_number, amount },
    });
  const sms = (userId: string) =>
    kit.app.ctx.db
      .selectFrom('sms_outbox')
      .select(['event_key', 'body'])
      .where('user_id', '=', userId)
      .where('event_key', 'like', 'withdrawal%')
      .orderBy('id')
      .execute();
  const mails = async (u: TestUser) =>
    (await kit.mail(u.email)).filter((m) => /withdrawal|sent to|Withdrawal/.test(m.subject));

  beforeAll(async () => {
    kit = await createKit(engine, { config: { clock: () => now } });
    finance = await kit.user({ admin: true, level: 3 });
    await kit.app.ctx.db
      .updateTable('users')
      .set({ admin_role: 'finance' as AdminRole })
      .where('id', '=', finance.id)
      .execute();
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => {
    await kit.close();
  });

  it('sent: one SMS and one e-mail with the amount, the account, the charges and the balance', async () => {
    const u = await kit.user({ funds: 2_000_000, phone: '08055510001' });
    const number = account('5678');
    const res = await withdraw(u, number, 10_000);
    expect(res.body.message.status).toBe('successful');
    const id = res.body.message.id;
    const name = simulatedAccountName(number);
    expect(await sms(u.id)).toEqual([
      {
        event_key: `withdrawalSent:${id}`,
        body: `Debit: NGN10,000 sent to ${name}, Access Bank. Charges NGN76.88. Bal: NGN9,923.12`,
      },
    ]);
    const mail = await mails(u);
    expect(mail.map((m) => m.subject)).toEqual([`₦10,000 sent to ${name}`]);
    expect(mail[0]!.text).toContain(`We sent ₦10,000 to ${name}, Access Bank (${number}).`);
    expect(mail[0]!.text).toContain('Your wallet balance is ₦9,923.12.');
  });

  it('failed and refunded: the reason, the whole amount back, the new balance; told once', async () => {
    const u = await kit.user({ funds: 2_000_000, phone: '08055510002' });
    const number = account('2222');
    const res = await withdraw(u, number, 5_000);
    expect(res.body.message.status).toBe('pending');
    const id = res.body.message.id;
    // The worker and a second pass both see it failed: one message each way.
    await runWithdrawalRequeryOnce(kit.app.ctx, now + 2 * HOUR);
    await runWithdrawalRequeryOnce(kit.app.ctx, now + 4 * HOUR);
    const name = simulatedAccountName(number);
    const texts = await sms(u.id);
    expect(texts).toEqual([
      {
        event_key: `withdrawalFailed:${id}`,
        body: `Refund: NGN5,010.75. Withdrawal to ${name} failed: DISBURSE FAILED: Beneficiary bank unavailable. Bal: NGN20,000`,
      },
    ]);
    const mail = await mails(u);
    expect(mail.map((m) => m.subject)).toEqual(['Withdrawal failed: ₦5,010.75 refunded']);
    expect(mail[0]!.text).toContain('failed: DISBURSE FAILED: Beneficiary bank unavailable.');
    expect(mail[0]!.text).toContain('Your wallet balance is ₦20,000.');
  });

  it('awaiting review, then rejected with the reviewer’s reason', async () => {
    const u = await kit.user({ funds: 30_000_000, phone: '08055510003', level: 3 });
    const number = account('5678');
    // No new-account cap here: above ₦200,000 it waits for review.
    await kit.app.ctx.db
      .insertInto('kv_store')
      .values({
        namespace: 'withdrawals',
        key: 'settings',
        value: JSON.stringify({ new_beneficiary_cap: 100_000_000_00 }),
      })
      .execute();
    const res = await withdraw(u, number, 250_000);
    expect(res.body.message.status).toBe('awaiting_review');
    const id = res.body.message.id;
    const name = simulatedAccountName(number);
    const rejected = await kit.call(api.rejectWithdrawal, {
      token: finance.token,
      params: { id },
      body: { reason: 'We could not confirm this account is yours' },
    });
    expect(rejected.status).toBe(200);
    const texts = (await sms(u.id)).filter((s) => s.event_key.endsWith(id));
    expect(texts).toEqual([
      {
        event_key: `withdrawalReview:${id}`,
        body: `Your NGN250,000 withdrawal to ${name}, Access Bank is awaiting review. We will SMS you when it is sent or refunded.`,
      },
      {
        event_key: `withdrawalRejected:${id}`,
        body: `Refund: NGN250,103.75. Withdrawal to ${name} was not approved: We could not confirm this account is yours. Bal: NGN300,000`,
      },
    ]);
    const subjects = (await mails(u)).map((m) => m.subject);
    expect(subjects).toContain('Your ₦250,000 withdrawal is awaiting review');
    expect(subjects).toContain('Withdrawal not approved: ₦250,103.75 refunded');
  });

  it('a long name, bank and reason still make one GSM page', async () => {
    const u = await kit.user({ funds: 2_000_000, phone: '08055510004' });
    const res = await withdraw(u, account('0000'), 1_000);
    expect(res.body.message.status).toBe('failed');
    const texts = await sms(u.id);
    expect(texts).toHaveLength(1);
    for (const s of texts) {
      expect(s.body.length).toBeLessThanOrEqual(160);
      expect(s.body).toMatch(GSM);
    }
  });

  it('the customer’s choice: outcome SMS and e-mail off, a refund’s SMS still goes', async () => {
    const u = await kit.user({ funds: 2_000_000, phone: '08055510005' });
    await kit.call(api.setMailPreferences, {
      token: u.token,
      body: { purchases: { sms: false, email: false } },
    });
    await withdraw(u, account('5678'), 1_000);
    await withdraw(u, account('0000'), 1_000);
    expect((await sms(u.id)).map((s) => s.event_key.split(':')[0])).toEqual(['withdrawalFailed']);
    expect(await mails(u)).toEqual([]);
  });
});

describe('withdrawal SMS texts', () => {
  const w = {
    id: 'w1',
    amount: 4_999_999_99,
    fee: 5_375,
    duty: 5_000,
    total: 5_000_010_74,
    account_name: 'OLUWASEUNFUNMI ADEBAYO-OKONKWO CHUKWUEMEKA JUNIOR',
    account_number: '0123456789',
    bank_name: 'Guaranty Trust Bank Plc (formerly GTBank) Microfinance',
    reason: 'DISBURSE FAILED: '.padEnd(300, 'x'),
  };
  it.each([
    'withdrawalSent',
    'withdrawalFailed',
    'withdrawalReview',
    'withdrawalRejected',
  ] as const)('%s fits one GSM page with a long name, bank and reason', (kind) => {
    const text = withdrawalSms({ kind, withdrawal: w, balance: 99_999_999_99 });
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toMatch(GSM);
  });
  it('a reason cut to fit ends with ... before the balance', () => {
    expect(withdrawalSms({ kind: 'withdrawalFailed', withdrawal: w, balance: 100 })).toMatch(
      /^Refund: NGN5,000,010\.74\. Withdrawal to OLUWASEUNFUNMI ADEBAYO-OKONKWO failed: DISBURSE FAILED: x+\.\.\. Bal: NGN1$/,
    );
  });
});
