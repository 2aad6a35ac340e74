/**
 * Request fields that carry a secret (ADR 0034): the transaction pin, every
 * password (and the confirmation a form may send along), a one-time link token, a refresh
 * token, the BVN, card data should a client ever send it. The server keeps none of them: not
 * in logs, not even in the keyed fingerprint of an X-Request-Id (server/src/platform/http/idempotency.ts).
 * `secrets.test.ts` fails when an endpoint's body gains a field that looks secret and is not
 * listed here, so this list is the one place to say it.
 */
export const SECRET_FIELDS = [
  'pin',
  'password',
  'old_password',
  'new_password',
  'confirm_password',
  'token',
  'refresh_token',
  'bvn',
  'card_number',
  'cvv',
  // A TOTP or recovery code, and the sign-in challenge it completes (ADR 0051).
  'otp',
  'challenge',
] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];
