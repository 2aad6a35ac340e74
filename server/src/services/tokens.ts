/**
 * Sessions (decisions §7; ADR 0007, 0015): a 15-minute HS256 access JWT `{ sub, sid, iat, exp }`
 * whose `sid` names its session (the refresh family: revoking the family ends the access token
 * at once, so a password change can end every other session), and an
 * opaque refresh token stored as SHA-256, rotated on every use, in a family that ends 30 days
 * after login. Presenting an already-rotated (or revoked) refresh token is theft or a replay:
 * the whole family is revoked.
 */
import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/index.ts';
import { randomToken, sha256 } from '../domain/secrets.ts';

export const ACCESS_TTL_S = 15 * 60;
export const REFRESH_FAMILY_TTL_MS = 30 * 24 * 60 * 60_000;

export type AccessCheck =
  | { ok: true; userId: string; iat: number; sessionId?: string }
  | { ok: false; reason: 'invalid' | 'expired' };

export interface TokenService {
  /** `sessionId`: the refresh family the token belongs to. */
  signAccess(userId: string, sessionId?: string): Promise<string>;
  verifyAccess(token: string): Promise<AccessCheck>;
  /** Issues a refresh token in `familyId` (new family when absent). */
  issueRefresh(
    trx: Db,
    userId: string,
    family?: { id: string; expiresAt: number },
  ): Promise<string>;
}

export function createTokenService(secret: string): TokenService {
  // The HMAC key imported once: given raw bytes, jose imports a Web Crypto key on every sign and
  // verify, a fifth of an authenticated request's CPU (issue 15).
  let imported: Promise<CryptoKey> | undefined;
  const hmacKey = () =>
    (imported ??= crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    ));
  return {
    async signAccess(userId, sessionId) {
      return new SignJWT(sessionId ? { sid: sessionId } : {})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TTL_S}s`)
        .sign(await hmacKey());
    },
    async verifyAccess(token) {
      try {
        const { payload } = await jwtVerify(token, await hmacKey(), { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.iat !== 'number') {
          return { ok: false, reason: 'invalid' };
        }
        const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
        return { ok: true, userId: payload.sub, iat: payload.iat, sessionId: sid };
      } catch (err) {
        return { ok: false, reason: err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
    async issueRefresh(trx, userId, family) {
      const now = Date.now();
      const token = randomToken(32);
      await trx
        .insertInto('refresh_tokens')
        .values({
          id: randomUUID(),
          family_id: family?.id ?? randomUUID(),
          user_id: userId,
          token_hash: sha256(token),
          created_at: now,
          expires_at: family?.expiresAt ?? now + REFRESH_FAMILY_TTL_MS,
          used_at: null,
          revoked_at: null,
        })
        .execute();
      return token;
    },
  };
}

/**
 * Ends every session of a user (its refresh families, and with them their access tokens),
 * except `keep` (the session that changed the password). Password reset and change, block.
 */
export async function endSessions(trx: Db, userId: string, now: number, keep?: string) {
  let q = trx
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keep) q = q.where('family_id', '<>', keep);
  await q.execute();
}
