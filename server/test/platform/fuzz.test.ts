/**
 * Property-based bad input (fast-check) against every route of this issue: whatever arrives,
 * the answer is never a 5xx, an error is `{ type, msg }`, and nothing changes in the database.
 * Logout is the one route whose work needs no body: it ends its own session whatever comes
 *, so each of its runs gets a session of its own and only that one may end.
 */
import { randomUUID } from 'node:crypto';
import { api, type Endpoint } from '@contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badBodies, badRequest, expectCleanAnswer, rawBodies } from '../bad-input.ts';
import { adminLogin, createKit, engines, type Kit, type TestUser } from '../helper.ts';
import { runs } from '../../../scripts/property-tests.ts';

const keys = [
  'username',
  'password',
  'email',
  'name',
  'phone',
  'referral_code',
  'token',
  'pin',
  'amount',
  'old_password',
  'new_password',
  'id',
  'refresh_token',
  'page',
  'limit',
  'q',
  'to',
];
const bodies = badBodies(keys, ['a@b.co', '08031234567', '123456', 'x'.repeat(600)], 6);

/**
 * Inputs that once broke the harness itself, tried first on every route: an array holding an
 * object whose `toString` is not a function (seed -1525608512).
 */
const regressions: [unknown, string, boolean][] = [
  [[{ toString: 0 }], '', false],
  [{ q: { toString: 0 }, page: Object.create(null) }, '', false],
];

const routes: { ep: Endpoint; auth: 'none' | 'user' | 'admin' }[] = [
  { ep: api.login, auth: 'none' },
  { ep: api.register, auth: 'none' },
  { ep: api.refresh, auth: 'none' },
  { ep: api.initiateReset, auth: 'none' },
  { ep: api.verifyResetToken, auth: 'none' },
  { ep: api.resetPassword, auth: 'none' },
  { ep: api.verifyEmail, auth: 'none' },
  { ep: api.resendVerification, auth: 'none' },
  { ep: api.createPin, auth: 'user' },
  { ep: api.currentUser, auth: 'user' },
  { ep: api.changePassword, auth: 'user' },
  { ep: api.resetPin, auth: 'user' },
  { ep: api.share, auth: 'user' },
  { ep: api.users, auth: 'admin' },
  { ep: api.atgBalance, auth: 'admin' },
  { ep: api.vtBalance, auth: 'admin' },
  { ep: api.blockUser, auth: 'admin' },
  { ep: api.unblockUser, auth: 'admin' },
  { ep: api.networks, auth: 'none' },
  { ep: api.dataProducts, auth: 'none' },
  { ep: api.devMail, auth: 'none' },
];

describe.each(engines)('bad input on %s', (engine) => {
  let kit: Kit;
  let user: TestUser;
  let admin: string;

  /** Everything a request could change, except security counters (pin tries, login limits). */
  async function fingerprint(ownSession?: string): Promise<string> {
    const db = kit.app.ctx.db;
    const counts = await Promise.all(
      (
        [
          'users',
          'accounts',
          'movements',
          'ledger_entries',
          'transactions',
          'refresh_tokens',
          'email_tokens',
          'mail_outbox',
          'idempotency_keys',
          'coupons',
        ] as const
      ).map(
        async (t) =>
          (
            await db
              .selectFrom(t)
              .select(sql<number>`count(*)`.as('n'))
              .executeTakeFirstOrThrow()
          ).n,
      ),
    );
    const users = await db
      .selectFrom('users')
      .select(['id', 'password_hash', 'pin_hash', 'is_blocked', 'email_verified', 'name', 'email'])
      .orderBy('id')
      .execute();
    const balances = await db
      .selectFrom('accounts')
      .select(['id', 'balance'])
      .orderBy('id')
      .execute();
    const revoked = await db
      .selectFrom('refresh_tokens')
      .select(['id', 'used_at', 'revoked_at'])
      .$if(ownSession !== undefined, (q) => q.where('family_id', '<>', ownSession!))
      .orderBy('id')
      .execute();
    return JSON.stringify({ counts: counts.map(Number), users, balances, revoked });
  }

  beforeAll(async () => {
    kit = await createKit(engine);
    user = await kit.user({ funds: 1_000_00 });
    admin = await adminLogin(kit);
  });
  afterAll(async () => {
    expect(await kit.invariants()).toEqual([]);
    await kit.close();
  });

  it.each(routes.map((r) => [r.ep.name, r] as const))('%s', async (_name, { ep, auth }) => {
    const before = await fingerprint();
    const token = auth === 'user' ? user.token : auth === 'admin' ? admin : undefined;
    await fc.assert(
      fc.asyncProperty(bodies, rawBodies, fc.boolean(), async (body, raw, useRaw) => {
        const request = badRequest(ep, { body, token, raw: useRaw ? raw : undefined });
        expectCleanAnswer(await kit.app.inject(request));
      }),
      { numRuns: runs(40), examples: regressions },
    );
    expect(await fingerprint()).toBe(before);
  });

  it('auth.logout', async () => {
    const ctx = kit.app.ctx;
    /** A new session of `user` straight from the token service (no login limits in the way). */
    async function session() {
      const family = { id: randomUUID(), expiresAt: Date.now() + 60 * 60_000 };
      await ctx.dbh.writeTx((trx) => ctx.tokens.issueRefresh(trx, user.id, family));
      return { id: family.id, token: await ctx.tokens.signAccess(user.id, family.id) };
    }
    const family = (id: string) =>
      ctx.db
        .selectFrom('refresh_tokens')
        .select(['used_at', 'revoked_at'])
        .where('family_id', '=', id)
        .execute();
    await fc.assert(
      fc.asyncProperty(bodies, rawBodies, fc.boolean(), async (body, raw, useRaw) => {
        const own = await session();
        const before = await fingerprint(own.id);
        const request = badRequest(api.logout, {
          body,
          token: own.token,
          raw: useRaw ? raw : undefined,
        });
        expectCleanAnswer(await kit.app.inject(request));
        // Nothing else changed; its own session ended, or (input refused before the route ran)
        // is as it was.
        expect(await fingerprint(own.id)).toBe(before);
        const rows = await family(own.id);
        expect(rows).toHaveLength(1);
        expect(rows[0]!.used_at).toBeNull();
      }),
      { numRuns: runs(40), examples: regressions },
    );
    // And a well-formed logout ends it.
    const own = await session();
    expect((await kit.call(api.logout, { token: own.token })).status).toBe(200);
    expect((await family(own.id))[0]!.revoked_at).not.toBeNull();
    expect((await kit.call(api.currentUser, { token: user.token })).status).toBe(200);
  });
});
