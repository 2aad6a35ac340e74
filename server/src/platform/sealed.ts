/**
 * Secrets the server must read back (an admin's TOTP key, ADR 0051), sealed at rest with
 * AES-256-GCM. Hashes (platform/secrets.ts) serve for what is only compared; a TOTP key must
 * compute codes, so it is encrypted instead, under a key derived from PIN_SECRET: that secret
 * lives in the environment (or the data directory), never in the database, is the same on
 * every instance (ADR 0036) and is never rotated, so a copy of the database or a backup gives
 * no authenticator key. Each value has its own random nonce; the tag refuses a tampered one.
 * The purpose is bound as associated data, so a value sealed for one use opens for no other.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const VERSION = 'v1';

const keyFor = (serverSecret: string) =>
  createHmac('sha256', 'sealed-at-rest:v1').update(serverSecret).digest();

export function seal(serverSecret: string, purpose: string, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(serverSecret), nonce);
  cipher.setAAD(Buffer.from(purpose, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, nonce, body, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plain text, or `undefined` for a value that is not one we sealed for `purpose`. */
export function unseal(serverSecret: string, purpose: string, sealed: string): string | undefined {
  const [version, nonce, body, tag, ...rest] = sealed.split('.');
  if (version !== VERSION || !nonce || body === undefined || !tag || rest.length) return undefined;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyFor(serverSecret),
      Buffer.from(nonce, 'base64url'),
    );
    decipher.setAAD(Buffer.from(purpose, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}
