/**
 * The operator's costs on the admin overview (ADR 0086), on SQLite and PostgreSQL: the SMS sent,
 * failed and queued today from the outbox; the Termii balance (`GET /api/get-balance`) and the
 * Flutterwave NGN balance withdrawals are paid from (`GET /v3/balances/NGN`), read by the float
 * poll of ADR 0052 against the simulators, each with its owner-set alert threshold: one e-mail
 * to every admin per crossing; a provider that does not answer leaves its last balance and says
 * why.
 */
import { api, type OperatorCosts, type OperatorFloatHealth } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollFloats } from '../../src/providers/failover.ts';
import { TERMII_SIMULATOR_BALANCE } from '../../src/providers/simulators/termii.ts';
import { adminLogin, createKit, engines, type Kit } from '../helper.ts';

const HOUR = 3_600_000;

describe.each(engines)('operator costs on %s', (engine) => {
  let kit: Kit;
  let admin: string;
  // 2027-01-15 08:00 UTC: 09:00 in Lagos.
  const now = 1_800_000_000_000;
  const clock = () => now;

  beforeAll(async () => {
    kit = await createKit(engine, { config: { clock } });
    admin = await adminLogin(kit);
  });
  afterAll(() => kit.close());

  const costs = async () => {
    const res = await kit.call(api.adminOperatorCosts, { token: admin });
    expect(res.status).toBe(200);
    return res.body.message as OperatorCosts;
  };
  const float = async (name: 'termii' | 'payouts') =>
    (await costs()).floats.find((f: OperatorFloatHealth) => f.float === name)!;
  const threshold = (provider: string, value: number | null) =>
    kit.call(api.setFloatThreshold, { token: admin, body: { provider, threshold: value } });
  const lowMails = (subject: string) =>
    kit.app.ctx.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('subject', 'like', `${subject} float low%`)
      .execute();

  it('counts the SMS sent and failed since Lagos midnight, and those waiting', async () => {
    let n = 0;
    const sms = (status: 'queued' | 'sent' | 'failed', at: number) => ({
      event_key: `test-${(n += 1)}`,
      user_id: null,
      to_number: '2348031234567',
      body: 'Test',
      status,
      next_attempt_at: status === 'queued' ? now + 24 * HOUR : at,
      created_at: at,
      sent_at: status === 'sent' ? at : null,
    });
    await kit.app.ctx.db
      .insertInto('sms_outbox')
      .values([
        sms('sent', now - HOUR),
        sms('sent', now - 2 * HOUR),
        sms('failed', now - HOUR),
        sms('queued', now - HOUR),
        // 23:00 yesterday in Lagos: not today's.
        sms('sent', now - 10 * HOUR),
        sms('failed', now - 10 * HOUR),
      ])
      .execute();
    expect((await costs()).sms).toEqual({ sent_today: 2, failed_today: 1, queued: 1 });
  });

  it('shows no float before the first poll', async () => {
    expect((await costs()).floats.map((f) => [f.float, f.balance, f.below_threshold])).toEqual([
      ['termii', null, false],
      ['payouts', null, false],
    ]);
  });

  it('polls the Termii balance and e-mails every admin once when it is below the threshold', async () => {
    // The simulated Termii account opens at ₦10,000.
    const set = await threshold('termii', 20_000_00);
    expect(set.status).toBe(200);
    expect(set.body.message).toMatchObject({ float: 'termii', threshold: 20_000_00 });
    await pollFloats(kit.app.ctx);
    await pollFloats(kit.app.ctx);
    expect(await float('termii')).toMatchObject({
      name: 'sandbox-termii',
      balance: TERMII_SIMULATOR_BALANCE,
      polled_at: now,
      error: null,
      threshold: 20_000_00,
      below_threshold: true,
    });
    const mails = await lowMails('Termii (SMS)');
    expect(mails.map((m) => m.subject)).toEqual(['Termii (SMS) float low: ₦10,000.00']);
    // Lowered under the balance: no longer below, and no more mail.
    await threshold('termii', 5_000_00);
    await pollFloats(kit.app.ctx);
    expect(await float('termii')).toMatchObject({ below_threshold: false });
    expect(await lowMails('Termii (SMS)')).toHaveLength(1);
  });

  it('polls the Flutterwave payout float through the payout adapter', async () => {
    // The simulated Flutterwave NGN balance opens at ₦1,200,000.
    await threshold('payouts', 2_000_000_00);
    await pollFloats(kit.app.ctx);
    expect(await float('payouts')).toMatchObject({
      name: 'sandbox-payouts',
      balance: 1_200_000_00,
      error: null,
      below_threshold: true,
    });
    const mails = await lowMails('Flutterwave payouts');
    expect(mails.map((m) => m.subject)).toEqual(['Flutterwave payouts float low: ₦1,200,000.00']);
  });

  it('keeps the last balance and says why when a provider does not answer', async () => {
    const sims = kit.app.ctx.providers.simulators;
    sims.termii.faults.inject('balance', { kind: 'status', status: 500 });
    // One Flutterwave account: the bill-payments float and the payout float both ask it.
    sims.bills.faults.inject('balance', { kind: 'status', status: 503 });
    sims.bills.faults.inject('balance', { kind: 'status', status: 503 });
    await pollFloats(kit.app.ctx);
    const termii = await float('termii');
    expect(termii).toMatchObject({ balance: TERMII_SIMULATOR_BALANCE });
    expect(termii.error).toBe('sandbox-termii: balance failed (HTTP 500)');
    const payouts = await float('payouts');
    expect(payouts.balance).toBe(1_200_000_00);
    expect(payouts.error).toBe('sandbox-payouts: balance failed (HTTP 503)');
  });

  it('refuses a threshold on an unknown float', async () => {
    const res = await threshold('mtn', 1_00);
    expect(res.status).toBe(400);
  });
});
