import { api, CurrentUserSchema, MSG, SERVER_MSG } from '@contract';
import { describe, expect, it } from 'vitest';
import { MINUTE, now } from './clock';
import { db } from './db';
import { SEED_LINK_TOKENS } from './fixtures/links';
import {
  BLOCKED_CUSTOMER,
  DEMO_CUSTOMER,
  NO_PIN_CUSTOMER,
  SEED_PASSWORD,
  UNVERIFIED_CUSTOMER,
} from './fixtures/users';
import { call, ok, refusal } from './test-client';
import { loginAs, setupMockServer, tokensOf } from './test-setup';
import { signAccessToken } from './tokens';

setupMockServer();

function claims(jwt: string): { sub: string; iat: number; exp: number } {
  const payload = jwt.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    sub: string;
    iat: number;
    exp: number;
  };
}

describe('login and the current user', () => {
  it('logs in, then GET /api/user parses with the contract', async () => {
    const { JWTtoken, refresh_token } = tokensOf(
      await ok(api.login, {
        body: { username: DEMO_CUSTOMER.email, password: SEED_PASSWORD },
      }),
    );
    expect(refresh_token).not.toBe('');
    const { sub, iat, exp } = claims(JWTtoken);
    expect(sub).toBe(DEMO_CUSTOMER.id);
    expect(exp - iat).toBe(900);

    const { status, json } = await call(api.currentUser, { token: JWTtoken });
    expect(status).toBe(200);
    const user = CurrentUserSchema.parse((json as { message: unknown }).message);
    expect(user.email).toBe(DEMO_CUSTOMER.email);
    expect(user.wallet_balance).toBe(2_500_000); // kobo
    expect(user.has_created_secret_pin).toBe(true);
    // The newest five of each and the history's totals (ADR 0020), like the server.
    expect(user.transactions).toHaveLength(5);
    expect(user.transactions_count).toBeGreaterThan(20);
    const dates = user.transactions.map((t) => t.date);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(user.coupons.length).toBeGreaterThan(0);
    expect(user.coupons.length).toBeLessThanOrEqual(5);

    const history = await call(api.myTransactions, { token: JWTtoken, query: { page: '2' } });
    expect(history.status).toBe(200);
    const paged = history.json as { message: { date: number }[]; page: number; total: number };
    expect(paged.page).toBe(2);
    // The statement (ADR 0045) has the transactions and the fundings and refunds besides.
    expect(paged.total).toBeGreaterThan(user.transactions_count);
    expect(paged.message).toHaveLength(5);
    expect(paged.message[0]!.date).toBeLessThanOrEqual(user.transactions[4]!.date);
    const failed = await call(api.myTransactions, {
      token: JWTtoken,
      query: { status: 'failed', limit: '100' },
    });
    const failedRows = (failed.json as { message: { status: string }[] }).message;
    expect(failedRows.length).toBeGreaterThan(0);
    expect(failedRows.every((t) => t.status === 'failed')).toBe(true);
    // Naira on the wire.
    expect((json as { message: { wallet_balance: number } }).message.wallet_balance).toBe(25_000);
  });

  it('refuses wrong credentials, blocked and unverified accounts', async () => {
    const wrong = await call(api.login, {
      body: { username: DEMO_CUSTOMER.email, password: 'Nope12345' },
    });
    expect(wrong.status).toBe(401);
    expect(refusal(wrong.json)).toEqual({
      type: 'unauthorized',
      msg: SERVER_MSG.invalidCredentials,
    });

    const blocked = await call(api.login, {
      body: { username: BLOCKED_CUSTOMER.email, password: SEED_PASSWORD },
    });
    expect(blocked.status).toBe(423);
    expect(refusal(blocked.json).msg).toBe(SERVER_MSG.accountBlocked);

    const unverified = await call(api.login, {
      body: { username: UNVERIFIED_CUSTOMER.email, password: SEED_PASSWORD },
    });
    expect(unverified.status).toBe(403);
    expect(refusal(unverified.json).type).toBe('email_not_verified');
  });

  it('answers the spec message for a bad login body', async () => {
    const res = await call(api.login, { body: { username: 'not-an-email', password: 'x' } });
    expect(res.status).toBe(400);
    expect(refusal(res.json)).toEqual({ type: 'validation_error', msg: MSG.loginEmail });
  });
});

describe('tokens', () => {
  it('401 without a token, 401 with a forged one, 403 token_expired with an old one', async () => {
    const none = await call(api.currentUser);
    expect(none.status).toBe(401);
    expect(refusal(none.json)).toEqual({ type: 'unauthorized', msg: SERVER_MSG.unauthorized });

    const forged = await call(api.currentUser, { token: `${signAccessToken(DEMO_CUSTOMER.id)}x` });
    expect(forged.status).toBe(401);

    const old = signAccessToken(DEMO_CUSTOMER.id, now() - 16 * MINUTE);
    const expired = await call(api.currentUser, { token: old });
    expect(expired.status).toBe(403);
    expect(refusal(expired.json)).toEqual({ type: 'token_expired', msg: MSG.sessionExpired });
  });

  it('rotates refresh tokens; reusing an old one revokes the family', async () => {
    const first = tokensOf(
      await ok(api.login, {
        body: { username: DEMO_CUSTOMER.email, password: SEED_PASSWORD },
      }),
    );
    const second = await ok(api.refresh, { body: { refresh_token: first.refresh_token } });
    expect(second.refresh_token).not.toBe(first.refresh_token);

    const reuse = await call(api.refresh, { body: { refresh_token: first.refresh_token } });
    expect(reuse.status).toBe(401);
    const afterTheft = await call(api.refresh, { body: { refresh_token: second.refresh_token } });
    expect(afterTheft.status).toBe(401);
  });

  it('logout revokes the refresh token sent in X-Refresh-Token', async () => {
    const session = tokensOf(
      await ok(api.login, {
        body: { username: DEMO_CUSTOMER.email, password: SEED_PASSWORD },
      }),
    );
    await ok(api.logout, {
      token: session.JWTtoken,
      headers: { 'X-Refresh-Token': session.refresh_token },
    });
    const res = await call(api.refresh, { body: { refresh_token: session.refresh_token } });
    expect(res.status).toBe(401);
  });
});

