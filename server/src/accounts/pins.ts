/**
 * Transaction pins (ADR 0021): HMAC-SHA-256 keyed with the server's pin secret (PIN_SECRET,
 * or a key generated once in DATA_DIR like the JWT key), over the user id and the pin. A
 * 6-digit pin has 10⁶ values: argon2 only delayed an offline guess from a stolen table by
 * hours, while without the key, kept outside the database, a stolen hash gives nothing away.
 * Online guessing stays bounded by the lockout (five tries, wallet/wallet.ts). A check costs
 * microseconds instead of argon2's ~15 ms of CPU, so pins no longer bound purchases.
 *
 * Stored as `hmac-sha256$<base64url>`; a stored argon2 hash (pins set before) is still
 * accepted and replaced by the HMAC on the next correct entry.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const PIN_HMAC_PREFIX = 'hmac-sha256$';

export interface PinHasher {
  /** What to store for `pin` of `userId`. */
  hash(userId: string, pin: string): string;
  /** True/false for an HMAC hash; 'legacy' for anything else (argon2: ask the Hasher). */
  matches(stored: string, userId: string, pin: string): boolean | 'legacy';
}

export function createPinHasher(secret: string): PinHasher {
  const mac = (userId: string, pin: string) =>
    createHmac('sha256', secret).update(`${userId}\u0000${pin}`).digest();
  return {
    hash: (userId, pin) => PIN_HMAC_PREFIX + mac(userId, pin).toString('base64url'),
    matches(stored, userId, pin) {
      if (!stored.startsWith(PIN_HMAC_PREFIX)) return 'legacy';
      const want = Buffer.from(stored.slice(PIN_HMAC_PREFIX.length), 'base64url');
      const got = mac(userId, pin);
      return want.length === got.length && timingSafeEqual(want, got);
    },
  };
}
