/**
 * A sign-in from a device the account does not know sends the security SMS and e-mail (ADR
 * 0087). An account's address is whatever was typed at sign-up, and an unverified account still
 * signs in: an outsider who registers with a stranger's address and signs in again and again
 * from a client that keeps no cookie would make each sign-in a "new device", one more e-mail
 * (and SMS) to that stranger. Only an account whose owner proved the address is told.
 */
import { api } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_CAPS } from '../../src/notifications/sms-caps.ts';
import { PASSWORD, createKit, engines, type Kit } from '../helper.ts';

describe.each(engines)('new-sign-in e-mails to one address on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterAll(() => kit.close());

  it('twelve cookieless sign-ins to an unverified account tell its unproven address and number nothing; a verified one is told', async () => {
    const email = `stranger-${engine}@example.com`;
    // Signed in once by the kit: its first device, added silently.
    await kit.user({ email, verified: false, phone: '08031259901' });
    for (let i = 0; i < 12; i++) {
      const res = await kit.call(api.login, { body: { username: email, password: PASSWORD } });
      expect(res.status).toBe(200);
    }
    const mails = await kit.app.ctx.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', email)
      .where('subject', '=', 'New sign-in to your account')
      .execute();
    const sms = await kit.app.ctx.db
      .selectFrom('sms_outbox')
      .select('status')
      .where('to_number', '=', '2348031259901')
      .where('status', '=', 'queued')
      .execute();
    expect(sms).toHaveLength(0);
    expect(mails).toHaveLength(0);
    // The same sign-in to an account whose owner proved the address is told, by e-mail and
    // (within its cap) by SMS.
    const owner = `owner-${engine}@example.com`;
    await kit.user({ email: owner, phone: '08031259902' });
    await kit.call(api.login, { body: { username: owner, password: PASSWORD } });
    const told = await kit.app.ctx.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', owner)
      .where('subject', '=', 'New sign-in to your account')
      .execute();
    expect(told).toHaveLength(1);
    const texted = await kit.app.ctx.db
      .selectFrom('sms_outbox')
      .select('status')
      .where('to_number', '=', '2348031259902')
      .where('status', '=', 'queued')
      .execute();
    expect(texted.length).toBeLessThanOrEqual(SMS_CAPS.security.hour);
    expect(texted.length).toBeGreaterThan(0);
  });
});
