/**
 * Two-factor sign-in for admins (ADR 0051): enrolment, sign-in with a code,
 * recovery codes used once, a code not accepted twice, attempts limited like passwords, the
 * owner's reset, and live mode refusing an admin who has not enrolled.
 *
 * Time: Date alone is fixed (vi.setSystemTime) at the start of a 30-second step and moved by
 * whole steps, so which code is current never depends on when the test runs.
 */
import { api, RECOVERY_CODE_COUNT, ROLE_MSG, TWO_FACTOR_MSG } from '@contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKit, engines, LIVE_ENV, PASSWORD, type Kit, type TestUser } from '../helper.ts';

const STEP = 30_000;
/** The start of a step, in 2026. */
const T0 = Math.floor(Date.UTC(2026, 2, 2, 9, 0, 0) / STEP) * STEP;
const codeAt = (secret: string, timestamp: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });

async function enrol(kit: Kit, token: string) {
  const start = await kit.call(api.twoFactorStart, { token });
  expect(start.status).toBe(200);
  const secret: string = start.body.message.secret;
  const confirm = await kit.call(api.twoFactorConfirm, {
    token,
    body: { otp: codeAt(secret, Date.now()) },
  });
  expect(confirm.status).toBe(200);
  return { secret, recovery: confirm.body.message.recovery_codes as string[], start };
}

const password = (kit: Kit, email: string, pw = PASSWORD) =>
  kit.call(api.login, { body: { username: email, password: pw } });

