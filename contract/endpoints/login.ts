/**
 * Signing in (spec §5, §7; ADR 0051): a module of its own, so the login page carries neither
 * the other auth pages' calls nor the admin's two-factor setup.
 */
import { z } from '../zod';
import { endpoint } from '../endpoint';
import { LoginBody } from '../forms';
import { Tokens } from './session';

/** The login's answer when a code is still needed. */
export const TwoFactorChallengeSchema = z.object({
  two_factor_required: z.literal(true),
  /** Short-lived (two-factor.ts CHALLENGE_TTL_MS), one use; sent back with the code. */
  challenge: z.string(),
});
export type TwoFactorChallenge = z.output<typeof TwoFactorChallengeSchema>;

export const login = endpoint({
  name: 'auth.login',
  method: 'POST',
  path: '/api/auth/login',
  access: 'public',
  summary: 'Sign in (username: the e-mail); an admin with two-factor gets a challenge.',
  body: LoginBody,
  response: z.union([Tokens, TwoFactorChallengeSchema]),
  errors: [400, 401, 403, 423, 429, 500],
});
