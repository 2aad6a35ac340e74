import { api, RECOVERY_CODE_COUNT, ROLE_MSG, SERVER_MSG, TWO_FACTOR_MSG } from '@contract';
import { me } from '../contract-handler';
import { db, findUser, findUserByEmail } from '../db';
import { MockApiError } from '../errors';
import type { UserRecord } from '../records';
import { keepAnOwner } from '../services/admins';
import { issueSession } from '../tokens';
import { now } from '../clock';
import { impl } from './impl';
import { mockGrantsOf } from './secrets';

/**
 * Admin roles and two-factor sign-in (ADR 0051). The mock has no clock-based codes: the code
 * of every key is MOCK_TOTP_CODE, so stories and tests can type it; a recovery code works once.
 */
export const MOCK_TOTP_CODE = '246810';
/** The key every mock enrolment shows (RFC 4648 base32). */
export const MOCK_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const roleOf = (user: UserRecord) => (user.admin_role === undefined ? 'owner' : user.admin_role);
const normalise = (otp: string) => otp.replace(/[\s-]/g, '').toUpperCase();

function recoveryCodes(): string[] {
  const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = db.rng.chars(10, alphabet);
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** A right code for `user`: the mock code, or an unused recovery code (spent here). */
function acceptCode(user: UserRecord, otp: string): boolean {
  const tf = user.two_factor;
  if (!tf) return false;
  if (normalise(otp) === MOCK_TOTP_CODE) return true;
  const i = tf.recovery.findIndex((c) => normalise(c) === normalise(otp));
  if (i < 0) return false;
  tf.recovery.splice(i, 1);
  return true;
}

export const twoFactor = {
  loginCode: impl(api.loginCode, ({ body }) => {
    const user = db.users.find(
      (u) => u.two_factor_challenge !== undefined && u.two_factor_challenge === body.challenge,
    );
    if (!user) throw new MockApiError('unauthorized', TWO_FACTOR_MSG.challengeExpired);
    if (!acceptCode(user, body.otp)) {
      throw new MockApiError('unauthorized', TWO_FACTOR_MSG.codeWrong);
    }
    delete user.two_factor_challenge;
    user.last_login = now();
    user.status = 'online';
    return issueSession(user.id);
  }),

  adminSelf: impl(api.adminSelf, (ctx) => {
    const user = me(ctx);
    return {
      message: {
        role: roleOf(user),
        grants: mockGrantsOf(user),
        // The mocks run as sandbox, where two-factor is optional, unless a story says live.
        two_factor: {
          enrolled: user.two_factor?.enrolled ?? false,
          required: db.settings.twoFactorRequired,
        },
      },
    };
  }),

  twoFactorStart: impl(api.twoFactorStart, (ctx) => {
    const user = me(ctx);
    if (user.two_factor?.enrolled) {
      throw new MockApiError('conflict', TWO_FACTOR_MSG.alreadyEnrolled);
    }
    user.two_factor = { secret: MOCK_TOTP_SECRET, enrolled: false, recovery: [] };
    const label = encodeURIComponent(`PayBills:${user.email}`);
    return {
      message: {
        secret: MOCK_TOTP_SECRET,
        uri: `otpauth://totp/${label}?issuer=PayBills&secret=${MOCK_TOTP_SECRET}&algorithm=SHA1&digits=6&period=30`,
      },
    };
  }),

  twoFactorConfirm: impl(api.twoFactorConfirm, (ctx) => {
    const user = me(ctx);
    const tf = user.two_factor;
    if (tf?.enrolled) throw new MockApiError('conflict', TWO_FACTOR_MSG.alreadyEnrolled);
    if (!tf) throw new MockApiError('conflict', TWO_FACTOR_MSG.notStarted);
    if (normalise(ctx.body.otp) !== MOCK_TOTP_CODE) {
      throw new MockApiError('validation_error', TWO_FACTOR_MSG.codeWrong);
    }
    tf.enrolled = true;
    tf.recovery = recoveryCodes();
    return { message: { recovery_codes: [...tf.recovery] } };
  }),

  admins: impl(api.admins, () => ({
    message: db.users
      .filter((u) => u.isAdmin)
      .sort((a, b) => a.email.localeCompare(b.email))
      .map((u) => ({
        id: u.id,
        name: u.name,
        email: u.email,
        role: roleOf(u),
        two_factor_enrolled: u.two_factor?.enrolled ?? false,
        last_login: u.last_login,
        grants: mockGrantsOf(u),
      })),
  })),

  setAdminRole: impl(api.setAdminRole, (ctx) => {
    const self = me(ctx);
    if (ctx.body.email === self.email) throw new MockApiError('conflict', ROLE_MSG.ownRole);
    const user = findUserByEmail(ctx.body.email);
    if (!user) throw new MockApiError('not_found', SERVER_MSG.userNotFound);
    keepAnOwner(user, ctx.body.role !== 'owner');
    if (ctx.body.role === 'none') {
      user.isAdmin = false;
      user.admin_role = null;
      return { message: ROLE_MSG.adminRemoved };
    }
    // A grant was given for the role it had (ADR 0071).
    if (user.admin_role !== ctx.body.role) delete user.admin_grants;
    user.isAdmin = true;
    user.admin_role = ctx.body.role;
    return { message: ROLE_MSG.roleChanged };
  }),

  resetTwoFactor: impl(api.resetTwoFactor, ({ body }) => {
    const user = findUser(body.user_id);
    if (!user || !user.isAdmin) throw new MockApiError('not_found', ROLE_MSG.notAdmin);
    delete user.two_factor;
    delete user.two_factor_challenge;
    return { message: ROLE_MSG.twoFactorReset };
  }),
};
