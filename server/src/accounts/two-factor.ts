/**
 * Admin roles and two-factor sign-in (ADR 0051).
 * - Roles: `checkAdminAccess` runs in the route helper on every signed-in call, before the
 *   input is read or anything is written: a role that does not allow an admin endpoint
 *   (contract/roles.ts) is answered 403 with a message.
 * - TOTP (RFC 6238 through `otpauth`): 30-second steps, 6 digits, SHA-1 (what every
 *   authenticator app reads), the step before and after accepted for clock drift. A code is
 *   accepted only for a step later than the last one accepted (one guarded UPDATE), so a code
 *   cannot be used twice, even by two requests at once. Wrong codes are attempts reserved
 *   before the check, like passwords (ADR 0015).
 * - Recovery codes: ten, shown once, kept as SHA-256 (50 random bits each, behind the same
 *   attempt limit, so a fast hash suffices), each spent by one guarded UPDATE.
 * - In live mode an admin who has not enrolled reaches only their enrolment (and sign-out).
 */
import {
  ADMIN_ROLES,
  CHALLENGE_TTL_MS,
  RECOVERY_CODE_COUNT,
  ROLE_MSG,
  SERVER_MSG,
  TOTP_DIGITS,
  TOTP_PERIOD_S,
  TWO_FACTOR_MSG,
  adminMayCall,
  type AdminAccount,
  type AdminRole,
  type AdminSelf,
  type Endpoint,
  type TwoFactorSetup,
} from '@contract';
import { Secret, TOTP } from 'otpauth';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import { seal, unseal } from '../platform/sealed.ts';
import { randomCode, randomToken, sha256 } from '../platform/secrets.ts';
import { ApiError } from '../platform/http/errors.ts';
import { recordAudit, type Actor } from '../admin/audit.ts';
import { grantsOf } from '../admin/bearer-secrets.ts';
import { counterKey, release, reserve } from '../platform/rate.ts';
import { endSessions, markSessionTwoFactor, sessionPassedTwoFactor } from './tokens.ts';
import type { UserRow } from '../platform/db/schema.ts';

const TOTP_PURPOSE = 'totp-secret';
const ISSUER = 'PayBills';

/** What an admin who must enrol may still call (live mode). */
const ENROLMENT_OPEN = new Set([
  'admin.me',
  'admin.twoFactorStart',
  'admin.twoFactorConfirm',
  'auth.logout',
  'user.current',
]);

const isAdmin = (user: Pick<UserRow, 'is_admin'>) => Number(user.is_admin) === 1;
export const roleOf = (user: Pick<UserRow, 'admin_role'>): AdminRole | null =>
  (ADMIN_ROLES as readonly string[]).includes(user.admin_role ?? '')
    ? (user.admin_role as AdminRole)
    : null;
const enrolled = (user: Pick<UserRow, 'totp_enrolled'>) => Number(user.totp_enrolled) === 1;
const required = (ctx: AppContext) => ctx.mode === 'live';

/**
 * The role and enrolment rules for a signed-in caller (the route helper, after the admin
 * check). Customers are not concerned.
 */
export function checkAdminAccess(ctx: AppContext, endpoint: Endpoint, user: UserRow): void {
  if (!isAdmin(user)) return;
  if (required(ctx) && !enrolled(user) && !ENROLMENT_OPEN.has(endpoint.name)) {
    throw new ApiError('forbidden', TWO_FACTOR_MSG.enrolFirst);
  }
  // A support admin's granted reveal counts as their role's (ADR 0071).
  if (endpoint.access === 'admin' && !adminMayCall(roleOf(user), grantsOf(user), endpoint.name)) {
    throw new ApiError('forbidden', ROLE_MSG.notAllowed(roleOf(user)));
  }
}

/**
 * Whether an admin call needs a session that passed two-factor (ADR 0072): the account requires
 * it, because it is enrolled or because live mode requires it of every admin. The enrolment
 * calls of an admin who has not enrolled are how that requirement is met, so they do not.
 */
export function needsTwoFactorSession(ctx: AppContext, endpoint: Endpoint, user: UserRow) {
  if (!isAdmin(user) || endpoint.access !== 'admin') return false;
  return enrolled(user) || (required(ctx) && !ENROLMENT_OPEN.has(endpoint.name));
}

