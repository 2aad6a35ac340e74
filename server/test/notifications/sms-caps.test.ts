/**
 * SMS that cannot be turned into a cost (ADR 0087): security and alert SMS to one number are
 * capped per hour and per day, across every account that names the number; a capped SMS is
 * kept as `skipped` with its reason and counted in /metrics; an outcome SMS (a purchase's
 * delivered, processing, refunded, overdue) is never capped.
 */
import { api } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityMail } from '../../src/notifications/security-mail.ts';
import { SMS_CAPS } from '../../src/notifications/sms-caps.ts';
import { enqueueSms, smsPass } from '../../src/notifications/sms.ts';
import { createKit, engines, PIN, type Kit } from '../helper.ts';

const HOUR = 3_600_000;
const T0 = 1_900_000_000_000;

describe.each(engines)('SMS caps per number on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterAll(() => kit.close());

  const rows = (to: string) =>
    kit.app.ctx.db
      .selectFrom('sms_outbox')
      .select(['event_key', 'status', 'last_error', 'kind'])
      .where('to_number', '=', to)
      .orderBy('id')
      .execute();

  it('the caps are 5 security SMS an hour and 10 a day, 10 alerts an hour and 30 a day', () => {
    expect(SMS_CAPS).toEqual({ security: { hour: 5, day: 10 }, alert: { hour: 10, day: 30 } });
  });

  it('a 6th security SMS in an hour to one number is skipped with its reason, whichever account asks', async () => {
    const { db } = kit.app.ctx;
    // Three accounts naming the same number (written 080… and 234…): one budget.
    const users = await Promise.all([1, 2, 3].map(() => kit.user({ phone: '08031240001' })));
    for (let i = 0; i < 6; i++) {
      const user = users[i % 3]!;
      const queued = await enqueueSms(
        db,
        { key: `pinChanged:${user.id}:${i}`, userId: user.id, text: `Pin ${i}`, kind: 'security' },
        T0 + i * 60_000,
      );
      expect(queued).toBe(i < 5);
    }
    const all = await rows('2348031240001');
    expect(all.map((r) => r.status)).toEqual([
      'queued',
      'queued',
      'queued',
      'queued',
      'queued',
      'skipped',
    ]);
    expect(all[5]).toMatchObject({
      kind: 'security',
      last_error: 'Not sent: over 5 security SMS an hour to this number (ADR 0087)',
    });
    // A skipped SMS is never sent.
    await smsPass(db, kit.app.ctx.providers.sms, { now: () => T0 + 10 * 60_000 });
    expect((await rows('2348031240001')).map((r) => r.status)).toEqual([
      'sent',
      'sent',
      'sent',
      'sent',
      'sent',
      'skipped',
    ]);
    expect(await kit.app.ctx.providers.simulators.termii.received('2348031240001')).toHaveLength(5);
  });

  it('ten security SMS to one number in ten transactions at once: exactly five are queued', async () => {
    const { dbh, db } = kit.app.ctx;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        dbh.writeTx((trx) =>
          enqueueSms(
            trx,
            { key: `race:${i}`, phone: '08031240009', text: `Race ${i}`, kind: 'security' },
            T0,
          ),
        ),
      ),
    );
    expect(answers.filter(Boolean)).toHaveLength(5);
    const all = await db
      .selectFrom('sms_outbox')
      .select('status')
      .where('to_number', '=', '2348031240009')
      .execute();
    expect(all.filter((r) => r.status === 'queued')).toHaveLength(5);
    expect(all.filter((r) => r.status === 'skipped')).toHaveLength(5);
  });

  it('the day cap: 10 security SMS a day to one number, however they are spread over the hours', async () => {
    const { db } = kit.app.ctx;
    for (let i = 0; i < 11; i++) {
      await enqueueSms(
        db,
        { key: `day:${i}`, phone: '2348031240002', text: `Day ${i}`, kind: 'security' },
        T0 + i * HOUR,
      );
    }
    const all = await rows('2348031240002');
    expect(all.filter((r) => r.status === 'queued')).toHaveLength(10);
    expect(all[10]).toMatchObject({
      status: 'skipped',
      last_error: 'Not sent: over 10 security SMS a day to this number (ADR 0087)',
    });
    // A day later the number has its budget again.
    expect(
      await enqueueSms(
        db,
        { key: 'day:next', phone: '2348031240002', text: 'Next day', kind: 'security' },
        T0 + 25 * HOUR,
      ),
    ).toBe(true);
  });

  it('alerts have their own budget: a flood of alerts leaves the security SMS theirs', async () => {
    const { db } = kit.app.ctx;
    const to = '08031240003';
    for (let i = 0; i < 12; i++) {
      await enqueueSms(db, { key: `alert:${i}`, phone: to, text: `Alert ${i}`, kind: 'alert' }, T0);
    }
    expect(
      await enqueueSms(db, { key: 'sec:after', phone: to, text: 'Sec', kind: 'security' }, T0),
    ).toBe(true);
    const all = await rows('2348031240003');
    expect(all.filter((r) => r.status === 'skipped')).toHaveLength(2);
    expect(all[10]).toMatchObject({
      kind: 'alert',
      last_error: 'Not sent: over 10 alert SMS an hour to this number (ADR 0087)',
    });
  });

  it('an outcome SMS is never capped, and an SMS without a kind counts as an alert', async () => {
    const { db } = kit.app.ctx;
    const to = '08031240004';
    for (let i = 0; i < 40; i++) {
      expect(
        await enqueueSms(
          db,
          { key: `refunded:${to}:${i}`, phone: to, text: `Refund ${i}`, kind: 'outcome' },
          T0,
        ),
      ).toBe(true);
    }
    for (let i = 0; i < 11; i++) {
      await enqueueSms(db, { key: `nokind:${i}`, phone: to, text: `x ${i}` }, T0);
    }
    const all = await rows('2348031240004');
    expect(all.filter((r) => r.status === 'skipped').map((r) => r.kind)).toEqual(['alert']);
  });

  it('pin changes told by securityMail: the 6th SMS in an hour is skipped, every e-mail is sent', async () => {
    const user = await kit.user({ phone: '08031240005' });
    const { ctx } = kit.app;
    for (let i = 0; i < 6; i++) {
      await ctx.dbh.writeTx((trx) =>
        securityMail(trx, ctx, user.email, { kind: 'pinChanged' }, null, T0 + i * 1000),
      );
    }
    const all = await rows('2348031240005');
    expect(all.map((r) => [r.kind, r.status])).toEqual([
      ...Array(5).fill(['security', 'queued']),
      ['security', 'skipped'],
    ]);
    const mails = await ctx.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', user.email)
      .execute();
    expect(mails.filter((m) => m.subject === 'Your secret pin was changed')).toHaveLength(6);
  });

  it('through the routes: 12 refunds are 12 SMS; 12 shares to one friend are 10 alerts to their number', async () => {
    const buyer = await kit.user({ phone: '08031240006', funds: 100_000_00 });
    for (let i = 0; i < 12; i++) {
      const res = await kit.call(api.airtime, {
        token: buyer.token,
        // Refused by the sandbox: refunded at once.
        body: { pin: PIN, phone_number: '08031230000', amount: 100 },
      });
      expect(res.body.message.status).toBe('reversed');
    }
    const refunds = await rows('2348031240006');
    expect(refunds).toHaveLength(12);
    expect(refunds.every((r) => r.kind === 'outcome' && r.status === 'queued')).toBe(true);

    const sender = await kit.user({ phone: '08031240007', funds: 100_000_00 });
    const friend = await kit.user({ phone: '08031240008' });
    for (let i = 0; i < 12; i++) {
      const res = await kit.call(api.share, {
        token: sender.token,
        body: { amount: 50, email: friend.email, pin: PIN },
      });
      expect(res.status).toBe(200);
    }
    const credits = await rows('2348031240008');
    expect(credits.map((r) => [r.kind, r.status])).toEqual([
      ...Array(10).fill(['alert', 'queued']),
      ['alert', 'skipped'],
      ['alert', 'skipped'],
    ]);
  });

  it('/metrics counts the SMS skipped in the last day by kind and cap', async () => {
    const res = await kit.app.inject({ method: 'GET', url: '/metrics' });
    // Skipped above: security 2 + 5 (hour) and 1 (day); alerts 2 and 1 (hour). They are dated
    // T0 (2030), after the scrape's clock: all within its last day.
    expect(res.body).toContain('paybills_sms_skipped{kind="security",cap="hour"} 7');
    expect(res.body).toContain('paybills_sms_skipped{kind="security",cap="day"} 1');
    // The shares' SMS of the test above: 2 to the friend, 2 to the sender.
    expect(res.body).toContain('paybills_sms_skipped{kind="alert",cap="hour"} 7');
  });
});