describe.each(engines)('two-factor sign-in on %s (sandbox)', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await kit.close();
  });

  it('enrols: a key and its otpauth URI, then ten recovery codes once a code matches', async () => {
    const admin = await kit.user({ admin: true });
    const me = await kit.call(api.adminSelf, { token: admin.token });
    expect(me.body.message).toEqual({
      role: 'owner',
      grants: [],
      two_factor: { enrolled: false, required: false },
    });
    const start = await kit.call(api.twoFactorStart, { token: admin.token });
    const { secret, uri } = start.body.message;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/PayBills:.*secret=[A-Z2-7]{32}.*period=30/);
    // Kept sealed: the database holds no usable key.
    const row = await kit.app.ctx.db
      .selectFrom('users')
      .select('totp_secret')
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(secret);

    const wrong = await kit.call(api.twoFactorConfirm, {
      token: admin.token,
      body: { otp: codeAt(secret, T0 + 10 * STEP) },
    });
    expect(wrong).toMatchObject({ status: 400, body: { msg: TWO_FACTOR_MSG.codeWrong } });
    const ok = await kit.call(api.twoFactorConfirm, {
      token: admin.token,
      body: { otp: codeAt(secret, T0) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message.recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(ok.body.message.recovery_codes).size).toBe(RECOVERY_CODE_COUNT);
    expect((await kit.call(api.adminSelf, { token: admin.token })).body.message.two_factor).toEqual(
      { enrolled: true, required: false },
    );
    // Enrolled: a second set-up is refused (an owner resets a lost device).
    const again = await kit.call(api.twoFactorStart, { token: admin.token });
    expect(again).toMatchObject({ status: 409, body: { msg: TWO_FACTOR_MSG.alreadyEnrolled } });
  });

  it('signs an enrolled admin in with the password, then a code; a code is not accepted twice', async () => {
    const admin = await kit.user({ admin: true });
    const { secret } = await enrol(kit, admin.token);
    vi.setSystemTime(T0 + 2 * STEP);

    const first = await password(kit, admin.email);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    expect(first.body.JWTtoken).toBeUndefined();

    const code = codeAt(secret, Date.now());
    const signedIn = await kit.call(api.loginCode, {
      body: { challenge: first.body.challenge, otp: code },
    });
    expect(signedIn.status).toBe(200);
    expect((await kit.call(api.users, { token: signedIn.body.JWTtoken })).status).toBe(200);

    // The challenge is spent, and the same code with a new one is refused.
    const spent = await kit.call(api.loginCode, {
      body: { challenge: first.body.challenge, otp: code },
    });
    expect(spent).toMatchObject({ status: 401, body: { msg: TWO_FACTOR_MSG.challengeExpired } });
    const second = await password(kit, admin.email);
    const replay = await kit.call(api.loginCode, {
      body: { challenge: second.body.challenge, otp: code },
    });
    expect(replay).toMatchObject({ status: 401, body: { msg: TWO_FACTOR_MSG.codeWrong } });
    // The step before (clock drift) was accepted before; the next step's code works.
    vi.setSystemTime(T0 + 3 * STEP);
    const next = await kit.call(api.loginCode, {
      body: { challenge: second.body.challenge, otp: codeAt(secret, Date.now()) },
    });
    expect(next.status).toBe(200);
  });

  it('accepts the step before and after the server clock, not two away', async () => {
    const admin = await kit.user({ admin: true });
    const { secret } = await enrol(kit, admin.token);
    vi.setSystemTime(T0 + 10 * STEP);
    const late = await password(kit, admin.email);
    const twoAhead = await kit.call(api.loginCode, {
      body: { challenge: late.body.challenge, otp: codeAt(secret, T0 + 12 * STEP) },
    });
    expect(twoAhead.status).toBe(401);
    const oneAhead = await kit.call(api.loginCode, {
      body: { challenge: late.body.challenge, otp: codeAt(secret, T0 + 11 * STEP) },
    });
    expect(oneAhead.status).toBe(200);
  });

  it('a recovery code signs in once', async () => {
    const admin = await kit.user({ admin: true });
    const { recovery } = await enrol(kit, admin.token);
    const code = recovery[0]!;
    const first = await password(kit, admin.email);
    // Typed in lower case without its dash: the same code.
    const used = await kit.call(api.loginCode, {
      body: { challenge: first.body.challenge, otp: code.replace('-', '').toLowerCase() },
    });
    expect(used.status).toBe(200);
    const second = await password(kit, admin.email);
    const again = await kit.call(api.loginCode, {
      body: { challenge: second.body.challenge, otp: code },
    });
    expect(again).toMatchObject({ status: 401, body: { msg: TWO_FACTOR_MSG.codeWrong } });
    const other = await kit.call(api.loginCode, {
      body: { challenge: second.body.challenge, otp: recovery[1]! },
    });
    expect(other.status).toBe(200);
  });

  it('limits wrong codes like wrong passwords', async () => {
    const admin = await kit.user({ admin: true });
    const { secret } = await enrol(kit, admin.token);
    const { challenge } = (await password(kit, admin.email)).body;
    const { max } = kit.config.limits.password;
    for (let i = 0; i < max; i++) {
      const wrong = await kit.call(api.loginCode, { body: { challenge, otp: '000000' } });
      expect(wrong.status).toBe(401);
    }
    const limited = await kit.call(api.loginCode, {
      body: { challenge, otp: codeAt(secret, Date.now()) },
    });
    expect(limited.status).toBe(429);
  });

  it('refuses an unknown or expired challenge and a bad code field', async () => {
    const unknown = await kit.call(api.loginCode, {
      body: { challenge: 'not-a-challenge', otp: '123456' },
    });
    expect(unknown).toMatchObject({
      status: 401,
      body: { msg: TWO_FACTOR_MSG.challengeExpired },
    });
    const long = await kit.call(api.loginCode, {
      body: { challenge: 'x', otp: '1'.repeat(33) },
    });
    expect(long).toMatchObject({ status: 400, body: { msg: TWO_FACTOR_MSG.codeTooLong } });

    const admin = await kit.user({ admin: true });
    const { secret } = await enrol(kit, admin.token);
    const { challenge } = (await password(kit, admin.email)).body;
    vi.setSystemTime(T0 + 6 * 60_000);
    const expired = await kit.call(api.loginCode, {
      body: { challenge, otp: codeAt(secret, Date.now()) },
    });
    expect(expired).toMatchObject({
      status: 401,
      body: { msg: TWO_FACTOR_MSG.challengeExpired },
    });
  });

  it("an owner resets an admin's lost device (audited): sessions end, the password signs in", async () => {
    const owner = await kit.user({ admin: true });
    const admin = await kit.user({ admin: true });
    await enrol(kit, admin.token);
    const reset = await kit.call(api.resetTwoFactor, {
      token: owner.token,
      body: { user_id: admin.id },
    });
    expect(reset).toMatchObject({ status: 200, body: { message: ROLE_MSG.twoFactorReset } });
    expect((await kit.call(api.users, { token: admin.token })).status).toBe(401);
    const back = await password(kit, admin.email);
    expect(back.body.JWTtoken).toEqual(expect.any(String));
    const audit = await kit.call(api.auditLog, {
      token: owner.token,
      query: { action: 'admin.resetTwoFactor', target: admin.id },
    });
    expect(audit.body.message).toHaveLength(1);
    expect(JSON.stringify(audit.body.message[0])).not.toMatch(/secret|recovery/i);
  });

  it('a session that signed in without a code is refused admin calls once the account has two-factor', async () => {
    // Two sessions signed in with the password alone, before two-factor was set up.
    const admin = await kit.user({ admin: true });
    const other = await password(kit, admin.email);
    // Set up through the second: a code from the app proved that session.
    const { secret } = await enrol(kit, other.body.JWTtoken);
    const refusal = { type: 'forbidden', msg: TWO_FACTOR_MSG.signInAgain };
    for (const e of [api.users, api.adminSelf, api.adminOverview, api.admins]) {
      const res = await kit.call(e, { token: admin.token });
      expect([e.name, res.status, res.body]).toEqual([e.name, 403, refusal]);
    }
    // A refresh keeps what the session passed, and its customer calls go on.
    const refreshed = await kit.call(api.refresh, { body: { refresh_token: admin.refresh } });
    expect(refreshed.status).toBe(200);
    expect(await kit.call(api.users, { token: refreshed.body.JWTtoken })).toEqual({
      status: 403,
      body: refusal,
    });
    expect((await kit.call(api.currentUser, { token: admin.token })).status).toBe(200);

    expect((await kit.call(api.users, { token: other.body.JWTtoken })).status).toBe(200);
    vi.setSystemTime(T0 + 2 * STEP);
    const next = await password(kit, admin.email);
    const signedIn = await kit.call(api.loginCode, {
      body: { challenge: next.body.challenge, otp: codeAt(secret, Date.now()) },
    });
    const again = await kit.call(api.refresh, {
      body: { refresh_token: signedIn.body.refresh_token },
    });
    expect(again.status).toBe(200);
    expect((await kit.call(api.users, { token: again.body.JWTtoken })).status).toBe(200);
  });

  it('an enrolled admin made a customer, signed in with the password, then an admin again: that session is refused', async () => {
    const owner = await kit.user({ admin: true });
    const admin = await kit.user({ admin: true });
    const { secret } = await enrol(kit, admin.token);
    const setRole = (role: 'none' | 'support') =>
      kit.call(api.setAdminRole, { token: owner.token, body: { email: admin.email, role } });

    expect((await setRole('none')).status).toBe(200);
    // A customer now: the password alone signs in.
    const between = await password(kit, admin.email);
    expect(between.body.JWTtoken).toEqual(expect.any(String));
    expect((await setRole('support')).status).toBe(200);
    // The role change ended it.
    expect((await kit.call(api.users, { token: between.body.JWTtoken })).status).toBe(401);

    // Made an admin again by hand (SQL, no role change to end it): the session lives on, but
    // reaches no admin call, since it never passed the code the account requires.
    expect((await setRole('none')).status).toBe(200);
    const byHand = await password(kit, admin.email);
    await kit.app.ctx.db
      .updateTable('users')
      .set({ is_admin: 1, admin_role: 'support' })
      .where('id', '=', admin.id)
      .execute();
    expect(await kit.call(api.users, { token: byHand.body.JWTtoken })).toEqual({
      status: 403,
      body: { type: 'forbidden', msg: TWO_FACTOR_MSG.signInAgain },
    });

    vi.setSystemTime(T0 + STEP);
    const next = await password(kit, admin.email);
    expect(next.body.two_factor_required).toBe(true);
    const signedIn = await kit.call(api.loginCode, {
      body: { challenge: next.body.challenge, otp: codeAt(secret, Date.now()) },
    });
    expect((await kit.call(api.users, { token: signedIn.body.JWTtoken })).status).toBe(200);
  });

  it('the seeded admin and a customer sign in without a code in sandbox', async () => {
    const seeded = await password(kit, kit.config.adminEmail, kit.config.adminPassword);
    expect(seeded.body.JWTtoken).toEqual(expect.any(String));
    expect((await kit.call(api.users, { token: seeded.body.JWTtoken })).status).toBe(200);
    const customer: TestUser = await kit.user();
    expect(customer.token).toEqual(expect.any(String));
  });
});