/**
 * After `checkAdminAccess`, when `needsTwoFactorSession`: an admin call from a session that
 * signed in without the code the account now requires (with the password alone while it was
 * not an admin, or before two-factor was set up in another session) is refused; signing in
 * again asks for the code.
 */
export async function requireTwoFactorSession(
  ctx: AppContext,
  sessionId: string | undefined,
): Promise<void> {
  if (!(await sessionPassedTwoFactor(ctx.db, sessionId))) {
    throw new ApiError('forbidden', TWO_FACTOR_MSG.signInAgain);
  }
}

/**
 * The owners who can act (admins with the owner role, not blocked), locked on PostgreSQL in one
 * order until the transaction ends: a change that could take the last of them away (a block, a
 * role change) reads them first, so two such changes at once are decided one after the other
 * (SQLite has one writer already). ADR 0072.
 */
async function lockActiveOwners(trx: Db, engine: AppContext['dbh']['engine']): Promise<string[]> {
  const rows = await trx
    .selectFrom('users')
    .select('id')
    .where('is_admin', '=', 1)
    .where('admin_role', '=', 'owner')
    .where('is_blocked', '=', 0)
    .orderBy('id')
    .$if(engine === 'postgres', (q) => q.forUpdate())
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Inside a block's or a role change's transaction, before the target is read: answers a check
 * that refuses the change when `targetId` is the last owner who can act and `loses` says the
 * change takes that away (ADR 0072: the last owner is never blocked, demoted or removed).
 */
export async function guardLastOwner(
  trx: Db,
  ctx: AppContext,
): Promise<(targetId: string, loses: boolean) => void> {
  const owners = await lockActiveOwners(trx, ctx.dbh.engine);
  return (targetId, loses) => {
    if (loses && owners.length <= 1 && owners.includes(targetId)) {
      throw new ApiError('conflict', ROLE_MSG.lastOwner);
    }
  };
}

export function adminSelf(ctx: AppContext, user: UserRow): AdminSelf {
  return {
    role: roleOf(user),
    grants: grantsOf(user),
    two_factor: { enrolled: enrolled(user), required: required(ctx) },
  };
}

const totpOf = (base32: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(base32),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
  });

/** A new key, kept sealed until a code from it confirms it (an earlier unconfirmed one is replaced). */
export async function startEnrolment(ctx: AppContext, user: UserRow): Promise<TwoFactorSetup> {
  if (enrolled(user)) throw new ApiError('conflict', TWO_FACTOR_MSG.alreadyEnrolled);
  const secret = new Secret({ size: 20 });
  const row = await ctx.db
    .updateTable('users')
    .set({ totp_secret: seal(ctx.config.pinSecret, TOTP_PURPOSE, secret.base32) })
    .where('id', '=', user.id)
    .where('totp_enrolled', '=', 0)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new ApiError('conflict', TWO_FACTOR_MSG.alreadyEnrolled);
  return { secret: secret.base32, uri: totpOf(secret.base32, user.email).toString() };
}

/** `ABCDE-FGHJK`: the unambiguous alphabet of randomCode, 50 bits. */
const newRecoveryCode = () => {
  const code = randomCode(10);
  return `${code.slice(0, 5)}-${code.slice(5)}`;
};
/** What is compared: upper case, without the spaces and dashes people type. */
const normalise = (otp: string) => otp.replace(/[\s-]/g, '').toUpperCase();

/**
 * Accepts a TOTP code once: the step it matched must be later than the last accepted. Answers
 * whether it was accepted.
 */
async function acceptTotp(
  trx: Db,
  user: Pick<UserRow, 'id' | 'email'>,
  base32: string,
  code: string,
  now: number,
): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const totp = totpOf(base32, user.email);
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return false;
  const step = totp.counter({ timestamp: now }) + delta;
  const row = await trx
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', user.id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

async function spendRecoveryCode(trx: Db, userId: string, code: string, now: number) {
  const row = await trx
    .updateTable('admin_recovery_codes')
    .set({ used_at: now })
    .where('code_hash', '=', sha256(`${userId}:${code}`))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .returning('code_hash')
    .executeTakeFirst();
  return row !== undefined;
}

