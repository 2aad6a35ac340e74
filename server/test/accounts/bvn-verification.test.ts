/**
 * Level 2 by BVN (ADR 0063), on SQLite and PostgreSQL, through the Flutterwave
 * payments simulator's consent flow and its sandbox consent page: start → Approve → level 2;
 * Decline → stays; someone else's BVN → a name mismatch, stays; only the last 4 digits are
 * stored and the full BVN is in no table and no log line; the start is rate limited; a level
 * already at 2 is refused; a held credit is released once when the check raises the level.
 * After the security review: one BVN verifies one account (keyed hash, unique index); an
 * account that verified a BVN cannot undo an admin's lowering; a verified check asked again
 * releases what is still held; a second approved check ends instead of staying started.
 */
import { createHash } from 'node:crypto';
import { api, BVN_MSG, TRANSFER_MSG } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/app.ts';
import { SANDBOX_BVN_CONSENT_LIMIT } from '../../src/providers/routes/sandbox/bvn-consent.ts';
import { bvnHash } from '../../src/accounts/bvn.ts';
import { createKit, engines, PIN, type Kit, type TestUser } from '../helper.ts';

/** The sandbox's BVNs: any belongs to whoever sends it, except one ending in 0000. */
const OWN_BVN = '22298765432';
const OTHERS_BVN = '22212340000';
/** One BVN verifies one account: each test customer has its own (all ending 5432). */
const owned = new Map<string, string>();
const bvnOf = (userId: string) => {
  if (!owned.has(userId)) owned.set(userId, `22${String(10_000 + owned.size)}5432`);
  return owned.get(userId)!;
};

