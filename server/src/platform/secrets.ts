/**
 * Password, pin and token hashing (decisions §7).
 * - Passwords and pins: argon2id with the OWASP parameters (m = 19 MiB, t = 2, p = 1). A pin has
 *   only 10^6 values, so its hash alone resists little offline; the lockout (5 tries) is the
 *   real protection, argon2 keeps a stolen table from giving pins away for free (ADR 0007).
 * - Refresh, e-mail and reset tokens: 256 random bits, stored as SHA-256 (a fast hash is
 *   enough for high-entropy secrets; the database never holds a usable token).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** `Algorithm.Argon2id` (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2 as Algorithm;

const OWASP = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/** ARGON2_TEST_FAST=1 (tests only): same algorithm, tiny cost, so suites stay quick. */
const FAST = { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1, parallelism: 1 };

export interface Hasher {
  hash(secret: string): Promise<string>;
  verify(stored: string, secret: string): Promise<boolean>;
  /** A hash to verify against when the user does not exist (same timing). */
  dummy: Promise<string>;
}

export function createHasher(fast: boolean): Hasher {
  const options = fast ? FAST : OWASP;
  const h = (secret: string) => hash(secret, options);
  return {
    hash: h,
    verify: async (stored, secret) => {
      try {
        return await verify(stored, secret);
      } catch {
        return false;
      }
    },
    dummy: h(randomBytes(16).toString('hex')),
  };
}

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/**
 * An HMAC of a constant under `secret`: tells two keys apart, gives the key away to no one
 * (the start-up check of the shared keys, ADR 0036, and the coupon codes' migration, ADR 0071).
 */
export function secretFingerprint(secret: string, purpose: string): string {
  return createHmac('sha256', secret)
    .update(`paybills:secret-check:${purpose}`)
    .digest('base64url');
}
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Unambiguous alphabet (no 0/O, 1/I/L) for codes people type. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export function randomCode(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

/** The most common passwords that satisfy the spec's rule (8+ letters or digits) (decisions §7). */
export const COMMON_PASSWORDS = new Set(
  [
    '12345678',
    '123456789',
    '1234567890',
    '12345678910',
    '123123123',
    '11111111',
    '00000000',
    '87654321',
    '88888888',
    '99999999',
    '22222222',
    '66666666',
    '12341234',
    '11223344',
    'password',
    'password1',
    'password12',
    'password123',
    'passw0rd',
    'p4ssw0rd',
    'qwerty123',
    'qwertyuiop',
    'qwerty12',
    'qwerty1234',
    '1q2w3e4r',
    '1q2w3e4r5t',
    'q1w2e3r4',
    'zaq12wsx',
    'iloveyou',
    'iloveyou1',
    'princess',
    'sunshine',
    'football',
    'baseball',
    'welcome1',
    'welcome123',
    'admin123',
    'administrator',
    'letmein1',
    'trustno1',
    'abc12345',
    'abcd1234',
    'abcdefgh',
    'superman',
    'starwars',
    'whatever',
    'computer',
    'michelle',
    'jennifer',
    'changeme',
    'asdfghjk',
    'asdfasdf',
    'aa123456',
    'a1234567',
    'qazwsxedc',
    'nigeria123',
    'nigeria1',
    'lagos123',
    'jesus123',
    'godisgood',
    'blessing',
    'chelsea1',
    'arsenal1',
    'liverpool',
    'manchester',
    'password2024',
    'password2025',
    'password2026',
  ].map((p) => p.toLowerCase()),
);
export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.toLowerCase());