/** Wrong codes are attempts reserved before the check (per account, like passwords). */
async function withAttempt<T>(ctx: AppContext, userId: string, check: () => Promise<T | false>) {
  const attempt = await reserve(ctx.db, counterKey('totp', userId), ctx.config.limits.password);
  const result = await check();
  if (result === false) return false;
  await release(ctx.db, attempt);
  return result;
}

/**
 * A code from the waiting key turns two-factor on; answers the recovery codes, once. The
 * session that typed it (`sessionId`) has shown the code: it passed two-factor (ADR 0072).
 */
export async function confirmEnrolment(
  ctx: AppContext,
  user: UserRow,
  otp: string,
  sessionId: string | undefined,
): Promise<string[]> {
  if (enrolled(user)) throw new ApiError('conflict', TWO_FACTOR_MSG.alreadyEnrolled);
  const base32 = user.totp_secret && unseal(ctx.config.pinSecret, TOTP_PURPOSE, user.totp_secret);
  if (!base32) throw new ApiError('conflict', TWO_FACTOR_MSG.notStarted);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const done = await withAttempt(ctx, user.id, () =>
    ctx.dbh.writeTx(async (trx) => {
      const now = Date.now();
      if (!(await acceptTotp(trx, user, base32, normalise(otp), now))) return false;
      // Guarded on the key it was checked against: a restarted set-up meanwhile wins.
      const row = await trx
        .updateTable('users')
        .set({ totp_enrolled: 1 })
        .where('id', '=', user.id)
        .where('totp_enrolled', '=', 0)
        .where('totp_secret', '=', user.totp_secret)
        .returning('id')
        .executeTakeFirst();
      if (!row) throw new ApiError('conflict', TWO_FACTOR_MSG.notStarted);
      if (sessionId) await markSessionTwoFactor(trx, sessionId);
      await trx.deleteFrom('admin_recovery_codes').where('user_id', '=', user.id).execute();
      await trx
        .insertInto('admin_recovery_codes')
        .values(
          codes.map((code) => ({
            code_hash: sha256(`${user.id}:${normalise(code)}`),
            user_id: user.id,
            created_at: now,
            used_at: null,
          })),
        )
        .execute();
      return true;
    }),
  );
  if (!done) throw new ApiError('validation_error', TWO_FACTOR_MSG.codeWrong);
  return codes;
}

/** Whether a right password must still be followed by a code. */
export const needsCode = (user: Pick<UserRow, 'is_admin' | 'totp_enrolled'>) =>
  isAdmin(user) && enrolled(user);

/** The password step passed: a one-use token that waits CHALLENGE_TTL_MS for the code. */
export async function issueChallenge(ctx: AppContext, userId: string): Promise<string> {
  const token = randomToken();
  const now = Date.now();
  await ctx.db
    .insertInto('two_factor_challenges')
    .values({
      token_hash: sha256(token),
      user_id: userId,
      created_at: now,
      expires_at: now + CHALLENGE_TTL_MS,
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * The second step: the challenge and a TOTP or recovery code. Answers the user to issue tokens
 * for; the challenge is spent with the code, in one transaction.
 */
export async function completeChallenge(
  ctx: AppContext,
  body: { challenge: string; otp: string },
): Promise<UserRow> {
  const expired = () => new ApiError('unauthorized', TWO_FACTOR_MSG.challengeExpired);
  const hash = sha256(body.challenge);
  const waiting = await ctx.db
    .selectFrom('two_factor_challenges')
    .innerJoin('users', 'users.id', 'two_factor_challenges.user_id')
    .selectAll('users')
    .where('two_factor_challenges.token_hash', '=', hash)
    .where('two_factor_challenges.used_at', 'is', null)
    .where('two_factor_challenges.expires_at', '>', Date.now())
    .executeTakeFirst();
  if (!waiting || !needsCode(waiting)) throw expired();
  if (Number(waiting.is_blocked) === 1) {
    throw new ApiError('blocked', SERVER_MSG.accountBlocked);
  }
  const base32 =
    waiting.totp_secret && unseal(ctx.config.pinSecret, TOTP_PURPOSE, waiting.totp_secret);
  const code = normalise(body.otp);
  const ok = await withAttempt(ctx, waiting.id, () =>
    ctx.dbh.writeTx(async (trx) => {
      const now = Date.now();
      // Six digits are a TOTP code; anything else can only be a recovery code.
      const right = /^\d{6}$/.test(code)
        ? !!base32 && (await acceptTotp(trx, waiting, base32, code, now))
        : await spendRecoveryCode(trx, waiting.id, code, now);
      if (!right) return false;
      const spent = await trx
        .updateTable('two_factor_challenges')
        .set({ used_at: now })
        .where('token_hash', '=', hash)
        .where('used_at', 'is', null)
        .returning('token_hash')
        .executeTakeFirst();
      // Two requests with one challenge: the code is spent, the second gets no session.
      if (!spent) throw expired();
      return true;
    }),
  );
  if (!ok) throw new ApiError('unauthorized', TWO_FACTOR_MSG.codeWrong);
  return waiting;
}

export async function listAdmins(ctx: AppContext): Promise<AdminAccount[]> {
  const rows = await ctx.db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'admin_role', 'admin_grants', 'totp_enrolled', 'last_login'])
    .where('is_admin', '=', 1)
    .orderBy('email')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    role: roleOf(r),
    two_factor_enrolled: enrolled(r),
    last_login: r.last_login === null ? null : Number(r.last_login),
    grants: grantsOf(r),
  }));
}

