/**
 * Sessions (decisions §7; ADR 0007, 0015): a 15-minute HS256 access JWT `{ sub, sid, iat, exp }`
 * whose `sid` names its session (the refresh family: revoking the family ends the access token
 * at once, so a password change can end every other session), and an
 * opaque refresh token stored as SHA-256, rotated on every use, in a family that ends 30 days
 * after login. Presenting an already-rotated (or revoked) refresh token is theft or a replay:
 * the whole family is revoked. Each token of a family records whether the session passed the
 * two-factor step (`two_factor`, ADR 0072): rotation keeps it, and only the database holds it.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { SERVER_MSG } from '@contract';
import { SignJWT } from 'jose';
import type { Db } from '../platform/db/index.ts';
import { randomToken, sha256 } from '../platform/secrets.ts';
import { ApiError } from '../platform/http/errors.ts';

export const ACCESS_TTL_S = 15 * 60;
export const REFRESH_FAMILY_TTL_MS = 30 * 24 * 60 * 60_000;

export type AccessCheck =
  | { ok: true; userId: string; iat: number; exp: number; sessionId?: string }
  | { ok: false; reason: 'invalid' | 'expired' };

export interface TokenService {
  /** `sessionId`: the refresh family the token belongs to. */
  signAccess(userId: string, sessionId?: string): Promise<string>;
  /** Synchronous: on every signed-in request (ADR 0028). */
  verifyAccess(token: string): AccessCheck;
  /**
   * Issues a refresh token in `family` (a new family when absent); `twoFactor`: the session
   * passed the two-factor step.
   */
  issueRefresh(
    trx: Db,
    userId: string,
    family?: { id: string; expiresAt: number; twoFactor?: boolean },
  ): Promise<string>;
}

export function createTokenService(secret: string): TokenService {
  const rawKey = Buffer.from(secret, 'utf8');
  // Tokens already verified, oldest first (a client sends its token many times in 15 minutes).
  const verified = new Map<string, AccessCheck & { ok: true }>();
  // Signing (login, refresh) uses jose with the HMAC key imported once: given raw bytes, jose
  // imports a Web Crypto key on every sign. Verifying, on every signed-in request, is
  // verifyHs256 below (ADR 0028).
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
    verifyAccess(token) {
      const now = Math.floor(Date.now() / 1000);
      // A token seen valid before is the same string with the same signature: only its expiry
      // can have changed (revocation is the session check, on every request).
      const known = verified.get(token);
      if (known) return known.exp > now ? known : EXPIRED;
      const check = verifyHs256(token, rawKey, now);
      if (check.ok) {
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
        verified.set(token, check);
      }
      return check;
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
          two_factor: family?.twoFactor ? 1 : 0,
        })
        .execute();
      return token;
    },
  };
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const INVALID = { ok: false, reason: 'invalid' } as const;
const EXPIRED = { ok: false, reason: 'expired' } as const;
/** Verified tokens kept per token service: one per signed-in client active in 15 minutes. */
const VERIFIED_MAX = 10_000;

function jsonPart(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks an access token the way `jose.jwtVerify(token, key, { algorithms: ['HS256'] })` did,
 * synchronously with node:crypto (ADR 0028: Web Crypto's async verify was a fifth of a signed-in
 * read's CPU). Invalid: not three base64url parts, a signature that is not HMAC-SHA-256 of
 * `header.payload` under `key` (compared in constant time), a header whose `alg` is not HS256
 * (`none` included) or that names `crit` extensions, a payload that is not a JSON object, a
 * `sub` that is not a string, an `iat` or `exp` that is not a number (a token without `exp`
 * too: we never issue one), an `nbf` in the future. Expired: a valid token whose `exp` ≤ `now`
 * (seconds).
 */
export function verifyHs256(token: string, key: Buffer, now: number): AccessCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return INVALID;
  const [header, payload, signature] = parts as [string, string, string];
  if (!BASE64URL.test(header) || !BASE64URL.test(payload) || !BASE64URL.test(signature)) {
    return INVALID;
  }
  const given = Buffer.from(signature, 'base64url');
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return INVALID;
  const head = jsonPart(header);
  if (!head || head.alg !== 'HS256' || head.crit !== undefined) return INVALID;
  const claims = jsonPart(payload);
  if (!claims) return INVALID;
  const { sub, iat, exp, nbf, sid } = claims;
  if (typeof sub !== 'string' || typeof iat !== 'number' || !Number.isFinite(iat)) {
    return INVALID;
  }
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return INVALID;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return INVALID;
  if (exp <= now) return EXPIRED;
  return { ok: true, userId: sub, iat, exp, sessionId: typeof sid === 'string' ? sid : undefined };
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

/**
 * Inside a security write's transaction (a new key, a webhook address, a pin): the session that
 * asked is still open. The request's session was checked when it began; a password reset or a
 * logout committing since must not let it write after (ADR 0033). On PostgreSQL the session's
 * rows are locked until the write commits, so `endSessions` lands wholly before (refused here)
 * or after (and undoes what a reset undoes); SQLite has one writer already. A token without a
 * session (no longer issued; 15 minutes at most) is not re-checked.
 */
export async function requireOpenSession(
  trx: Db,
  lock: boolean,
  sessionId: string | undefined,
): Promise<void> {
  if (!sessionId) return;
  const rows = await trx
    .selectFrom('refresh_tokens')
    .select('revoked_at')
    .where('family_id', '=', sessionId)
    .$if(lock, (q) => q.forUpdate())
    .execute();
  if (rows.some((r) => r.revoked_at !== null)) {
    throw new ApiError('unauthorized', SERVER_MSG.unauthorized);
  }
}

/** Whether the session `sessionId` (a refresh family) passed the two-factor step (ADR 0072). */
export async function sessionPassedTwoFactor(
  db: Db,
  sessionId: string | undefined,
): Promise<boolean> {
  if (!sessionId) return false;
  // A family only ever gains it (markSessionTwoFactor): one token that has it answers, even one
  // rotated while the session was being marked.
  const row = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('family_id', '=', sessionId)
    .where('two_factor', '=', 1)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A code from the authenticator app was accepted in this session: it passed two-factor. */
export async function markSessionTwoFactor(trx: Db, sessionId: string): Promise<void> {
  await trx
    .updateTable('refresh_tokens')
    .set({ two_factor: 1 })
    .where('family_id', '=', sessionId)
    .execute();
}
