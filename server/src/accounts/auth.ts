/**
 * Accounts and sessions (spec §5, §7, §8; decisions §7; ADR 0015): register, e-mail
 * verification, login with limits, refresh rotation with reuse detection, logout, password
 * reset, pins. Every password check is an attempt reserved in the database before argon2 runs,
 * so parallel guesses never check more than the limit.
 */
import { randomUUID } from 'node:crypto';
import { MSG, normalPhone, SERVER_MSG, type TwoFactorChallenge } from '@contract';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import { createWallet } from '../wallet/ledger.ts';
import { isCommonPassword, randomCode, randomToken, sha256 } from '../platform/secrets.ts';
import { ApiError } from '../platform/http/errors.ts';
import { revokeAllApiKeys } from '../reseller/api-keys.ts';
import { enqueueMail, linkMail } from '../notifications/mail.ts';
import { refuseOwnCode } from '../growth/referrals.ts';
import { recognizeDevice, type SignInDevice } from './devices.ts';
import { securityMail, type Origin } from '../notifications/security-mail.ts';
import { endSessions, REFRESH_FAMILY_TTL_MS, requireOpenSession } from './tokens.ts';
import { clear, counterKey, limit, release, reserve, reserveAll } from '../platform/rate.ts';
import { issueChallenge, needsCode } from './two-factor.ts';
import { indexUserSearch, type UserRow } from './users.ts';

export const VERIFY_TTL_MS = 24 * 60 * 60_000;
export const RESET_TTL_MS = 60 * 60_000;

export interface NewUser {
  name: string;
  email: string;
  phone: string;
  password: string;
  referral_code?: string;
}

/**
 * Inserts a user with a wallet inside `trx` (register and the first-start seed); `flags.now`
 * dates them (the fault simulation's customers, made on its clock).
 */
export async function insertUser(
  trx: Db,
  input: NewUser,
  passwordHash: string,
  flags: { admin?: boolean; verified?: boolean; now?: number } = {},
): Promise<string> {
  const now = flags.now ?? Date.now();
  const id = randomUUID();
  let referredBy: string | null = null;
  if (input.referral_code) {
    const referrer = await trx
      .selectFrom('users')
      .select(['id', 'email', 'phone'])
      .where('referral_code', '=', input.referral_code)
      .executeTakeFirst();
    // One's own code under a second address is refused (ADR 0056). A number the referrer
    // also uses earns nothing, silently: a refusal would tell a stranger whose number it is.
    if (referrer && normalPhone(referrer.phone) === normalPhone(input.phone)) {
      referredBy = null;
    } else {
      if (referrer) refuseOwnCode(referrer, input);
      referredBy = referrer?.id ?? null;
    }
  }
  await trx
    .insertInto('users')
    .values({
      id,
      name: input.name,
      email: input.email,
      phone: input.phone,
      password_hash: passwordHash,
      pin_hash: null,
      pin_locked_until: null,
      is_admin: flags.admin ? 1 : 0,
      // The first admin (the seed's) manages the others (ADR 0051).
      admin_role: flags.admin ? 'owner' : null,
      email_verified: flags.verified ? 1 : 0,
      referral_code: randomCode(8),
      referred_by: referredBy,
      last_login: null,
      last_seen: null,
      created_on: now,
    })
    .execute();
  await createWallet(trx, id, now);
  await indexUserSearch(trx, { id, name: input.name, email: input.email, phone: input.phone });
  return id;
}

async function sendVerification(ctx: AppContext, trx: Db, userId: string, email: string) {
  const token = randomToken();
  const now = Date.now();
  await trx
    .insertInto('email_tokens')
    .values({
      token_hash: sha256(token),
      user_id: userId,
      purpose: 'verify',
      created_at: now,
      expires_at: now + VERIFY_TTL_MS,
      used_at: null,
    })
    .execute();
  await enqueueMail(
    trx,
    linkMail(
      email,
      'Verify your e-mail address',
      'Welcome! Please confirm your e-mail address by opening this link:',
      `${ctx.config.publicUrl}/auth/verifyemail/${token}`,
      'The link expires in 24 hours. If you did not sign up, ignore this e-mail.',
    ),
    now,
  );
}

