import { api, MSG, normalEmail, normalPhone, REFERRAL_MSG, SERVER_MSG } from '@contract';
import { now } from '../clock';
import { me } from '../contract-handler';
import { db, findUser, findUserByEmail, nextId } from '../db';
import { MockApiError } from '../errors';
import type { LinkTokenRecord, UserRecord } from '../records';
import {
  RESET_LINK_LIFETIME,
  resetMail,
  verificationMail,
  VERIFY_LINK_LIFETIME,
} from '../services/mail';
import { issueSession, revokeRefreshToken, useRefreshToken } from '../tokens';
import { impl } from './impl';

/** Sign-in, sign-up, tokens and e-mail links (spec §7 auth; decisions §7). */

/** A few of the most common passwords (decisions §7 refuses them; the server has the full list). */
const COMMON_PASSWORDS = new Set([
  'password',
  'password1',
  '12345678',
  '123456789',
  '1234567890',
  'qwertyuiop',
  'iloveyou',
  '11111111',
  'abcd1234',
]);

function assertNotCommon(password: string): void {
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    throw new MockApiError('validation_error', SERVER_MSG.commonPassword);
  }
}

function linkToken(user: UserRecord, purpose: LinkTokenRecord['purpose']): LinkTokenRecord {
  const token: LinkTokenRecord = {
    token: `${purpose === 'verify-email' ? 'verify' : 'reset'}-${db.rng.chars(24, 'abcdefghijkmnpqrstuvwxyz23456789')}`,
    user_id: user.id,
    purpose,
    expires_at: now() + (purpose === 'verify-email' ? VERIFY_LINK_LIFETIME : RESET_LINK_LIFETIME),
    used: false,
  };
  db.linkTokens.push(token);
  return token;
}

/** A usable link token of that purpose, or the "invalid or expired" refusal. */
function liveToken(
  token: string,
  purpose: LinkTokenRecord['purpose'],
): { link: LinkTokenRecord; user: UserRecord } {
  const link = db.linkTokens.find((t) => t.token === token && t.purpose === purpose);
  const user = link && findUser(link.user_id);
  if (!link || !user || link.used || link.expires_at <= now()) {
    throw new MockApiError('not_found', SERVER_MSG.tokenInvalid);
  }
  return { link, user };
}

function sendVerification(user: UserRecord, origin: string): void {
  db.mails.unshift(verificationMail(user, linkToken(user, 'verify-email'), origin, now()));
}

