/**
 * Admin roles (issue 25 §3; ADR 0051): a table generated from the contract, every admin
 * endpoint × every role. A call the role does not allow (contract/roles.ts) is answered 403
 * with the role's message and writes nothing; a call it allows gets past the guard (whatever
 * its empty input then earns: 200, 400, 404…). An admin endpoint without a permission fails
 * the first test, so one added later is placed on purpose.
 */
import {
  ADMIN_ROLES,
  allEndpoints,
  api,
  permissionOf,
  ROLE_MSG,
  roleMayCall,
  SERVER_MSG,
  type AdminRole,
  type Endpoint,
} from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, createKit, engines, PASSWORD, type Kit } from './helper.ts';

const adminEndpoints = allEndpoints.filter((e) => e.access === 'admin');

/** Every `:name` of the path filled with a value no row has. */
const paramsOf = (e: Endpoint) =>
  Object.fromEntries([...e.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => [m[1], 'no-such-id']));

/** A new session of an account made by the kit (its password is the kit's). */
async function signIn(kit: Kit, email: string): Promise<string> {
  const res = await kit.call(api.login, { body: { username: email, password: PASSWORD } });
  expect(res.status).toBe(200);
  return res.body.JWTtoken;
}

describe('every admin endpoint has a permission in contract/roles.ts', () => {
  it.each(adminEndpoints.map((e) => [e.name]))('%s', (name) => {
    expect(permissionOf(name)).toBeDefined();
  });

  it('gives the owner everything and each other role only its share', () => {
    for (const e of adminEndpoints) expect(roleMayCall('owner', e.name)).toBe(true);
    expect(roleMayCall('support', api.reverse.name)).toBe(false);
    expect(roleMayCall('finance', api.reverse.name)).toBe(true);
    expect(roleMayCall('support', api.blockUser.name)).toBe(true);
    expect(roleMayCall('pricing', api.editProduct.name)).toBe(true);
    expect(roleMayCall('finance', api.editProduct.name)).toBe(false);
    // A later endpoint of the adjustments family is finance's by its name.
    expect(roleMayCall('finance', 'admin.adjustmentExport')).toBe(true);
    expect(roleMayCall('support', 'admin.adjustmentExport')).toBe(false);
    expect(roleMayCall(null, api.adminSelf.name)).toBe(false);
  });
});