function refuseCommon(password: string) {
  if (isCommonPassword(password)) throw new ApiError('validation_error', SERVER_MSG.commonPassword);
}

export const isUniqueViolation = (err: unknown) =>
  /unique|duplicate/i.test(String((err as Error)?.message)) ||
  (err as { code?: string })?.code === '23505';

export async function register(ctx: AppContext, body: NewUser): Promise<string> {
  refuseCommon(body.password);
  const existing = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', body.email)
    .executeTakeFirst();
  if (existing) throw new ApiError('conflict', SERVER_MSG.emailTaken);
  // Hash before the write transaction: on SQLite it holds the only connection.
  const passwordHash = await ctx.hasher.hash(body.password);
  try {
    await ctx.dbh.writeTx(async (trx) => {
      const id = await insertUser(trx, body, passwordHash);
      await sendVerification(ctx, trx, id, body.email);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError('conflict', SERVER_MSG.emailTaken);
    throw err;
  }
  return MSG.signupSuccess;
}

/** Marks an e-mail token used, once: answers its user id, or refuses an unknown/expired one. */
async function consumeToken(trx: Db, token: string, purpose: 'verify' | 'reset'): Promise<string> {
  const now = Date.now();
  const row = await trx
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', sha256(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  if (!row) throw new ApiError('not_found', SERVER_MSG.tokenInvalid);
  return row.user_id;
}

/**
 * Verifies the e-mail of the link's account. A link we issued whose account is verified
 * already (the same link tapped twice, or an older link after a newer one) is not an error:
 * it says so and the screen offers the login. Only the link's holder learns it, and only of
 * their own account. A link we never issued, or an unverified account's expired one, is
 * refused as before.
 */
export async function verifyEmail(ctx: AppContext, token: string): Promise<string> {
  return ctx.dbh.writeTx(async (trx) => {
    const owner = await trx
      .selectFrom('email_tokens')
      .innerJoin('users', 'users.id', 'email_tokens.user_id')
      .select('users.email_verified')
      .where('email_tokens.token_hash', '=', sha256(token))
      .where('email_tokens.purpose', '=', 'verify')
      .executeTakeFirst();
    if (owner && Number(owner.email_verified) === 1) return SERVER_MSG.emailAlreadyVerified;
    const userId = await consumeToken(trx, token, 'verify');
    await trx.updateTable('users').set({ email_verified: 1 }).where('id', '=', userId).execute();
    return MSG.emailVerified;
  });
}

/** Link mails to one address, whoever asks and whether or not it has an account. */
const limitMailsTo = (ctx: AppContext, email: string) =>
  limit(ctx.db, counterKey('mail-to', email), ctx.config.limits.mailsPerRecipient);

export async function resendVerification(ctx: AppContext, email: string): Promise<string> {
  await limitMailsTo(ctx, email);
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'email_verified'])
    .where('email', '=', email)
    .executeTakeFirst();
  // Same answer whether or not the address exists: no account enumeration.
  if (user && Number(user.email_verified) === 0) {
    await ctx.dbh.writeTx((trx) => sendVerification(ctx, trx, user.id, user.email));
  }
  return SERVER_MSG.verificationSent;
}

/**
 * A new session: a refresh family, and an access token that names it. `twoFactor`: the
 * sign-in passed the two-factor step, which the session keeps (ADR 0072).
 */
async function issueTokens(ctx: AppContext, userId: string, twoFactor: boolean) {
  const session = {
    id: randomUUID(),
    expiresAt: Date.now() + REFRESH_FAMILY_TTL_MS,
    twoFactor,
  };
  const refresh_token = await ctx.tokens.issueRefresh(ctx.db, userId, session);
  return { JWTtoken: await ctx.tokens.signAccess(userId, session.id), refresh_token };
}