/**
 * Makes an account an admin with a role, changes the role, or removes it (`none`). Audited.
 * Every change ends the account's sessions (ADR 0072): the next sign-in is made as what the
 * account now is, with the code if it is an enrolled admin. The last owner keeps the role.
 */
export async function setAdminRole(
  ctx: AppContext,
  actor: Actor & { admin: UserRow },
  body: { email: string; role: AdminRole | 'none' },
): Promise<string> {
  if (body.email === actor.admin.email) throw new ApiError('conflict', ROLE_MSG.ownRole);
  return ctx.dbh.writeTx(async (trx) => {
    const lastOwner = await guardLastOwner(trx, ctx);
    const target = await trx
      .selectFrom('users')
      .select(['id', 'email', 'is_admin', 'admin_role'])
      .where('email', '=', body.email)
      .$if(ctx.dbh.engine === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
    if (!target) throw new ApiError('not_found', SERVER_MSG.userNotFound);
    const before = { admin: isAdmin(target), role: isAdmin(target) ? roleOf(target) : null };
    const after =
      body.role === 'none' ? { admin: false, role: null } : { admin: true, role: body.role };
    lastOwner(target.id, after.role !== 'owner');
    const now = Date.now();
    await trx
      .updateTable('users')
      // Tokens are checked by their issue second: one issued in this second ends too.
      .set({
        is_admin: after.admin ? 1 : 0,
        admin_role: after.role,
        // A grant was given for the role it had (ADR 0071): a new role starts without one.
        ...(after.role !== before.role ? { admin_grants: null } : {}),
        tokens_valid_after: (Math.floor(now / 1000) + 1) * 1000,
      })
      .where('id', '=', target.id)
      .execute();
    await endSessions(trx, target.id, now);
    await recordAudit(
      trx,
      actor,
      {
        action: 'admin.role',
        targetType: 'user',
        targetId: target.id,
        targetLabel: target.email,
        before,
        after,
      },
      now,
    );
    return after.admin ? ROLE_MSG.roleChanged : ROLE_MSG.adminRemoved;
  });
}

/** A lost device: two-factor off, recovery codes gone, sessions ended; enrols again. Audited. */
export async function resetTwoFactor(
  ctx: AppContext,
  actor: Actor,
  userId: string,
): Promise<string> {
  return ctx.dbh.writeTx(async (trx) => {
    const now = Date.now();
    const target = await trx
      .updateTable('users')
      .set({ totp_secret: null, totp_enrolled: 0, totp_last_step: null })
      .where('id', '=', userId)
      .where('is_admin', '=', 1)
      .returning(['id', 'email'])
      .executeTakeFirst();
    if (!target) throw new ApiError('not_found', ROLE_MSG.notAdmin);
    await trx.deleteFrom('admin_recovery_codes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('two_factor_challenges').where('user_id', '=', userId).execute();
    // Whoever holds the lost device may hold a session too.
    await endSessions(trx, userId, now);
    await recordAudit(
      trx,
      actor,
      {
        action: 'admin.resetTwoFactor',
        targetType: 'user',
        targetId: target.id,
        targetLabel: target.email,
        before: null,
        after: { two_factor: false },
      },
      now,
    );
    return ROLE_MSG.twoFactorReset;
  });
}