describe('sign-up and e-mail links', () => {
  const signup = {
    name: 'Adaobi Nwachukwu',
    email: 'Adaobi@Example.com',
    phone: '08161234567',
    password: 'Lagos2026pass',
    referral_code: 'CHIAMAKA24',
  };

  it('registers, records the verification mail, verifies, then logs in', async () => {
    const res = await ok(api.register, { body: signup });
    expect(res.message).toBe(MSG.signupSuccess);
    const mails = await ok(api.devMail, { query: { to: 'adaobi@example.com' } });
    expect(mails.message).toHaveLength(1);
    const token = /verifyemail\/(\S+)/.exec(mails.message[0]?.text ?? '')?.[1] ?? '';
    expect(mails.message[0]?.text).toContain('http://localhost/auth/verifyemail/');

    const blocked = await call(api.login, {
      body: { username: 'adaobi@example.com', password: signup.password },
    });
    expect(blocked.status).toBe(403);
    expect((await ok(api.verifyEmail, { body: { token } })).message).toBe(MSG.emailVerified);
    await ok(api.login, { body: { username: 'adaobi@example.com', password: signup.password } });
    // The same link again: already verified, offered the login; a link never issued: invalid.
    expect((await ok(api.verifyEmail, { body: { token } })).message).toBe(
      SERVER_MSG.emailAlreadyVerified,
    );
    expect((await call(api.verifyEmail, { body: { token: `${token}x` } })).status).toBe(404);
  });

  it('refuses a taken e-mail with 409', async () => {
    const res = await call(api.register, { body: { ...signup, email: DEMO_CUSTOMER.email } });
    expect(res.status).toBe(409);
    expect(refusal(res.json)).toEqual({ type: 'conflict', msg: SERVER_MSG.emailTaken });
  });

  it('answers the spec message for a bad phone', async () => {
    const res = await call(api.register, { body: { ...signup, phone: '0803123' } });
    expect(refusal(res.json)).toEqual({ type: 'validation_error', msg: MSG.signupPhone });
  });

  it('resets a password with the seeded link; a used link is refused', async () => {
    await ok(api.verifyResetToken, { body: { token: SEED_LINK_TOKENS.resetPassword } });
    await ok(api.resetPassword, {
      body: { token: SEED_LINK_TOKENS.resetPassword, password: 'NewPassword9' },
    });
    await loginAs(DEMO_CUSTOMER.email, 'NewPassword9');
    // As the server (ADR 0033): the pin is created again after a reset.
    expect(db.users.find((u) => u.email === DEMO_CUSTOMER.email)?.pin).toBeNull();
    const used = await call(api.verifyResetToken, { body: { token: SEED_LINK_TOKENS.usedReset } });
    expect(used.status).toBe(404);
    expect(refusal(used.json).msg).toBe(SERVER_MSG.tokenInvalid);
  });

  it('records reset and resend mails', async () => {
    await ok(api.initiateReset, { body: { email: DEMO_CUSTOMER.email } });
    await ok(api.resendVerification, { body: { email: UNVERIFIED_CUSTOMER.email } });
    expect(db.mails.filter((m) => m.to === DEMO_CUSTOMER.email)[0]?.subject).toBe(
      'Reset your password',
    );
    expect(db.mails.filter((m) => m.to === UNVERIFIED_CUSTOMER.email)).toHaveLength(2);
  });
});

describe('pins and settings', () => {
  it('creates a pin once', async () => {
    const token = await loginAs(NO_PIN_CUSTOMER.email);
    const before = await ok(api.currentUser, { token });
    expect(before.message.has_created_secret_pin).toBe(false);
    await ok(api.createPin, { token, body: { pin: '135790' } });
    const again = await call(api.createPin, { token, body: { pin: '135790' } });
    expect(again.status).toBe(409);
    expect(refusal(again.json).msg).toBe(SERVER_MSG.pinAlreadySet);
  });

  it('answers the spec message for a short pin', async () => {
    const token = await loginAs(NO_PIN_CUSTOMER.email);
    const res = await call(api.createPin, { token, body: { pin: '1234' } });
    expect(refusal(res.json)).toEqual({ type: 'validation_error', msg: MSG.pinLength });
  });

  it('changes the password and the pin with the right password only', async () => {
    const token = await loginAs();
    const wrong = await call(api.changePassword, {
      token,
      body: { old_password: 'bad', new_password: 'Another123' },
    });
    expect(refusal(wrong.json).msg).toBe(SERVER_MSG.wrongPassword);
    const changed = await ok(api.changePassword, {
      token,
      body: { old_password: SEED_PASSWORD, new_password: 'Another123' },
    });
    expect(changed.message).toBe(MSG.passwordChanged);
    const pin = await ok(api.resetPin, { token, body: { password: 'Another123', pin: '654321' } });
    expect(pin.message).toBe(MSG.pinChanged);
  });
});