/**
 * A sign-in that passed every step: presence, its device (a new one is told to the owner,
 * ADR 0087), and a new session that records whether one of those steps was a two-factor code.
 */
export async function signIn(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'email' | 'email_verified'>,
  how: { twoFactor: boolean },
  device?: SignInDevice,
) {
  const now = Date.now();
  await ctx.db
    .updateTable('users')
    .set({ last_login: now, last_seen: now })
    .where('id', '=', user.id)
    .execute();
  if (device) await recognizeDevice(ctx, user, device, now);
  return issueTokens(ctx, user.id, how.twoFactor);
}

export async function login(
  ctx: AppContext,
  body: { username: string; password: string },
  ip: string,
  device?: SignInDevice,
): Promise<{ JWTtoken: string; refresh_token: string } | TwoFactorChallenge> {
  const { db } = ctx;
  const email = body.username.toLowerCase();
  // A failure is reserved before the password is checked: per (account, address), per
  // address, and a higher per-account ceiling. A stranger exhausts only their own pair and
  // address, so the owner (and the admin) can still sign in from theirs.
  const rule = ctx.config.limits.login;
  const within = (max: number) => ({ max, windowMs: rule.windowMs });
  const pairKey = counterKey('login-pair', email, ip);
  const attempts = await reserveAll(db, [
    [counterKey('login-address', ip), within(rule.address)],
    [counterKey('login-account', email), within(rule.account)],
    [pairKey, within(rule.pair)],
  ]);
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst();
  const ok = user
    ? await ctx.hasher.verify(user.password_hash, body.password)
    : (await ctx.hasher.verify(await ctx.hasher.dummy, body.password)) && false;
  // A wrong password keeps its reservations: that is the failure counted.
  if (!user || !ok) throw new ApiError('unauthorized', SERVER_MSG.invalidCredentials);
  // The right one gives them back, and the pair's count starts over.
  for (const attempt of attempts) await release(db, attempt);
  await clear(db, pairKey);
  if (Number(user.is_blocked) === 1) throw new ApiError('blocked', SERVER_MSG.accountBlocked);
  // An enrolled admin's password alone signs nothing in (ADR 0051): the code comes next.
  if (needsCode(user)) {
    return { two_factor_required: true, challenge: await issueChallenge(ctx, user.id) };
  }
  return signIn(ctx, user, { twoFactor: false }, device);
}

async function revokeFamily(db: Db, familyId: string, now = Date.now()) {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function refresh(
  ctx: AppContext,
  token: string,
): Promise<{ JWTtoken: string; refresh_token: string }> {
  const now = Date.now();
  const unauthorized = new ApiError('unauthorized', SERVER_MSG.unauthorized);
  const row = await ctx.db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row) throw unauthorized;
  if (row.used_at !== null || row.revoked_at !== null) {
    // Reuse of a rotated or revoked token: someone else may hold the family. End it.
    await revokeFamily(ctx.db, row.family_id, now);
    throw unauthorized;
  }
  if (Number(row.expires_at) <= now) throw unauthorized;
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'is_blocked'])
    .where('id', '=', row.user_id)
    .executeTakeFirst();
  if (!user || Number(user.is_blocked) === 1) throw unauthorized;

  const next = await ctx.dbh.writeTx(async (trx) => {
    // Rotation is a guarded transition: of two concurrent uses only one wins.
    const won = await trx
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!won) return null;
    // The session goes on as it signed in: with or without the two-factor step.
    return ctx.tokens.issueRefresh(trx, row.user_id, {
      id: row.family_id,
      expiresAt: Number(row.expires_at),
      twoFactor: Number(row.two_factor) === 1,
    });
  });
  if (!next) {
    await revokeFamily(ctx.db, row.family_id, now);
    throw unauthorized;
  }
  return {
    JWTtoken: await ctx.tokens.signAccess(row.user_id, row.family_id),
    refresh_token: next,
  };
}