describe.each(engines)('two-factor in live mode on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine, { env: { ...LIVE_ENV, NODE_ENV: 'production' } });
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await kit.close();
  });

  it('an admin without two-factor reaches only the enrolment, then everything', async () => {
    const login = await password(kit, LIVE_ENV.ADMIN_EMAIL!, LIVE_ENV.ADMIN_PASSWORD);
    const token = login.body.JWTtoken;
    expect(token).toEqual(expect.any(String));
    const me = await kit.call(api.adminSelf, { token });
    expect(me.body.message).toEqual({
      role: 'owner',
      grants: [],
      two_factor: { enrolled: false, required: true },
    });
    for (const e of [api.users, api.adminOverview, api.transactions, api.admins]) {
      const refused = await kit.call(e, { token });
      expect([e.name, refused.status, refused.body]).toEqual([
        e.name,
        403,
        { type: 'forbidden', msg: TWO_FACTOR_MSG.enrolFirst },
      ]);
    }
    // Not as a customer either: the wallet of an admin's session waits for the enrolment too.
    expect((await kit.call(api.recipients, { token })).status).toBe(403);

    const { secret } = await enrol(kit, token);
    expect((await kit.call(api.users, { token })).status).toBe(200);
    vi.setSystemTime(T0 + STEP);
    const next = await password(kit, LIVE_ENV.ADMIN_EMAIL!, LIVE_ENV.ADMIN_PASSWORD);
    expect(next.body.two_factor_required).toBe(true);
    const signedIn = await kit.call(api.loginCode, {
      body: { challenge: next.body.challenge, otp: codeAt(secret, Date.now()) },
    });
    expect(signedIn.status).toBe(200);
  });
});