describe.each(engines)('admin roles on %s', (engine) => {
  let kit: Kit;
  const tokens = {} as Record<AdminRole | 'customer', string>;

  /** What a refused call must leave as it was: rows that record or move anything. */
  async function snapshot() {
    const db = kit.app.ctx.db;
    const count = async (table: 'audit_log' | 'ledger_entries' | 'transactions' | 'price_tiers') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const users = await db
      .selectFrom('users')
      .select([
        'id',
        'is_admin',
        'admin_role',
        'is_blocked',
        'tier_id',
        'totp_secret',
        'totp_enrolled',
        'tokens_valid_after',
      ])
      .orderBy('id')
      .execute();
    const plans = await db.selectFrom('data_plans').selectAll().orderBy('id').execute();
    return {
      audit: await count('audit_log'),
      entries: await count('ledger_entries'),
      transactions: await count('transactions'),
      tiers: await count('price_tiers'),
      users: JSON.stringify(users),
      plans: JSON.stringify(plans),
    };
  }

  beforeAll(async () => {
    kit = await createKit(engine);
    const owner = await adminLogin(kit);
    tokens.owner = owner;
    for (const role of ADMIN_ROLES.filter((r) => r !== 'owner')) {
      const admin = await kit.user();
      const made = await kit.call(api.setAdminRole, {
        token: owner,
        body: { email: admin.email, role },
      });
      expect(made.status).toBe(200);
      // A role change ends the sessions the account had: the admin signs in again.
      tokens[role] = await signIn(kit, admin.email);
    }
    tokens.customer = (await kit.user()).token;
  });
  afterAll(async () => {
    expect(await kit.invariants()).toEqual([]);
    await kit.close();
  });

  it.each([...ADMIN_ROLES, 'customer' as const])(
    'a %s is refused exactly what contract/roles.ts refuses, and a refusal writes nothing',
    async (who) => {
      const token = tokens[who];
      const role = who === 'customer' ? undefined : who;
      const refused = adminEndpoints.filter((e) => !role || !roleMayCall(role, e.name));
      const allowed = adminEndpoints.filter((e) => role && roleMayCall(role, e.name));

      const before = await snapshot();
      for (const e of refused) {
        const res = await kit.call(e, {
          token,
          params: paramsOf(e),
          ...(e.method === 'GET' ? {} : { body: {} }),
        });
        expect([e.name, res.status, res.body]).toEqual([
          e.name,
          403,
          {
            type: 'forbidden',
            msg: role ? ROLE_MSG.notAllowed(role) : SERVER_MSG.forbidden,
          },
        ]);
      }
      expect(await snapshot()).toEqual(before);

      for (const e of allowed) {
        const res = await kit.call(e, {
          token,
          params: paramsOf(e),
          ...(e.method === 'GET' ? {} : { body: {} }),
        });
        expect([e.name, res.status]).not.toEqual([e.name, 403]);
      }
    },
  );

  it('an owner lists the admins with their roles; a role change is audited', async () => {
    const list = await kit.call(api.admins, { token: tokens.owner });
    expect(list.status).toBe(200);
    const roles = list.body.message.map((a: { role: string }) => a.role).sort();
    expect(roles).toEqual(expect.arrayContaining(['finance', 'owner', 'pricing', 'support']));
    const audit = await kit.call(api.auditLog, {
      token: tokens.owner,
      query: { action: 'admin.role' },
    });
    expect(audit.body.total).toBeGreaterThanOrEqual(3);
    expect(audit.body.message[0]).toMatchObject({
      action: 'admin.role',
      after: { admin: true },
    });
  });

  it('an owner cannot change their own role; removing an admin ends their sessions', async () => {
    const self = await kit.call(api.setAdminRole, {
      token: tokens.owner,
      body: { email: kit.config.adminEmail, role: 'support' },
    });
    expect(self).toMatchObject({ status: 409, body: { msg: ROLE_MSG.ownRole } });

    const admin = await kit.user();
    await kit.call(api.setAdminRole, {
      token: tokens.owner,
      body: { email: admin.email, role: 'support' },
    });
    const token = await signIn(kit, admin.email);
    expect((await kit.call(api.users, { token })).status).toBe(200);
    const removed = await kit.call(api.setAdminRole, {
      token: tokens.owner,
      body: { email: admin.email, role: 'none' },
    });
    expect(removed).toMatchObject({ status: 200, body: { message: ROLE_MSG.adminRemoved } });
    expect((await kit.call(api.users, { token })).status).toBe(401);
  });

  it('every role change (grant, change, removal) ends the sessions of the account', async () => {
    const account = await kit.user();
    let session = { token: account.token, refresh: account.refresh };
    for (const role of ['support', 'finance', 'none'] as const) {
      const changed = await kit.call(api.setAdminRole, {
        token: tokens.owner,
        body: { email: account.email, role },
      });
      expect(changed.status).toBe(200);
      const access = await kit.call(api.currentUser, { token: session.token });
      const refreshed = await kit.call(api.refresh, { body: { refresh_token: session.refresh } });
      expect([role, access.status, refreshed.status]).toEqual([role, 401, 401]);
      const again = await kit.call(api.login, {
        body: { username: account.email, password: PASSWORD },
      });
      session = { token: again.body.JWTtoken, refresh: again.body.refresh_token };
    }
    // The new session holds what the account now is: a customer.
    expect((await kit.call(api.users, { token: session.token })).status).toBe(403);
    expect((await kit.call(api.currentUser, { token: session.token })).status).toBe(200);
  });
});
