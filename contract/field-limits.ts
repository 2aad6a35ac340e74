import { z } from './zod';
import { MSG } from './messages';

/**
 * Longest accepted value of each kind of field (ADR 0015). Checked before any pattern, so
 * nothing long reaches a regex, argon2 or a `varchar` column; the forms, the mocks and the
 * server refuse alike because they parse with the same schemas.
 */
export const MAX_LENGTH = {
  /** RFC 5321: an address is at most 254 characters. */
  email: 254,
  name: 100,
  /** 11 digits (spec §9). */
  phone: 11,
  password: 128,
  /** Catalogue, plan, network, service and user ids. */
  id: 64,
  /** Meter, smart-card, customer and JAMB profile numbers (real ones are 10–13 digits). */
  number: 20,
  /** SPECTRANET / SMILE account ids. */
  accountId: 32,
  couponCode: 64,
  referralCode: 40,
  /** E-mailed and refresh tokens (real ones are 43 characters). */
  token: 512,
  /** Search terms (the admin searches users by exact e-mail). */
  search: 254,
  /** Any other short text. */
  text: 200,
} as const;

/** A trimmed id-like string: required, at most `max` characters, one message for both. */
export const requiredId = (message: string = MSG.inputsInvalid, max: number = MAX_LENGTH.id) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, message));
