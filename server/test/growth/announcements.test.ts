/**
 * Admin announcements (ADR 0059): a customer sees an announcement from its start
 * until its end (a fake clock moves across both edges), only when in its audience (every
 * customer, or one price tier), until they dismiss it (their dismissal, not another's); the
 * e-mail to the audience is queued by the worker in batches, never by the admin's request,
 * once per customer however often or concurrently the worker runs; a refused write answers
 * the contract's message and writes nothing; every write is in the audit log.
 */
import { ANNOUNCEMENT_MSG, ANNOUNCEMENT_TEXT_MAX, api, TIER_MSG } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailAnnouncements } from '../../src/growth/announcements.ts';
import { listNotices } from '../../src/notifications/notices.ts';
import { adminLogin, createKit, engines, type Kit, type TestUser } from '../helper.ts';

const HOUR = 60 * 60 * 1000;
const ZERO = { airtime: 0, data: 0, cabletv: 0, electricity: 0, education: 0 };

describe.each(engines)('announcements on %s', (engine) => {
  let kit: Kit;
  let admin: string;
  /** The fake clock the announcements read (config.clock). */
  let now = Date.UTC(2031, 2, 14, 9, 0);
  let tiers = 0;

  beforeAll(async () => {
    kit = await createKit(engine, { config: { clock: () => now } });
    admin = await adminLogin(kit);
  });
  afterAll(async () => {
    await kit.close();
  });

  const create = (body: Record<string, unknown>) =>
    kit.call(api.createAnnouncement, {
      token: admin,
      body: {
        text: 'MTN data is delayed: purchases may take up to an hour.',
        severity: 'outage',
        starts_at: now,
        ends_at: now + HOUR,
        tier_id: null,
        email: false,
        ...body,
      },
    });
  const created = async (body: Record<string, unknown>) => {
    const res = await create(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.message as { id: string; status: string };
  };
  const banner = async (u: TestUser) => {
    const res = await kit.call(api.myAnnouncements, { token: u.token });
    expect(res.status).toBe(200);
    return (res.body.message as { id: string }[]).map((a) => a.id);
  };
  const dismiss = (u: TestUser, id: string) =>
    kit.call(api.dismissAnnouncement, { token: u.token, body: { id } });
  const adminView = async (id: string) => {
    const res = await kit.call(api.announcements, { token: admin, query: { limit: '100' } });
    return (res.body.message as { id: string; status: string; mailed: number }[]).find(
      (a) => a.id === id,
    )!;
  };
  /** A new tier and `n` customers on it: an audience no other test touches. */
  const tierWith = async (n: number, extra: { verified?: boolean } = {}) => {
    const tier = await kit.call(api.createTier, {
      token: admin,
      body: { name: `Group ${engine} ${++tiers}`, discounts: ZERO },
    });
    expect(tier.status, JSON.stringify(tier.body)).toBe(200);
    const tierId = tier.body.message.id as string;
    const users: TestUser[] = [];
    for (let i = 0; i < n; i++) {
      const u = await kit.user(extra);
      const moved = await kit.call(api.setUserTier, {
        token: admin,
        body: { userId: u.id, tierId },
      });
      expect(moved.body.message).toBe(TIER_MSG.moved);
      users.push(u);
    }
    return { tierId, users };
  };
  const outbox = async () =>
    Number(
      (
        await kit.app.ctx.db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('shows from its start until its end, by the clock, not before and not after', async () => {
    const u = await kit.user();
    const start = now + HOUR;
    const end = start + 2 * HOUR;
    const a = await created({ starts_at: start, ends_at: end, severity: 'warning' });
    expect(a.status).toBe('scheduled');
    try {
      now = start - 1;
      expect(await banner(u)).not.toContain(a.id);
      expect((await adminView(a.id)).status).toBe('scheduled');
      now = start;
      expect(await banner(u)).toContain(a.id);
      expect((await adminView(a.id)).status).toBe('active');
      now = end - 1;
      expect(await banner(u)).toContain(a.id);
      now = end;
      expect(await banner(u)).not.toContain(a.id);
      expect((await adminView(a.id)).status).toBe('ended');
    } finally {
      now = start - HOUR;
    }
  });

  it('ending an announcement takes it down at once; an ended one cannot change', async () => {
    const u = await kit.user();
    const a = await created({});
    expect(await banner(u)).toContain(a.id);
    const end = await kit.call(api.endAnnouncement, { token: admin, body: { id: a.id } });
    expect(end.body).toEqual({ message: ANNOUNCEMENT_MSG.endedNow });
    expect(await banner(u)).not.toContain(a.id);
    expect((await adminView(a.id)).status).toBe('ended');
    const again = await kit.call(api.endAnnouncement, { token: admin, body: { id: a.id } });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(ANNOUNCEMENT_MSG.ended);
    const edit = await kit.call(api.editAnnouncement, {
      token: admin,
      params: { id: a.id },
      body: {
        text: 'x',
        severity: 'info',
        starts_at: now,
        ends_at: now + HOUR,
        tier_id: null,
        email: false,
      },
    });
    expect(edit.status).toBe(409);
    expect(edit.body.msg).toBe(ANNOUNCEMENT_MSG.ended);

    // A scheduled one ended before its start never shows.
    const later = await created({ starts_at: now + HOUR, ends_at: now + 2 * HOUR });
    await kit.call(api.endAnnouncement, { token: admin, body: { id: later.id } });
    now += HOUR;
    try {
      expect(await banner(u)).not.toContain(later.id);
      expect((await adminView(later.id)).status).toBe('ended');
    } finally {
      now -= HOUR;
    }
  });

  it('reaches only its tier; the default tier means customers never moved', async () => {
    const { tierId, users } = await tierWith(1);
    const [onTier] = users as [TestUser];
    const standard = await kit.user();
    const forTier = await created({ tier_id: tierId });
    const forStandard = await created({ tier_id: 'standard' });
    const forAll = await created({});
    expect(await banner(onTier)).toEqual(expect.arrayContaining([forTier.id, forAll.id]));
    expect(await banner(onTier)).not.toContain(forStandard.id);
    expect(await banner(standard)).toEqual(expect.arrayContaining([forStandard.id, forAll.id]));
    expect(await banner(standard)).not.toContain(forTier.id);
    // Not theirs to dismiss: as if it did not exist.
    const other = await dismiss(standard, forTier.id);
    expect(other.status).toBe(404);
    expect(other.body.msg).toBe(ANNOUNCEMENT_MSG.notFound);
    expect(await banner(onTier)).toContain(forTier.id);
  });

  it("a dismissal is the customer's own, kept on the server, and can be repeated", async () => {
    const a = await created({ severity: 'info' });
    const first = await kit.user();
    const second = await kit.user();
    expect(await banner(first)).toContain(a.id);
    expect(await banner(second)).toContain(a.id);
    const res = await dismiss(first, a.id);
    expect(res.body).toEqual({ message: ANNOUNCEMENT_MSG.dismissed });
    expect(await banner(first)).not.toContain(a.id);
    expect(await banner(second)).toContain(a.id);
    expect((await dismiss(first, a.id)).status).toBe(200);
    // Another session of the same customer (another device) sees the dismissal too.
    const login = await kit.call(api.login, {
      body: { username: first.email, password: 'Sunny2026Day' },
    });
    expect(await banner({ ...first, token: login.body.JWTtoken })).not.toContain(a.id);
    expect((await dismiss(first, 'no-such-announcement')).status).toBe(404);
  });

  it("joins the customer's bell while live, read once dismissed", async () => {
    const u = await kit.user();
    const a = await created({ text: 'Airtime prices drop on Friday.', severity: 'info' });
    const bell = async () =>
      (await listNotices(kit.app.ctx, u.id, now)).notices.find((n) => n.id === `a-${a.id}`);
    expect(await bell()).toMatchObject({
      kind: 'announcement',
      title: 'Airtime prices drop on Friday.',
      amount: null,
      read: false,
    });
    await dismiss(u, a.id);
    expect(await bell()).toMatchObject({ read: true });
    await kit.call(api.endAnnouncement, { token: admin, body: { id: a.id } });
    expect(await bell()).toBeUndefined();
  });

  it('e-mails the audience in batches from the worker, once per customer', async () => {
    const { tierId, users } = await tierWith(5);
    const unverified = await tierWith(1, { verified: false });
    // The unverified customer joins the same tier.
    await kit.call(api.setUserTier, {
      token: admin,
      body: { userId: unverified.users[0]!.id, tierId },
    });
    const before = await outbox();
    const a = await created({
      tier_id: tierId,
      email: true,
      starts_at: now + HOUR,
      ends_at: now + 3 * HOUR,
    });
    // Nothing is queued by the admin's request, nor before the start.
    expect(await outbox()).toBe(before);
    expect(await mailAnnouncements(kit.app.ctx, 2)).toBe(0);

    now += HOUR;
    try {
      expect(await mailAnnouncements(kit.app.ctx, 2)).toBe(2);
      expect((await adminView(a.id)).mailed).toBe(2);
      // Two passes at once (two instances): the rest, each customer once.
      const both = await Promise.all([
        mailAnnouncements(kit.app.ctx, 2),
        mailAnnouncements(kit.app.ctx, 2),
      ]);
      // PostgreSQL: both may pick the same customers; the second's rows yield to the first's.
      let rest = 0;
      for (let pass = 0, n = 1; n > 0 && pass < 5; pass++) {
        n = await mailAnnouncements(kit.app.ctx, 2);
        rest += n;
      }
      expect(2 + both[0] + both[1] + rest).toBe(5);
      // The worker run again sends nothing more.
      expect(await mailAnnouncements(kit.app.ctx, 2)).toBe(0);
      expect(await mailAnnouncements(kit.app.ctx, 2)).toBe(0);
      expect(await outbox()).toBe(before + 5);
      expect((await adminView(a.id)).mailed).toBe(5);
      for (const u of users) {
        const mails = (await kit.mail(u.email)).filter((m) => m.subject.startsWith('Outage:'));
        expect(mails, u.email).toHaveLength(1);
        expect(mails[0]!.text).toContain('MTN data is delayed');
        expect(mails[0]!.text).toContain('Lagos time');
      }
      expect(await kit.mail(unverified.users[0]!.email)).toEqual([]);

      // An edit does not mail again those already mailed.
      const edit = await kit.call(api.editAnnouncement, {
        token: admin,
        params: { id: a.id },
        body: {
          text: 'MTN data is back to normal.',
          severity: 'info',
          starts_at: now - HOUR,
          ends_at: now + HOUR,
          tier_id: tierId,
          email: true,
        },
      });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      expect(await mailAnnouncements(kit.app.ctx, 10)).toBe(0);
      expect(await outbox()).toBe(before + 5);
    } finally {
      now -= HOUR;
    }
  });

  it('refuses bad input with the contract message and writes nothing', async () => {
    const count = async () => ({
      announcements: (await kit.call(api.announcements, { token: admin })).body.total,
      audit: (
        await kit.call(api.auditLog, { token: admin, query: { action: 'announcement.create' } })
      ).body.total,
    });
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ text: '   ' }, ANNOUNCEMENT_MSG.textRequired],
      [{ text: 'a'.repeat(ANNOUNCEMENT_TEXT_MAX + 1) }, ANNOUNCEMENT_MSG.textTooLong],
      [{ severity: 'critical' }, ANNOUNCEMENT_MSG.severityInvalid],
      [{ starts_at: 'tomorrow' }, ANNOUNCEMENT_MSG.startInvalid],
      [{ ends_at: null }, ANNOUNCEMENT_MSG.endInvalid],
      [{ starts_at: now + HOUR, ends_at: now + HOUR }, ANNOUNCEMENT_MSG.endBeforeStart],
      [{ starts_at: now, ends_at: now + 91 * 24 * HOUR }, ANNOUNCEMENT_MSG.windowTooLong],
      [{ starts_at: now - 2 * HOUR, ends_at: now - HOUR }, ANNOUNCEMENT_MSG.endPassed],
      [{ tier_id: 'no-such-tier' }, ANNOUNCEMENT_MSG.tierNotFound],
      [{ email: 'yes' }, ANNOUNCEMENT_MSG.emailInvalid],
    ];
    for (const [body, msg] of cases) {
      const res = await create(body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(await count()).toEqual(before);
    const customer = await kit.user();
    const refused = await kit.call(api.createAnnouncement, {
      token: customer.token,
      body: {
        text: 'x',
        severity: 'info',
        starts_at: now,
        ends_at: now + HOUR,
        tier_id: null,
        email: false,
      },
    });
    expect(refused.status).toBe(403);
    expect(await count()).toEqual(before);
  });

  it('records each write in the audit log', async () => {
    const a = await created({ text: 'Prices of DSTV plans change on Monday.' });
    await kit.call(api.editAnnouncement, {
      token: admin,
      params: { id: a.id },
      body: {
        text: 'Prices of DSTV plans change on Tuesday.',
        severity: 'warning',
        starts_at: now,
        ends_at: now + HOUR,
        tier_id: null,
        email: false,
      },
    });
    await kit.call(api.endAnnouncement, { token: admin, body: { id: a.id } });
    const log = await kit.call(api.auditLog, { token: admin, query: { target: a.id } });
    const entries = log.body.message as {
      action: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown>;
    }[];
    expect(entries.map((e) => e.action).sort()).toEqual([
      'announcement.create',
      'announcement.edit',
      'announcement.end',
    ]);
    const edit = entries.find((e) => e.action === 'announcement.edit')!;
    expect(edit.before).toMatchObject({ text: 'Prices of DSTV plans change on Monday.' });
    expect(edit.after).toMatchObject({
      text: 'Prices of DSTV plans change on Tuesday.',
      severity: 'warning',
    });
  });
});