/**
 * Ends the session of the access token that asks (`sessionId`, its refresh family), whatever
 * headers come with it: the access token and every refresh token of the family stop working
 * at once. An `X-Refresh-Token` of the user's names a family to end as well
 * (a client that rotated into it); another user's is ignored. An access token that names no
 * session (signed before sessions were named) ends through `tokens_valid_after`, with every
 * other such token of the user: none is issued any more, and sessions that are named go on.
 */
export async function logout(
  ctx: AppContext,
  user: UserRow,
  sessionId: string | undefined,
  token: string | undefined,
) {
  const now = Date.now();
  if (sessionId) await revokeFamily(ctx.db, sessionId, now);
  else {
    // Tokens are checked by their issue second (iat): one issued in this second must end too.
    await ctx.db
      .updateTable('users')
      .set({ tokens_valid_after: (Math.floor(now / 1000) + 1) * 1000 })
      .where('id', '=', user.id)
      .execute();
  }
  if (token) {
    const row = await ctx.db
      .selectFrom('refresh_tokens')
      .select(['family_id', 'user_id'])
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (row && row.user_id === user.id && row.family_id !== sessionId) {
      await revokeFamily(ctx.db, row.family_id, now);
    }
  }
  return SERVER_MSG.loggedOut;
}

export async function initiateReset(ctx: AppContext, email: string): Promise<string> {
  await limitMailsTo(ctx, email);
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (user) {
    const token = randomToken();
    const now = Date.now();
    await ctx.dbh.writeTx(async (trx) => {
      await trx
        .insertInto('email_tokens')
        .values({
          token_hash: sha256(token),
          user_id: user.id,
          purpose: 'reset',
          created_at: now,
          expires_at: now + RESET_TTL_MS,
          used_at: null,
        })
        .execute();
      await enqueueMail(
        trx,
        linkMail(
          user.email,
          'Reset your password',
          'Someone asked to reset the password of your account. To choose a new one, open:',
          `${ctx.config.publicUrl}/auth/resetpassword/${token}`,
          'The link works once and expires in 1 hour. If it was not you, ignore this e-mail.',
        ),
        now,
      );
    });
  }
  return SERVER_MSG.resetLinkSent;
}

export async function verifyResetToken(ctx: AppContext, token: string): Promise<string> {
  // SHA-256 of a random token is a lookup, not a cost: no hashing of anything else first.
  const row = await ctx.db
    .selectFrom('email_tokens')
    .select('user_id')
    .where('token_hash', '=', sha256(token))
    .where('purpose', '=', 'reset')
    .where('used_at', 'is', null)
    .where('expires_at', '>', Date.now())
    .executeTakeFirst();
  if (!row) throw new ApiError('not_found', SERVER_MSG.tokenInvalid);
  return SERVER_MSG.resetTokenValid;
}

/**
 * Recovery ends everything an attacker may hold (ADR 0033): every session,
 * every API key, the webhook address, and the pin (with its failures and lock): the customer
 * creates a new pin on the next sign-in, as a new account does. The owner is mailed.
 */
