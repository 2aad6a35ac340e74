import { endpoint, Text } from '../endpoint';
import { EmailBody, PinBody, RegisterBody, ResetPasswordBody, TokenBody } from '../forms';

/** Signing up, passwords, the e-mail link and the pin (spec §5, §7); signing in is login.ts. */

export const register = endpoint({
  name: 'auth.register',
  method: 'POST',
  path: '/api/auth/register',
  access: 'public',
  summary: 'Create an account and send the verification link.',
  body: RegisterBody,
  response: Text,
  errors: [400, 409, 429, 500],
});

export const initiateReset = endpoint({
  name: 'auth.initiateReset',
  method: 'POST',
  path: '/api/auth/initiatereset',
  access: 'public',
  summary: 'E-mail a password reset link.',
  body: EmailBody,
  response: Text,
});

export const verifyResetToken = endpoint({
  name: 'auth.verifyResetToken',
  method: 'POST',
  path: '/api/auth/verify-reset-token',
  access: 'public',
  summary: 'Check a reset token before showing the form.',
  body: TokenBody,
  response: Text,
  errors: [400, 404, 429, 500],
});

export const resetPassword = endpoint({
  name: 'auth.resetPassword',
  method: 'PUT',
  path: '/api/auth/reset-password',
  access: 'public',
  summary: 'Set a new password with a reset token (single use).',
  body: ResetPasswordBody,
  response: Text,
  errors: [400, 404, 429, 500],
});

export const verifyEmail = endpoint({
  name: 'auth.verifyEmail',
  method: 'PUT',
  path: '/api/auth/verify-email',
  access: 'public',
  summary: 'Verify the e-mail with the link token (24 h).',
  body: TokenBody,
  response: Text,
  errors: [400, 404, 429, 500],
});

export const resendVerification = endpoint({
  name: 'auth.resendVerification',
  method: 'POST',
  path: '/api/auth/resend-verification',
  access: 'public',
  summary: 'Send a new verification link.',
  body: EmailBody,
  response: Text,
});

export const createPin = endpoint({
  name: 'auth.createPin',
  method: 'PUT',
  path: '/api/auth/create_secret_pin',
  access: 'user',
  summary: 'Set the 6-digit transaction pin (once).',
  body: PinBody,
  response: Text,
  errors: [400, 401, 403, 409, 423, 429, 500],
});