export const auth = {
  login: impl(api.login, ({ body }) => {
    const user = findUserByEmail(body.username);
    if (!user || user.password !== body.password) {
      throw new MockApiError('unauthorized', SERVER_MSG.invalidCredentials);
    }
    if (user.isBlocked) throw new MockApiError('blocked', SERVER_MSG.accountBlocked);
    if (!user.email_verified)
      throw new MockApiError('email_not_verified', SERVER_MSG.emailNotVerified);
    // An enrolled admin's password is followed by a code (ADR 0051).
    if (user.isAdmin && user.two_factor?.enrolled) {
      user.two_factor_challenge = `challenge-${db.rng.chars(24, 'abcdefghijkmnpqrstuvwxyz23456789')}`;
      return { two_factor_required: true as const, challenge: user.two_factor_challenge };
    }
    user.last_login = now();
    user.status = 'online';
    return issueSession(user.id);
  }),

  register: impl(api.register, ({ body, origin }) => {
    if (findUserByEmail(body.email)) throw new MockApiError('conflict', SERVER_MSG.emailTaken);
    assertNotCommon(body.password);
    const id = nextId('usr');
    const first = (body.name.split(/\s+/)[0] ?? 'USER').toUpperCase().replace(/[^A-Z]/g, '');
    const referrer = body.referral_code
      ? db.users.find((u) => u.referral_code.toLowerCase() === body.referral_code?.toLowerCase())
      : undefined;
    // One's own code under another address or number is refused, as the server does (ADR 0056).
    if (
      referrer &&
      (normalEmail(referrer.email) === normalEmail(body.email) ||
        normalPhone(referrer.phone) === normalPhone(body.phone))
    ) {
      throw new MockApiError('validation_error', REFERRAL_MSG.ownCode);
    }
    const user: UserRecord = {
      id,
      name: body.name,
      email: body.email,
      phone: body.phone,
      wallet_balance: 0,
      isAdmin: false,
      email_verified: false,
      referral_code: `${first.slice(0, 8)}${db.seq}`,
      referred_by: referrer?.referral_code ?? null,
      status: 'offline',
      last_login: null,
      isBlocked: false,
      created_on: now(),
      password: body.password,
      pin: null,
      pin_failures: 0,
      pin_locked_until: null,
    };
    db.users.push(user);
    sendVerification(user, origin);
    return { message: MSG.signupSuccess };
  }),

  logout: impl(api.logout, (ctx) => {
    const user = me(ctx);
    revokeRefreshToken(ctx.request.headers.get('x-refresh-token'));
    user.status = 'offline';
    return { message: SERVER_MSG.loggedOut };
  }),

  refresh: impl(api.refresh, ({ body }) => {
    const used = useRefreshToken(body.refresh_token);
    const user = used && findUser(used.userId);
    if (!used || !user) throw new MockApiError('unauthorized', SERVER_MSG.unauthorized);
    if (user.isBlocked) throw new MockApiError('unauthorized', SERVER_MSG.accountBlocked);
    return issueSession(user.id, used.family);
  }),

  initiateReset: impl(api.initiateReset, ({ body, origin }) => {
    // Same answer whether or not the account exists: no e-mail enumeration.
    const user = findUserByEmail(body.email);
    if (user) db.mails.unshift(resetMail(user, linkToken(user, 'reset-password'), origin, now()));
    return { message: SERVER_MSG.resetLinkSent };
  }),

  verifyResetToken: impl(api.verifyResetToken, ({ body }) => {
    liveToken(body.token, 'reset-password');
    return { message: SERVER_MSG.resetTokenValid };
  }),

  resetPassword: impl(api.resetPassword, ({ body }) => {
    const { link, user } = liveToken(body.token, 'reset-password');
    assertNotCommon(body.password);
    user.password = body.password;
    link.used = true;
    // As the server (ADR 0033): the keys and the webhook address end, and the pin is created
    // again on the next sign-in (the overview sends the customer to Create pin).
    user.pin = null;
    user.pin_failures = 0;
    user.pin_locked_until = null;
    for (const key of db.reseller.keys[user.id] ?? []) key.revoked_at ??= now();
    delete db.reseller.webhooks[user.id];
    return { message: SERVER_MSG.passwordReset };
  }),

  verifyEmail: impl(api.verifyEmail, ({ body }) => {
    // As the server: a link we issued to an account verified already says so, never "invalid".
    const issued = db.linkTokens.find((t) => t.token === body.token && t.purpose === 'verify-email');
    if (issued && findUser(issued.user_id)?.email_verified) {
      return { message: SERVER_MSG.emailAlreadyVerified };
    }
    const { link, user } = liveToken(body.token, 'verify-email');
    user.email_verified = true;
    link.used = true;
    return { message: MSG.emailVerified };
  }),

  resendVerification: impl(api.resendVerification, ({ body, origin }) => {
    const user = findUserByEmail(body.email);
    if (user && !user.email_verified) sendVerification(user, origin);
    return { message: SERVER_MSG.verificationSent };
  }),

  createPin: impl(api.createPin, (ctx) => {
    const user = me(ctx);
    if (user.pin !== null) throw new MockApiError('conflict', SERVER_MSG.pinAlreadySet);
    user.pin = ctx.body.pin;
    return { message: SERVER_MSG.pinCreated };
  }),
};
