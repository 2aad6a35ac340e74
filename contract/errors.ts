import { z } from './zod';

/** Every error answer: `{ type, msg }` with a 4xx/5xx status (spec §8, decisions §3). */
export const ApiErrorSchema = z.object({
  type: z.string(),
  msg: z.string(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;

/**
 * Machine codes for `type`, with the HTTP status each one uses. 401 clears the session
 * silently; 403 `token_expired` clears it with the spec's message; every other refusal keeps
 * the session (decisions §3).
 */
export const ERROR_STATUS = {
  validation_error: 400,
  unauthorized: 401,
  token_expired: 403,
  forbidden: 403,
  email_not_verified: 403,
  blocked: 423,
  wrong_pin: 422,
  wrong_password: 422,
  pin_not_set: 409,
  pin_locked: 423,
  insufficient_funds: 422,
  /** A verification level's daily spending limit (ADR 0058). */
  limit_exceeded: 422,
  invalid_coupon: 422,
  not_found: 404,
  conflict: 409,
  idempotency_conflict: 409,
  rate_limited: 429,
  provider_error: 502,
  server_error: 500,
} as const;
export type ErrorType = keyof typeof ERROR_STATUS;
