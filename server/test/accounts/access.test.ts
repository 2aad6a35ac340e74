/**
 * Access on every signed-in route (OWASP API1/API5): anonymous, expired, blocked, other user.
 *
 * The rest of the OWASP API Security Top 10 (2023) this server is tested against:
 * - API2 broken authentication: attempts reserved before argon2 (200 parallel wrong pins → 5
 *   checks; logins per (account, address), per address, per account; change password and reset
 *   pin share one budget), no stranger lock-out, other sessions end on a password change, the
 *   reset token checked before hashing, X-Forwarded-For spoofing ignored: abuse.test.ts;
 *   refresh rotation and reuse detection: auth.test.ts.
 * - API4 unrestricted resource consumption: a maximum length on every field before any pattern
 *   (contract/limits.test.ts), over-long input 400 on SQLite and PostgreSQL, rate limits on
 *   every unauthenticated and costly route shared by two instances (abuse.test.ts), bad input
 *   never a 5xx (fuzz.test.ts, fuzz-money.test.ts).
 * - API8 security misconfiguration: live mode refuses the default admin password, missing
 *   secrets, SMTP, PUBLIC_URL, sandbox providers beside real ones and a sandbox database; no
 *   dev mailbox with SMTP or in live mode (live-mode.test.ts); no secret in logs or in the
 *   idempotency table (logs.test.ts, abuse.test.ts).
 */
import { api, MSG, SERVER_MSG, type Endpoint } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKit, engines, PASSWORD, PIN, type Kit } from '../helper.ts';

const userRoutes: [Endpoint, unknown][] = [
  [api.logout, undefined],
  [api.createPin, { pin: '123456' }],
  [api.currentUser, undefined],
  [api.changePassword, { old_password: PASSWORD, new_password: 'Another9Secret' }],
  [api.resetPin, { password: PASSWORD, pin: '654321' }],
  [api.share, { amount: 1, email: 'someone@example.com', pin: PIN }],
];
const adminRoutes: [Endpoint, unknown][] = [
  [api.users, undefined],
  [api.atgBalance, undefined],
  [api.vtBalance, undefined],
  [api.blockUser, { id: 'x' }],
  [api.unblockUser, { id: 'x' }],
];

describe.each(engines)('access control on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterAll(async () => {
    expect(await kit.invariants()).toEqual([]);
    await kit.close();
  });

  it.each([...userRoutes, ...adminRoutes].map(([ep, body]) => [ep.name, ep, body] as const))(
    '%s: 401 anonymous, 401 bad token, 403 token_expired, 423 blocked',
    async (_name, ep, body) => {
      const u = await kit.user({ funds: 100_00 });
      expect(await kit.call(ep, { body })).toEqual({
        status: 401,
        body: { type: 'unauthorized', msg: SERVER_MSG.unauthorized },
      });
      expect((await kit.call(ep, { body, token: `${u.token}x` })).status).toBe(401);
      expect(await kit.call(ep, { body, token: await kit.expiredToken(u.id) })).toEqual({
        status: 403,
        body: { type: 'token_expired', msg: MSG.sessionExpired },
      });
      await kit.app.ctx.db
        .updateTable('users')
        .set({ is_blocked: 1 })
        .where('id', '=', u.id)
        .execute();
      expect(await kit.call(ep, { body, token: u.token })).toEqual({
        status: 423,
        body: { type: 'blocked', msg: SERVER_MSG.accountBlocked },
      });
      expect(await kit.balance(u.id)).toBe(100_00);
    },
  );

  it('a user cannot end another user’s session', async () => {
    const a = await kit.user();
    const b = await kit.user();
    await kit.call(api.logout, { token: a.token, headers: { 'x-refresh-token': b.refresh } });
    expect((await kit.call(api.refresh, { body: { refresh_token: b.refresh } })).status).toBe(200);
  });

  it('a deleted or unknown subject is 401', async () => {
    const token = await kit.expiredToken('nobody');
    expect((await kit.call(api.currentUser, { token })).status).toBe(403);
    const { SignJWT } = await import('jose');
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('nobody')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await kit.call(api.currentUser, { token: forged })).status).toBe(401);
  });
});
