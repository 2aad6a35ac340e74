import { api, MSG, SERVER_MSG } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKit, engines, PASSWORD, type Kit } from '../helper.ts';
import { DEFAULT_LIMITS } from '../../src/platform/rate.ts';

const linkToken = (text: string) =>
  /\/auth\/(?:verifyemail|resetpassword)\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

describe.each(engines)('accounts and sessions on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterAll(async () => {
    expect(await kit.invariants()).toEqual([]);
    await kit.close();
  });

  const signup = {
    name: 'Ada Lovelace',
    email: 'Ada@Example.com',
    phone: '08031234567',
    password: 'Analytical9Engine',
  };

  describe('register → verify → login', () => {
    it('registers, sends a 24 h link, verifies once, then logs in', async () => {
      const res = await kit.call(api.register, { body: signup });
      expect(res).toEqual({ status: 200, body: { message: MSG.signupSuccess } });
      const mails = await kit.mail('ada@example.com');
      expect(mails).toHaveLength(1);
      const token = linkToken(mails[0]!.text);
      expect(token).not.toBe('');
      expect((await kit.call(api.verifyEmail, { body: { token } })).body).toEqual({
        message: MSG.emailVerified,
      });
      // The same link again (a second tap, the mail opened on another phone): the account is
      // verified, so it says so and offers the login, never "invalid".
      const again = await kit.call(api.verifyEmail, { body: { token } });
      expect(again).toEqual({ status: 200, body: { message: SERVER_MSG.emailAlreadyVerified } });
      // A link nobody issued is still invalid.
      const forged = await kit.call(api.verifyEmail, { body: { token: `${token}x` } });
      expect(forged).toEqual({
        status: 404,
        body: { type: 'not_found', msg: SERVER_MSG.tokenInvalid },
      });
      const login = await kit.call(api.login, {
        body: { username: 'ada@example.com', password: signup.password },
      });
      expect(login.status).toBe(200);
      expect(login.body.JWTtoken).toMatch(/^ey/);
      const me = await kit.call(api.currentUser, { token: login.body.JWTtoken });
      expect(me.body.message).toMatchObject({
        email: 'ada@example.com',
        email_verified: true,
        status: 'online',
        wallet_balance: 0,
        has_created_secret_pin: false,
        transactions: [],
        coupons: [],
      });
      expect(me.body.message.last_login).toBeGreaterThan(0);
    });

    it.each([
      [{ ...signup, email: 'x1@example.com', name: 'Ab 1' }, MSG.signupName],
      [{ ...signup, email: 'not-an-email' }, MSG.signupEmail],
      [{ ...signup, email: 'x2@example.com', phone: '0803123456' }, MSG.signupPhone],
      [{ ...signup, email: 'x3@example.com', phone: '06031234567' }, MSG.signupPhone],
      [{ ...signup, email: 'x4@example.com', password: 'short' }, MSG.passwordTooShort],
      [{ ...signup, email: 'x5@example.com', password: 'password123' }, SERVER_MSG.commonPassword],
    ])('refuses a bad signup %#', async (body, msg) => {
      const res = await kit.call(api.register, { body });
      expect(res).toEqual({ status: 400, body: { type: 'validation_error', msg } });
    });

    it('refuses a taken e-mail', async () => {
      const res = await kit.call(api.register, { body: signup });
      expect(res).toEqual({ status: 409, body: { type: 'conflict', msg: SERVER_MSG.emailTaken } });
    });

    it('resends a verification link without telling who exists', async () => {
      await kit.call(api.register, { body: { ...signup, email: 'late@example.com' } });
      const res = await kit.call(api.resendVerification, { body: { email: 'late@example.com' } });
      expect(res.body).toEqual({ message: SERVER_MSG.verificationSent });
      const links = await kit.mail('late@example.com');
      expect(links).toHaveLength(2);
      // Either link verifies; after one has, the other says the account is already verified.
      const [first, second] = links.map((m) => linkToken(m.text));
      expect((await kit.call(api.verifyEmail, { body: { token: second! } })).body).toEqual({
        message: MSG.emailVerified,
      });
      expect((await kit.call(api.verifyEmail, { body: { token: first! } })).body).toEqual({
        message: SERVER_MSG.emailAlreadyVerified,
      });
      const unknown = await kit.call(api.resendVerification, {
        body: { email: 'nobody@example.com' },
      });
      expect(unknown).toEqual({ status: 200, body: { message: SERVER_MSG.verificationSent } });
      const bad = await kit.call(api.resendVerification, { body: { email: 'nope' } });
      expect(bad).toEqual({
        status: 400,
        body: { type: 'validation_error', msg: MSG.forgotEmail },
      });
    });

    it('lets an unverified user log in but not move money', async () => {
      const u = await kit.user({ verified: false, funds: 10_000 });
      const other = await kit.user();
      const res = await kit.call(api.share, {
        token: u.token,
        body: { amount: 10, email: other.email, pin: '246810' },
      });
      expect(res).toEqual({
        status: 403,
        body: { type: 'email_not_verified', msg: SERVER_MSG.emailNotVerified },
      });
    });
  });

  describe('login', () => {
    it.each([
      [{ username: '', password: 'x' }, MSG.loginRequired],
      [{ username: 'a@b.co', password: '' }, MSG.loginRequired],
      [{}, MSG.loginRequired],
      [{ username: 'not-email', password: 'x' }, MSG.loginEmail],
    ])('validates %#', async (body, msg) => {
      expect(await kit.call(api.login, { body })).toEqual({
        status: 400,
        body: { type: 'validation_error', msg },
      });
    });

    it('refuses a wrong password and a blocked account', async () => {
      const u = await kit.user();
      const wrong = await kit.call(api.login, {
        body: { username: u.email, password: 'Wrong12345' },
      });
      expect(wrong).toEqual({
        status: 401,
        body: { type: 'unauthorized', msg: SERVER_MSG.invalidCredentials },
      });
      await kit.app.ctx.db
        .updateTable('users')
        .set({ is_blocked: 1 })
        .where('id', '=', u.id)
        .execute();
      const blocked = await kit.call(api.login, {
        body: { username: u.email, password: PASSWORD },
      });
      expect(blocked).toEqual({
        status: 423,
        body: { type: 'blocked', msg: SERVER_MSG.accountBlocked },
      });
    });

    it('limits failed logins per account (5 per window)', async () => {
      const u = await kit.user();
      for (let i = 0; i < 5; i++) {
        expect(
          (await kit.call(api.login, { body: { username: u.email, password: 'Wrong12345' } }))
            .status,
        ).toBe(401);
      }
      const limited = await kit.call(api.login, {
        body: { username: u.email, password: PASSWORD },
      });
      expect(limited).toEqual({
        status: 429,
        body: { type: 'rate_limited', msg: SERVER_MSG.tooManyAttempts(15) },
      });
    });
  });

  describe('tokens', () => {
    it('answers 401 without, with a bad or revoked token, 403 token_expired when expired', async () => {
      const u = await kit.user();
      expect((await kit.call(api.currentUser)).body).toEqual({
        type: 'unauthorized',
        msg: SERVER_MSG.unauthorized,
      });
      expect((await kit.call(api.currentUser, { token: 'garbage' })).status).toBe(401);
      expect(
        (await kit.call(api.currentUser, { headers: { authorization: 'Basic abc' } })).status,
      ).toBe(401);
      const expired = await kit.call(api.currentUser, { token: await kit.expiredToken(u.id) });
      expect(expired).toEqual({
        status: 403,
        body: { type: 'token_expired', msg: MSG.sessionExpired },
      });
    });

    it('rotates refresh tokens; reusing an old one revokes the family', async () => {
      const u = await kit.user();
      const first = await kit.call(api.refresh, { body: { refresh_token: u.refresh } });
      expect(first.status).toBe(200);
      expect(first.body.refresh_token).not.toBe(u.refresh);
      const second = await kit.call(api.refresh, {
        body: { refresh_token: first.body.refresh_token },
      });
      expect(second.status).toBe(200);
      // Replay of the first token: the whole family ends, including the newest token.
      const replay = await kit.call(api.refresh, { body: { refresh_token: u.refresh } });
      expect(replay).toEqual({
        status: 401,
        body: { type: 'unauthorized', msg: SERVER_MSG.unauthorized },
      });
      const newest = await kit.call(api.refresh, {
        body: { refresh_token: second.body.refresh_token },
      });
      expect(newest.status).toBe(401);
      expect((await kit.call(api.refresh, { body: { refresh_token: 'nope' } })).status).toBe(401);
      expect((await kit.call(api.refresh, { body: {} })).status).toBe(400);
    });

    it('logout revokes the refresh token', async () => {
      const u = await kit.user();
      expect((await kit.call(api.logout)).status).toBe(401);
      const out = await kit.call(api.logout, {
        token: u.token,
        headers: { 'x-refresh-token': u.refresh },
      });
      expect(out).toEqual({ status: 200, body: { message: SERVER_MSG.loggedOut } });
      expect((await kit.call(api.refresh, { body: { refresh_token: u.refresh } })).status).toBe(
        401,
      );
    });
  });

  describe('password reset', () => {
    it('mails a single-use link that sets a new password', async () => {
      const u = await kit.user();
      const res = await kit.call(api.initiateReset, { body: { email: u.email } });
      expect(res.body).toEqual({ message: SERVER_MSG.resetLinkSent });
      expect(
        (await kit.call(api.initiateReset, { body: { email: 'ghost@example.com' } })).body,
      ).toEqual({ message: SERVER_MSG.resetLinkSent });
      expect((await kit.call(api.initiateReset, { body: { email: 'bad' } })).body).toEqual({
        type: 'validation_error',
        msg: MSG.forgotEmail,
      });
      const token = linkToken((await kit.mail(u.email))[0]!.text);
      expect((await kit.call(api.verifyResetToken, { body: { token } })).body).toEqual({
        message: SERVER_MSG.resetTokenValid,
      });
      expect((await kit.call(api.verifyResetToken, { body: { token: 'nope' } })).status).toBe(404);
      expect((await kit.call(api.resetPassword, { body: { token, password: '' } })).body).toEqual({
        type: 'validation_error',
        msg: MSG.resetPasswordRequired,
      });
      expect(
        (await kit.call(api.resetPassword, { body: { token, password: 'short' } })).body,
      ).toEqual({ type: 'validation_error', msg: MSG.passwordTooShort });
      const done = await kit.call(api.resetPassword, {
        body: { token, password: 'Brand9NewSecret' },
      });
      expect(done).toEqual({ status: 200, body: { message: SERVER_MSG.passwordReset } });
      expect(
        (await kit.call(api.resetPassword, { body: { token, password: 'Brand9NewSecret' } }))
          .status,
      ).toBe(404);
      expect((await kit.call(api.refresh, { body: { refresh_token: u.refresh } })).status).toBe(
        401,
      );
      expect(
        (await kit.call(api.login, { body: { username: u.email, password: 'Brand9NewSecret' } }))
          .status,
      ).toBe(200);
    });
  });

  describe('pins and passwords', () => {
    it('creates a pin once, with the spec messages', async () => {
      const u = await kit.user({ pin: false });
      for (const [pin, msg] of [
        ['', MSG.pinRequired],
        ['12a456', MSG.pinInvalid],
        ['12345', MSG.pinLength],
      ] as const) {
        expect(await kit.call(api.createPin, { token: u.token, body: { pin } })).toEqual({
          status: 400,
          body: { type: 'validation_error', msg },
        });
      }
      expect((await kit.call(api.createPin, { body: { pin: '123456' } })).status).toBe(401);
      expect(await kit.call(api.createPin, { token: u.token, body: { pin: '123456' } })).toEqual({
        status: 200,
        body: { message: SERVER_MSG.pinCreated },
      });
      expect(await kit.call(api.createPin, { token: u.token, body: { pin: '654321' } })).toEqual({
        status: 409,
        body: { type: 'conflict', msg: SERVER_MSG.pinAlreadySet },
      });
      expect(
        (await kit.call(api.currentUser, { token: u.token })).body.message.has_created_secret_pin,
      ).toBe(true);
    });

    it('changes the password with the current one', async () => {
      const u = await kit.user();
      const cases = [
        [{ old_password: '', new_password: 'Another9Secret' }, MSG.currentPasswordRequired],
        [{ old_password: PASSWORD, new_password: '' }, MSG.newPasswordRequired],
        [{ old_password: PASSWORD, new_password: 'short' }, MSG.passwordTooShort],
        [{ old_password: PASSWORD, new_password: 'qwertyuiop' }, SERVER_MSG.commonPassword],
      ] as const;
      for (const [body, msg] of cases) {
        expect(await kit.call(api.changePassword, { token: u.token, body })).toEqual({
          status: 400,
          body: { type: 'validation_error', msg },
        });
      }
      expect(
        await kit.call(api.changePassword, {
          token: u.token,
          body: { old_password: 'Wrong12345', new_password: 'Another9Secret' },
        }),
      ).toEqual({ status: 422, body: { type: 'wrong_password', msg: SERVER_MSG.wrongPassword } });
      expect(
        (
          await kit.call(api.changePassword, {
            body: { old_password: PASSWORD, new_password: 'Another9Secret' },
          })
        ).status,
      ).toBe(401);
      expect(
        await kit.call(api.changePassword, {
          token: u.token,
          body: { old_password: PASSWORD, new_password: 'Another9Secret' },
        }),
      ).toEqual({ status: 200, body: { message: MSG.passwordChanged } });
      expect(
        (await kit.call(api.login, { body: { username: u.email, password: 'Another9Secret' } }))
          .status,
      ).toBe(200);
    });

    it('resets the pin with the password', async () => {
      const u = await kit.user();
      expect(
        await kit.call(api.resetPin, { token: u.token, body: { password: '', pin: '111111' } }),
      ).toEqual({
        status: 400,
        body: { type: 'validation_error', msg: MSG.currentPasswordRequired },
      });
      expect(
        await kit.call(api.resetPin, {
          token: u.token,
          body: { password: PASSWORD, pin: 'abcdef' },
        }),
      ).toEqual({ status: 400, body: { type: 'validation_error', msg: MSG.pinInvalid } });
      expect(
        await kit.call(api.resetPin, { token: u.token, body: { password: PASSWORD, pin: '1111' } }),
      ).toEqual({ status: 400, body: { type: 'validation_error', msg: MSG.pinLength } });
      expect(
        await kit.call(api.resetPin, {
          token: u.token,
          body: { password: 'Wrong12345', pin: '111111' },
        }),
      ).toEqual({ status: 422, body: { type: 'wrong_password', msg: SERVER_MSG.wrongPassword } });
      expect(
        await kit.call(api.resetPin, {
          token: u.token,
          body: { password: PASSWORD, pin: '111111' },
        }),
      ).toEqual({ status: 200, body: { message: MSG.pinChanged } });
    });
  });
});

describe.each(engines)('login limit per address on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine, {
      config: { limits: { ...DEFAULT_LIMITS, login: { ...DEFAULT_LIMITS.login, address: 3 } } },
    });
  });
  afterAll(async () => kit.close());

  it('answers 429 after too many attempts from one address', async () => {
    for (let i = 0; i < 3; i++) {
      expect(
        (await kit.call(api.login, { body: { username: `n${i}@example.com`, password: 'x' } }))
          .status,
      ).toBe(401);
    }
    const limited = await kit.call(api.login, {
      body: { username: 'n9@example.com', password: 'x' },
    });
    expect(limited).toEqual({
      status: 429,
      body: { type: 'rate_limited', msg: SERVER_MSG.tooManyAttempts(15) },
    });
  });
});
