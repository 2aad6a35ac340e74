/**
 * Helpers for src/lib tests only (never imported by app code): JWTs with chosen claims, a
 * storage stub, a base URL for Node's fetch, and the wire form of a user.
 */
import type { KeyValueStorage } from './session';

/** Where tests send calls: Node's fetch needs an absolute URL. */
export const TEST_BASE = 'http://api.test';

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An unsigned JWT with `iat` = `issuedAtMs` and a lifetime of `lifetimeS` seconds. */
export function fakeJwt(
  issuedAtMs: number,
  lifetimeS = 900,
  extra: Record<string, unknown> = {},
): string {
  const iat = Math.floor(issuedAtMs / 1000);
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: 'u1', iat, exp: iat + lifetimeS, ...extra })}.sig`;
}

/** A Map-backed localStorage stand-in whose contents tests can inspect. */
export function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/** `GET /api/user` as the server sends it: money in naira. */
export const wireUser = {
  id: 'u1',
  name: 'Ada Obi',
  email: 'ada@example.com',
  phone: '08031234567',
  wallet_balance: 1234.5,
  isAdmin: false,
  has_created_secret_pin: true,
  email_verified: true,
  referral_code: 'ADA1',
  status: 'online',
  last_login: 1_700_000_000_000,
  isBlocked: false,
  created_on: 1_690_000_000_000,
  transactions: [],
  coupons: [],
};
