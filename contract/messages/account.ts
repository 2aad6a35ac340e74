/**
 * Why the server will not serve an account (decisions §7): part of SERVER_MSG, and a module of
 * its own because every dashboard page may show one while it needs no other server sentence
 * (ADR 0066).
 */
export const ACCOUNT_MSG = {
  emailNotVerified: 'Please verify your email address first. Check your inbox for the link.',
  accountBlocked: 'Your account has been blocked. Please contact support.',
  unauthorized: 'Please login to continue.',
  forbidden: 'You are not allowed to do this.',
} as const;