describe.each(engines)('level 2 by BVN (%s)', (engine) => {
  let kit: Kit;
  const lines: string[] = [];
  beforeAll(async () => {
    const logger = {
      ...loggerOptions({ write: (line: string) => void lines.push(line) }),
      level: 'trace',
    };
    kit = await createKit(engine, { logger });
  });
  afterAll(async () => kit.close());

  const start = (u: TestUser, bvn = bvnOf(u.id), consent: unknown = true) =>
    kit.call(api.startBvnVerification, { token: u.token, body: { bvn, consent } });

  /** The consent page as a browser gets it: its form's token and the cookie that carries it. */
  async function openPage(pathname: string) {
    const shown = await kit.app.inject({ method: 'GET', url: pathname });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Approve');
    const token = /name="csrf" value="([A-Za-z0-9_-]{43})"/.exec(shown.body)?.[1];
    expect(token).toBeDefined();
    const setCookie = String(shown.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^sandbox_csrf=[A-Za-z0-9_-]{43}; Path=\/sandbox\/bvn-consent; HttpOnly; SameSite=Strict/,
    );
    return { token: token!, cookie: setCookie.split(';')[0]! };
  }

  const postChoice = (pathname: string, payload: string, headers: Record<string, string> = {}) =>
    kit.app.inject({
      method: 'POST',
      url: pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload,
    });

  /** Presses Approve or Decline on the sandbox consent page; answers where it sends back to. */
  async function choose(consentUrl: string, choice: 'approved' | 'declined') {
    const page = new URL(consentUrl);
    const { token, cookie } = await openPage(page.pathname);
    const res = await postChoice(page.pathname, `choice=${choice}&csrf=${token}`, { cookie });
    expect(res.statusCode).toBe(302);
    return new URL(res.headers.location as string);
  }

  const complete = (u: TestUser, reference: string) =>
    kit.call(api.completeBvnVerification, { token: u.token, body: { reference } });

  /** Start, choose on the consent page, come back: the completion's answer. */
  async function run(u: TestUser, choice: 'approved' | 'declined', bvn = bvnOf(u.id)) {
    const started = await start(u, bvn);
    expect(started.status).toBe(200);
    const back = await choose(started.body.message.consent_url, choice);
    expect(back.pathname).toBe('/user/dashboard/settings');
    const reference = back.searchParams.get('bvn_ref');
    expect(reference).toBe(started.body.message.reference);
    return complete(u, reference!);
  }

  const userRow = (id: string) =>
    kit.app.ctx.db
      .selectFrom('users')
      .select(['verification_level', 'bvn_last4', 'bvn_consented_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /** Every row of every table, as text. */
  async function everything(): Promise<string> {
    const tables = await kit.app.ctx.db.introspection.getTables();
    const parts: string[] = [];
    for (const t of tables) {
      const rows = await kit.app.ctx.db
        .selectFrom(t.name as 'users')
        .selectAll()
        .execute();
      parts.push(JSON.stringify(rows));
    }
    return parts.join('\n');
  }

  it('start → Approve → level 2, with the last 4 digits and the consent time; audited', async () => {
    const u = await kit.user({ level: 1, name: 'Ada Lovelace Obi' });
    const before = Date.now();
    const res = await run(u, 'approved');
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      outcome: 'verified',
      text: BVN_MSG.verified,
      verification: { level: 2, bvn_last4: '5432', limits: { level: 2 } },
    });
    const row = await userRow(u.id);
    expect(Number(row.verification_level)).toBe(2);
    expect(row.bvn_last4).toBe('5432');
    expect(Number(row.bvn_consented_at)).toBeGreaterThanOrEqual(before);
    const audit = await kit.app.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', u.id)
      .execute();
    expect(audit).toMatchObject([{ action: 'verification.level', admin_email: u.email }]);
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ level: 2, by: 'bvn' });
    // The same return again (a reload) answers the same, and nothing moves twice.
    const again = await complete(u, (await lastRef(u))!);
    expect(again.body.message.outcome).toBe('verified');
    // At level 2, a new check is refused clearly.
    expect(await start(u)).toEqual({
      status: 409,
      body: { type: 'conflict', msg: BVN_MSG.alreadyVerified },
    });
  });

  const lastRef = async (u: TestUser) =>
    (
      await kit.app.ctx.db
        .selectFrom('bvn_checks')
        .select('id')
        .where('user_id', '=', u.id)
        .orderBy('created_at', 'desc')
        .executeTakeFirst()
    )?.id;

  it('Decline → the level stays, with the message', async () => {
    const u = await kit.user({ level: 1 });
    const res = await run(u, 'declined');
    expect(res.body.message).toMatchObject({
      outcome: 'declined',
      text: BVN_MSG.declined,
      verification: { level: 1, bvn_last4: null, consented_at: null },
    });
    expect(Number((await userRow(u.id)).verification_level)).toBe(1);
  });

  it("someone else's BVN → a name mismatch, the level stays", async () => {
    const u = await kit.user({ level: 1, name: 'Test Person' });
    const res = await run(u, 'approved', OTHERS_BVN);
    expect(res.body.message).toMatchObject({
      outcome: 'mismatch',
      text: BVN_MSG.mismatch,
      verification: { level: 1, bvn_last4: null },
    });
    const row = await userRow(u.id);
    expect(Number(row.verification_level)).toBe(1);
    expect(row.bvn_last4).toBeNull();
  });

  it('back before answering on the consent page: pending, then verified after Approve', async () => {
    const u = await kit.user({ level: 1 });
    const started = await start(u);
    const reference = started.body.message.reference as string;
    expect((await complete(u, reference)).body.message).toMatchObject({
      outcome: 'pending',
      text: BVN_MSG.pending,
      verification: { level: 1 },
    });
    await choose(started.body.message.consent_url, 'approved');
    expect((await complete(u, reference)).body.message.outcome).toBe('verified');
  });

  it('the form rules answer their messages; another customer’s reference is not found', async () => {
    const u = await kit.user({ level: 1 });
    expect((await start(u, '')).body.msg).toBe(TRANSFER_MSG.bvnRequired);
    expect((await start(u, '1234')).body.msg).toBe(TRANSFER_MSG.bvnInvalid);
    expect((await start(u, '123456789012')).body.msg).toBe(TRANSFER_MSG.bvnInvalid);
    expect((await start(u, OWN_BVN, false)).body.msg).toBe(TRANSFER_MSG.consentRequired);
    const other = await kit.user({ level: 1 });
    const started = await start(other);
    expect(await complete(u, started.body.message.reference)).toEqual({
      status: 404,
      body: { type: 'not_found', msg: BVN_MSG.unknownReference },
    });
  });

  it('only the last 4 digits are stored: the full BVN is in no table and no log line', async () => {
    const u = await kit.user({ level: 1 });
    await run(u, 'approved', OWN_BVN);
    const mismatch = await kit.user({ level: 1 });
    await run(mismatch, 'approved', OTHERS_BVN);
    const stored = await everything();
    expect(stored).not.toContain(OWN_BVN);
    expect(stored).not.toContain(OTHERS_BVN);
    expect(stored).toContain('"bvn_last4":"5432"');
    // The test is able to fail: the log lines are there, and name the route.
    const log = lines.join('');
    expect(log).toContain('/api/user/verification/bvn');
    expect(log).not.toContain(OWN_BVN);
    expect(log).not.toContain(OTHERS_BVN);
  });

  it('the start is rate limited: 10 an hour per account', async () => {
    const u = await kit.user({ level: 1 });
    for (let i = 0; i < 10; i++) expect((await start(u)).status).toBe(200);
    const refused = await start(u);
    expect(refused.status).toBe(429);
    expect(refused.body.type).toBe('rate_limited');
  });

  it('a held credit is released once when the check raises the level to 2', async () => {
    const sender = await kit.user({ funds: 500_000_00 });
    const u = await kit.user({ level: 1, funds: 290_000_00 });
    const shared = await kit.call(api.share, {
      token: sender.token,
      body: { amount: 20_000, email: u.email, pin: PIN },
    });
    expect(shared.status).toBe(200);
    expect(await kit.balance(u.id)).toBe(290_000_00);
    const shown = await kit.call(api.verification, { token: u.token });
    expect(shown.body.message.held).toMatchObject([{ amount: 20_000, status: 'held' }]);

    const started = await start(u);
    const back = await choose(started.body.message.consent_url, 'approved');
    const reference = back.searchParams.get('bvn_ref')!;
    // Two tabs come back at the same moment: one raises the level, the credit moves once.
    const [a, b] = await Promise.all([complete(u, reference), complete(u, reference)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.message.outcome, b.body.message.outcome]).toEqual(['verified', 'verified']);
    expect(await kit.balance(u.id)).toBe(310_000_00);
    const held = await kit.app.ctx.db
      .selectFrom('held_credits')
      .select('status')
      .where('user_id', '=', u.id)
      .execute();
    expect(held).toEqual([{ status: 'released' }]);
    const subjects = (await kit.mail(u.email)).map((m) => m.subject);
    expect(subjects.filter((t) => t === '₦20,000 added to your wallet')).toHaveLength(1);
    const audits = await kit.app.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', u.id)
      .execute();
    expect(audits).toEqual([{ action: 'verification.level' }]);
    expect(await kit.invariants()).toEqual([]);
  });
  const checkOf = (id: string) =>
    kit.app.ctx.db
      .selectFrom('bvn_checks')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('one BVN verifies one account: refused at the start on any other, by a keyed hash', async () => {
    const bvn = '22255550001';
    const a = await kit.user({ level: 1 });
    expect((await run(a, 'approved', bvn)).body.message.outcome).toBe('verified');
    const b = await kit.user({ level: 1 });
    expect(await start(b, bvn)).toEqual({
      status: 409,
      body: { type: 'conflict', msg: BVN_MSG.usedElsewhere },
    });
    // The hash is keyed (not the BVN's plain SHA-256) and is the only trace of the BVN.
    const checks = await kit.app.ctx.db
      .selectFrom('bvn_checks')
      .select(['bvn_hash', 'status', 'user_id'])
      .where('user_id', 'in', [a.id, b.id])
      .execute();
    expect(checks).toEqual([{ bvn_hash: expect.any(String), status: 'verified', user_id: a.id }]);
    const hash = checks[0]!.bvn_hash!;
    expect(hash).toBe(bvnHash(kit.app.ctx.config.pinSecret, bvn));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toBe(createHash('sha256').update(bvn).digest('hex'));
    expect(hash).not.toBe(bvnHash(kit.app.ctx.config.jwtSecret, bvn));
    // The database itself refuses a second verified check of one BVN.
    await expect(
      kit.app.ctx.db
        .insertInto('bvn_checks')
        .values({
          id: 'BVN-dup',
          user_id: b.id,
          provider: 'x',
          provider_ref: 'x',
          bvn_last4: '0001',
          bvn_hash: hash,
          consented_at: 0,
          status: 'verified',
          created_at: 0,
          completed_at: 0,
        })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
  });

  it('one BVN, two accounts started together: the second approval ends as used elsewhere', async () => {
    const bvn = '22255550002';
    const a = await kit.user({ level: 1 });
    const b = await kit.user({ level: 1 });
    const startedA = await start(a, bvn);
    const startedB = await start(b, bvn);
    expect([startedA.status, startedB.status]).toEqual([200, 200]);
    await choose(startedA.body.message.consent_url, 'approved');
    await choose(startedB.body.message.consent_url, 'approved');
    expect((await complete(a, startedA.body.message.reference)).body.message.outcome).toBe(
      'verified',
    );
    const refused = { status: 409, body: { type: 'conflict', msg: BVN_MSG.usedElsewhere } };
    expect(await complete(b, startedB.body.message.reference)).toEqual(refused);
    expect((await checkOf(startedB.body.message.reference)).status).toBe('duplicate');
    expect(await complete(b, startedB.body.message.reference)).toEqual(refused);
    const row = await userRow(b.id);
    expect(Number(row.verification_level)).toBe(1);
    expect(row.bvn_last4).toBeNull();
  });

  it("an account that verified a BVN cannot undo an admin's lowering with a new check", async () => {
    const u = await kit.user({ level: 1 });
    expect((await run(u, 'approved', '22255550003')).body.message.outcome).toBe('verified');
    // An admin lowers the level (the BVN's last 4 digits stay on the account).
    await kit.app.ctx.db
      .updateTable('users')
      .set({ verification_level: 1 })
      .where('id', '=', u.id)
      .execute();
    const before = (await kit.app.ctx.db.selectFrom('bvn_checks').select('id').execute()).length;
    expect(await start(u, '22255550004')).toEqual({
      status: 409,
      body: { type: 'conflict', msg: BVN_MSG.levelSetByAdmin },
    });
    // Refused before the provider: no new check.
    expect((await kit.app.ctx.db.selectFrom('bvn_checks').select('id').execute()).length).toBe(
      before,
    );
    expect(Number((await userRow(u.id)).verification_level)).toBe(1);
  });

  it('a check started before the lowering cannot undo it either: it ends, level unchanged', async () => {
    const u = await kit.user({ level: 1 });
    const first = await start(u, '22255550005');
    const second = await start(u, '22255550006');
    await choose(first.body.message.consent_url, 'approved');
    await choose(second.body.message.consent_url, 'approved');
    expect((await complete(u, first.body.message.reference)).body.message.outcome).toBe('verified');
    await kit.app.ctx.db
      .updateTable('users')
      .set({ verification_level: 1 })
      .where('id', '=', u.id)
      .execute();
    expect(await complete(u, second.body.message.reference)).toEqual({
      status: 409,
      body: { type: 'conflict', msg: BVN_MSG.levelSetByAdmin },
    });
    expect((await checkOf(second.body.message.reference)).status).toBe('superseded');
    expect(Number((await userRow(u.id)).verification_level)).toBe(1);
  });

  it('a second approved check ends (superseded) instead of staying started', async () => {
    const u = await kit.user({ level: 1 });
    const first = await start(u);
    const second = await start(u);
    await choose(first.body.message.consent_url, 'approved');
    await choose(second.body.message.consent_url, 'approved');
    expect((await complete(u, first.body.message.reference)).body.message.outcome).toBe('verified');
    const refused = { status: 409, body: { type: 'conflict', msg: BVN_MSG.alreadyVerified } };
    expect(await complete(u, second.body.message.reference)).toEqual(refused);
    const ended = await checkOf(second.body.message.reference);
    expect(ended.status).toBe('superseded');
    expect(Number(ended.completed_at)).toBeGreaterThan(0);
    // Asked again: the same answer, and it stays ended.
    expect(await complete(u, second.body.message.reference)).toEqual(refused);
    const audits = await kit.app.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', u.id)
      .execute();
    expect(audits).toEqual([{ action: 'verification.level' }]);
  });

  it('a verified check asked again releases what its first completion left held', async () => {
    const sender = await kit.user({ funds: 500_000_00 });
    const u = await kit.user({ level: 1, funds: 290_000_00 });
    const shared = await kit.call(api.share, {
      token: sender.token,
      body: { amount: 20_000, email: u.email, pin: PIN },
    });
    expect(shared.status).toBe(200);
    const started = await start(u);
    await choose(started.body.message.consent_url, 'approved');
    const reference = started.body.message.reference as string;
    // The first completion's transaction committed (check verified, level 2, last 4 digits)
    // and the release after it failed: that state, made directly.
    await kit.app.ctx.db
      .updateTable('bvn_checks')
      .set({ status: 'verified', completed_at: Date.now() })
      .where('id', '=', reference)
      .execute();
    await kit.app.ctx.db
      .updateTable('users')
      .set({ verification_level: 2, bvn_last4: '5432', bvn_consented_at: Date.now() })
      .where('id', '=', u.id)
      .execute();
    expect(await kit.balance(u.id)).toBe(290_000_00);
    const again = await complete(u, reference);
    expect(again.body.message.outcome).toBe('verified');
    expect(await kit.balance(u.id)).toBe(310_000_00);
    // Once each: a third time moves nothing.
    await complete(u, reference);
    expect(await kit.balance(u.id)).toBe(310_000_00);
    expect(await kit.invariants()).toEqual([]);
  });
  it('the sandbox consent form is guarded against other sites: no answer is recorded', async () => {
    const u = await kit.user({ level: 1 });
    const started = await start(u);
    const pathname = new URL(started.body.message.consent_url).pathname;
    const { token, cookie } = await openPage(pathname);
    const refused = [
      await postChoice(pathname, 'choice=approved'),
      await postChoice(pathname, `choice=approved&csrf=${token}`),
      await postChoice(pathname, `choice=approved&csrf=${'x'.repeat(43)}`, { cookie }),
      await postChoice(pathname, `choice=approved&csrf=${token}`, {
        cookie,
        origin: 'https://evil.example',
      }),
      await postChoice(pathname, `choice=approved&csrf=${token}`, {
        cookie,
        'sec-fetch-site': 'cross-site',
      }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect(refused[0]!.body).toContain('consent page');
    // Nothing was chosen: the check is still pending, and the page still asks.
    expect((await complete(u, started.body.message.reference)).body.message.outcome).toBe(
      'pending',
    );
    const ok = await postChoice(pathname, `choice=approved&csrf=${token}`, { cookie });
    expect(ok.statusCode).toBe(302);
  });

  // Last: it spends the address's allowance of consent-form posts.
  it('the sandbox consent form is rate limited per address', async () => {
    const u = await kit.user({ level: 1 });
    const started = await start(u);
    const pathname = new URL(started.body.message.consent_url).pathname;
    const { token, cookie } = await openPage(pathname);
    const codes: number[] = [];
    for (let i = 0; i <= SANDBOX_BVN_CONSENT_LIMIT.max; i++) {
      const res = await postChoice(pathname, `choice=nothing&csrf=${token}`, { cookie });
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        break;
      }
    }
    expect(codes.at(-1)).toBe(429);
    expect(codes.slice(0, -1).every((c) => c === 400)).toBe(true);
  });
});
