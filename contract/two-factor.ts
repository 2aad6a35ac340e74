import { z } from './zod';
import { endpoint, message } from './endpoint';
import { EpochMs } from './entities';
import { AdminRoleSchema, PermissionSchema } from './roles';
import { Tokens } from './endpoints/session';

/**
 * Two-factor sign-in for admins (ADR 0051): TOTP (RFC 6238: 30-second steps,
 * 6 digits, SHA-1, the step before and after accepted, no code accepted twice) from any
 * authenticator app, and ten one-time recovery codes shown once at enrolment. An enrolled
 * admin's login answers a challenge instead of tokens; the code is sent with it to
 * `auth.loginCode`. In live mode every admin must enrol before anything else; in sandbox it
 * is optional. An owner resets a lost device.
 */

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;
export const RECOVERY_CODE_COUNT = 10;
/** How long the password step waits for the code. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export const TWO_FACTOR_MSG = {
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  codeTooLong: 'A code is at most 32 characters.',
  codeWrong:
    'That code is not right. Enter the current code from your authenticator app, or an unused recovery code.',
  challengeExpired: 'This sign-in has expired. Please enter your e-mail and password again.',
  enrolFirst: 'Set up two-factor sign-in first: every admin needs it in live mode.',
  alreadyEnrolled: 'Two-factor sign-in is already set up.',
  notStarted: 'Start the set-up again: no key is waiting for a code.',
  enrolled: 'Two-factor sign-in is on.',
  /** An admin call from a session that signed in without the code the account now needs. */
  signInAgain:
    'This session signed in without a two-factor code: sign out and sign in again with your code.',
} as const;

/** A 6-digit code or a recovery code (`ABCDE-FGHJK`; spaces and dashes do not matter). */
export const OtpField = z
  .string({ error: TWO_FACTOR_MSG.codeRequired })
  .check(
    z.trim(),
    z.minLength(1, TWO_FACTOR_MSG.codeRequired),
    z.maxLength(32, TWO_FACTOR_MSG.codeTooLong),
  );

export const LoginCodeBody = z.object({
  challenge: z
    .string({ error: TWO_FACTOR_MSG.challengeExpired })
    .check(
      z.minLength(1, TWO_FACTOR_MSG.challengeExpired),
      z.maxLength(128, TWO_FACTOR_MSG.challengeExpired),
    ),
  otp: OtpField,
});

export const TwoFactorSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** `otpauth://totp/…`, for apps that take a link. */
  uri: z.string(),
});
export type TwoFactorSetup = z.output<typeof TwoFactorSetupSchema>;

export const RecoveryCodesSchema = z.object({
  recovery_codes: z.array(z.string()).check(z.length(RECOVERY_CODE_COUNT)),
});

export const AdminAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.nullable(AdminRoleSchema),
  two_factor_enrolled: z.boolean(),
  last_login: z.nullable(EpochMs),
  /** What an owner granted them beyond their role (ADR 0071). */
  grants: z.array(PermissionSchema),
});
export type AdminAccount = z.output<typeof AdminAccountSchema>;

/** An owner gives a support admin the reveal of bearer secrets, or takes it back (ADR 0071). */
export const SetAdminGrantBody = z.object({
  user_id: z
    .string({ error: 'Choose an admin.' })
    .check(z.trim(), z.minLength(1, 'Choose an admin.'), z.maxLength(64, 'Choose an admin.')),
  permission: z.enum(['secrets.reveal'], { error: 'Choose what to grant.' }),
  granted: z.boolean({ error: 'Say whether to grant it or take it back.' }),
});

export const SetAdminRoleBody = z.object({
  email: z
    .string({ error: 'Enter the e-mail of the account.' })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, 'Enter the e-mail of the account.'),
      z.maxLength(254, 'Enter the e-mail of the account.'),
    ),
  /** `none`: no longer an admin. */
  role: z.union([AdminRoleSchema, z.literal('none')], { error: 'Choose a role.' }),
});

export const AdminIdBody = z.object({
  user_id: z
    .string()
    .check(z.trim(), z.minLength(1, 'Choose an admin.'), z.maxLength(64, 'Choose an admin.')),
});

export const loginCode = endpoint({
  name: 'auth.loginCode',
  method: 'POST',
  path: '/api/auth/login/code',
  access: 'public',
  summary: 'Second step of an admin sign-in: the challenge and a TOTP or recovery code.',
  body: LoginCodeBody,
  response: Tokens,
  errors: [400, 401, 423, 429, 500],
});
export const twoFactorStart = endpoint({
  name: 'admin.twoFactorStart',
  method: 'POST',
  path: '/api/admin/two-factor/start',
  access: 'admin',
  summary: 'A new authenticator key (replaces one not yet confirmed).',
  response: message(TwoFactorSetupSchema),
  errors: [401, 403, 409, 423, 429, 500],
});
export const twoFactorConfirm = endpoint({
  name: 'admin.twoFactorConfirm',
  method: 'POST',
  path: '/api/admin/two-factor/confirm',
  access: 'admin',
  summary: 'A code from the new key turns two-factor on; answers the recovery codes, once.',
  body: z.object({ otp: OtpField }),
  response: message(RecoveryCodesSchema),
  errors: [400, 401, 403, 409, 423, 429, 500],
});
export const admins = endpoint({
  name: 'admin.admins',
  method: 'GET',
  path: '/api/admin/admins',
  access: 'admin',
  summary: 'Every admin with their role and whether two-factor is on (owners).',
  response: message(z.array(AdminAccountSchema)),
});
export const setAdminRole = endpoint({
  name: 'admin.setAdminRole',
  method: 'POST',
  path: '/api/admin/admins/role',
  access: 'admin',
  summary: 'Make an account an admin with a role, change it, or remove it (owners; audited).',
  body: SetAdminRoleBody,
  response: message(z.string()),
  errors: [400, 401, 403, 404, 409, 423, 429, 500],
});
export const setAdminGrant = endpoint({
  name: 'admin.setAdminGrant',
  method: 'POST',
  path: '/api/admin/admins/grant',
  access: 'admin',
  summary:
    'Give a support admin the reveal of coupon codes, tokens and pins, or take it back (owners; audited; ADR 0071).',
  body: SetAdminGrantBody,
  response: message(z.string()),
  errors: [400, 401, 403, 404, 409, 423, 429, 500],
});
export const resetTwoFactor = endpoint({
  name: 'admin.resetTwoFactor',
  method: 'POST',
  path: '/api/admin/admins/reset-2fa',
  access: 'admin',
  summary: "Turn off an admin's two-factor after a lost device (owners; audited).",
  body: AdminIdBody,
  response: message(z.string()),
  errors: [400, 401, 403, 404, 423, 429, 500],
});
