import { DAY, now } from './clock';
import { db } from './db';
import { hash32 } from './random';
import type { RefreshTokenRecord } from './records';

/**
 * Mock session tokens (decisions §7). The access token is JWT-shaped — base64url
 * `header.payload.signature` with `{ sub, iat, exp }` in seconds, 15 minutes apart — so the
 * client can read iat/exp for its refresh timer (spec §4). Both tokens are checked by their
 * signature rather than looked up, so a session saved in localStorage survives a page reload
 * (which resets the in-memory db). The signature is a toy hash: this is a mock, not security.
 */

export const ACCESS_TOKEN_SECONDS = 900;
const REFRESH_TOKEN_LIFETIME = 30 * DAY;
const SECRET = 'paybills-mock-signing-key';

function b64url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromB64url(text: string): string {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
}

function sign(data: string): string {
  const a = hash32(`${SECRET}.${data}`).toString(16).padStart(8, '0');
  const b = hash32(`${data}.${SECRET}`).toString(16).padStart(8, '0');
  return b64url(a + b);
}

function signed(payload: object): string {
  const data = `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}`;
  return `${data}.${sign(data)}`;
}

function verified(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header = '', payload = '', signature = ''] = parts;
  if (sign(`${header}.${payload}`) !== signature) return null;
  try {
    const value: unknown = JSON.parse(fromB64url(payload));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export interface AccessClaims {
  sub: string;
  iat: number;
  exp: number;
}

/** An access token for `userId`, issued at `issuedAt` (ms; tests pass a past time to expire it). */
export function signAccessToken(userId: string, issuedAt = now()): string {
  const iat = Math.floor(issuedAt / 1000);
  return signed({ sub: userId, iat, exp: iat + ACCESS_TOKEN_SECONDS });
}

export type AccessCheck =
  { ok: true; claims: AccessClaims } | { ok: false; reason: 'invalid' | 'expired' };

export function readAccessToken(token: string): AccessCheck {
  const claims = verified(token);
  if (
    !claims ||
    typeof claims.sub !== 'string' ||
    typeof claims.iat !== 'number' ||
    typeof claims.exp !== 'number'
  ) {
    return { ok: false, reason: 'invalid' };
  }
  if (claims.exp * 1000 <= now()) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { sub: claims.sub, iat: claims.iat, exp: claims.exp } };
}

/** A refresh token: opaque to the client, rotated on every use, one family per sign-in. */
export function issueRefreshToken(userId: string, family?: string): string {
  db.seq += 1;
  const fam = family ?? `fam_${db.seq}`;
  const expiresAt = now() + REFRESH_TOKEN_LIFETIME;
  const token = signed({ kind: 'refresh', sub: userId, fam, jti: db.seq, exp: expiresAt });
  db.refreshTokens.push({
    token,
    user_id: userId,
    family: fam,
    expires_at: expiresAt,
    state: 'active',
  });
  return token;
}

/**
 * Rotation (decisions §7): a used or revoked token revokes its whole family. A validly signed
 * token the db does not know was issued before a page reload: it is accepted once.
 */
export function useRefreshToken(token: string): { userId: string; family: string } | null {
  const claims = verified(token);
  if (
    !claims ||
    claims.kind !== 'refresh' ||
    typeof claims.sub !== 'string' ||
    typeof claims.fam !== 'string'
  ) {
    return null;
  }
  if (typeof claims.exp !== 'number' || claims.exp <= now()) return null;
  const known = db.refreshTokens.find((r) => r.token === token);
  if (known && known.state !== 'active') {
    revokeFamily(claims.fam);
    return null;
  }
  if (known) known.state = 'used';
  else db.refreshTokens.push(usedRecord(token, claims.sub, claims.fam, claims.exp));
  return { userId: claims.sub, family: claims.fam };
}

function usedRecord(
  token: string,
  userId: string,
  family: string,
  expiresAt: number,
): RefreshTokenRecord {
  return { token, user_id: userId, family, expires_at: expiresAt, state: 'used' };
}

export function revokeFamily(family: string): void {
  for (const record of db.refreshTokens) if (record.family === family) record.state = 'revoked';
}

/** Logout: revoke the family of the refresh token sent in X-Refresh-Token, if any. */
export function revokeRefreshToken(token: string | null): void {
  if (!token) return;
  const claims = verified(token);
  if (claims && typeof claims.fam === 'string') {
    revokeFamily(claims.fam);
    if (!db.refreshTokens.some((r) => r.token === token) && typeof claims.sub === 'string') {
      db.refreshTokens.push({
        ...usedRecord(token, claims.sub, claims.fam, Number(claims.exp)),
        state: 'revoked',
      });
    }
  }
}

/** A fresh pair for a user: what login and refresh answer. */
export function issueSession(
  userId: string,
  family?: string,
): { JWTtoken: string; refresh_token: string } {
  return { JWTtoken: signAccessToken(userId), refresh_token: issueRefreshToken(userId, family) };
}