export async function resetPassword(
  ctx: AppContext,
  body: { token: string; password: string },
  origin: Origin,
): Promise<string> {
  refuseCommon(body.password);
  // The token first: a random token must not cost an argon2 hash (19 MiB). It is consumed,
  // once, in the transaction below.
  await verifyResetToken(ctx, body.token);
  const hash = await ctx.hasher.hash(body.password);
  await ctx.dbh.writeTx(async (trx) => {
    const userId = await consumeToken(trx, body.token, 'reset');
    const now = Date.now();
    // A reset ends every session: old access tokens and refresh families stop working.
    const user = await trx
      .updateTable('users')
      .set({
        password_hash: hash,
        tokens_valid_after: now,
        pin_hash: null,
        pin_failed_count: 0,
        pin_locked_until: null,
      })
      .where('id', '=', userId)
      .returning('email')
      .executeTakeFirstOrThrow();
    await endSessions(trx, userId, now);
    const keysRevoked = await revokeAllApiKeys(trx, userId, now);
    // An address an attacker set would receive the purchases of the owner's next keys.
    const hook = await trx
      .deleteFrom('webhook_endpoints')
      .where('user_id', '=', userId)
      .returning('user_id')
      .executeTakeFirst();
    await securityMail(
      trx,
      ctx,
      user.email,
      { kind: 'passwordReset', keysRevoked, webhookRemoved: hook !== undefined },
      origin,
      now,
    );
  });
  return SERVER_MSG.passwordReset;
}

export async function createPin(
  ctx: AppContext,
  user: UserRow,
  pin: string,
  origin: Origin,
  sessionId: string | undefined,
): Promise<string> {
  const hash = ctx.pins.hash(user.id, pin);
  await ctx.dbh.writeTx(async (trx) => {
    // A reset clears the pin: a session from before it must not set the next one.
    await requireOpenSession(trx, ctx.dbh.engine === 'postgres', sessionId);
    const row = await trx
      .updateTable('users')
      .set({ pin_hash: hash, pin_failed_count: 0, pin_locked_until: null })
      .where('id', '=', user.id)
      .where('pin_hash', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new ApiError('conflict', SERVER_MSG.pinAlreadySet);
    await securityMail(trx, ctx, user.email, { kind: 'pinSet' }, origin);
  });
  return SERVER_MSG.pinCreated;
}

/**
 * The signed-in user's current password (change password, reset pin): one shared budget of
 * wrong tries, reserved before argon2, so a stolen session cannot guess its way to the
 * password, a new pin and the wallet.
 */
async function checkCurrentPassword(ctx: AppContext, user: UserRow, password: string) {
  const attempt = await reserve(
    ctx.db,
    counterKey('password', user.id),
    ctx.config.limits.password,
  );
  if (!(await ctx.hasher.verify(user.password_hash, password))) {
    throw new ApiError('wrong_password', SERVER_MSG.wrongPassword);
  }
  await release(ctx.db, attempt);
}

/**
 * A new password ends every other session at once, access and refresh (ADR 0015); the one
 * that changed it (`sessionId`, from its access token) goes on.
 */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  body: { old_password: string; new_password: string },
  sessionId: string | undefined,
  origin: Origin,
): Promise<string> {
  await checkCurrentPassword(ctx, user, body.old_password);
  refuseCommon(body.new_password);
  const hash = await ctx.hasher.hash(body.new_password);
  await ctx.dbh.writeTx(async (trx) => {
    const now = Date.now();
    await trx
      .updateTable('users')
      .set({ password_hash: hash, tokens_valid_after: now })
      .where('id', '=', user.id)
      .execute();
    await endSessions(trx, user.id, now, sessionId);
    await securityMail(trx, ctx, user.email, { kind: 'passwordChanged' }, origin, now);
  });
  return MSG.passwordChanged;
}

export async function resetPin(
  ctx: AppContext,
  user: UserRow,
  body: { password: string; pin: string },
  origin: Origin,
  sessionId: string | undefined,
): Promise<string> {
  await checkCurrentPassword(ctx, user, body.password);
  const hash = ctx.pins.hash(user.id, body.pin);
  await ctx.dbh.writeTx(async (trx) => {
    await requireOpenSession(trx, ctx.dbh.engine === 'postgres', sessionId);
    await trx
      .updateTable('users')
      .set({ pin_hash: hash, pin_failed_count: 0, pin_locked_until: null })
      .where('id', '=', user.id)
      .execute();
    await securityMail(trx, ctx, user.email, { kind: 'pinChanged' }, origin);
  });
  return MSG.pinChanged;
}
