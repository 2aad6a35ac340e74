/**
 * Admin roles (ADR 0051): a table generated from the contract, every admin
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
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setAdminRole } from '../../src/accounts/two-factor.ts';
import { setBlocked, type UserRow } from '../../src/accounts/users.ts';
import {
  adminLogin,
  chooseAtCheckout,
  createKit,
  engines,
  PASSWORD,
  PIN,
  type Kit,
} from '../helper.ts';

const adminEndpoints = allEndpoints.filter((e) => e.access === 'admin');

/** Every `:name` of the path filled with `value` (by default one no row has). */
const paramsOf = (e: Endpoint, value = 'no-such-id') =>
  Object.fromEntries([...e.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => [m[1], value]));

/** A new session of an account made by the kit (its password is the kit's). */
async function signIn(kit: Kit, email: string): Promise<string> {
  const res = await kit.call(api.login, { body: { username: email, password: PASSWORD } });
  expect(res.status).toBe(200);
  return res.body.JWTtoken;
}

/**
 * The calls a signed-in account makes without an admin permission: every endpoint that is not
 * an admin's (customer calls and public reads; not the providers' webhooks, nor the sandbox's
 * dev mailbox). None may answer another customer's data, whoever calls.
 */
const customerEndpoints = allEndpoints.filter((e) => e.access === 'user' || e.access === 'public');
const byId = (e: (typeof customerEndpoints)[number]) => paramsOf(e).id !== undefined;
const customerReads = customerEndpoints.filter((e) => e.method === 'GET' && !byId(e));
/**
 * Customer calls on one of the caller's own records by its id (reads too, e.g. a transaction's
 * timeline): tried with another's ids.
 */
const customerCallsById = customerEndpoints.filter(byId);

/** Another customer's records, as the generated table below fills required inputs with them. */
interface Victim {
  transactionId: string;
  /** Every string that names the customer or one of their records. */
  identifiers: string[];
  /** Every id of their records (for calls that take an `:id`). */
  ids: string[];
}

/**
 * The query a read needs when it has a required field, filled with the other customer's own
 * record. A new read whose query refuses `{}` fails the table until it is given one here.
 */
const REQUIRED_QUERY: Record<string, (v: Victim) => Record<string, string>> = {
  'transactions.requery': (v) => ({ id: v.transactionId }),
  // A withdrawal's quote (ADR 0084) names the amount it prices; no one's data.
  'wallet.withdrawalQuote': () => ({ amount: '5000' }),
};
const queryOf = (e: Endpoint, v: Victim) => REQUIRED_QUERY[e.name]?.(v);

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

  it('support blocks and unblocks customers, not admins; an owner blocks and unblocks admins', async () => {
    const customer = await kit.user();
    const admin = await kit.user();
    await kit.call(api.setAdminRole, {
      token: tokens.owner,
      body: { email: admin.email, role: 'finance' },
    });
    const ownerId = (await kit.call(api.currentUser, { token: tokens.owner })).body.message.id;

    const before = await snapshot();
    for (const target of [ownerId, admin.id]) {
      const refused = await kit.call(api.blockUser, {
        token: tokens.support,
        body: { id: target, reason: 'Card fraud report' },
      });
      expect(refused).toEqual({
        status: 403,
        body: { type: 'forbidden', msg: ROLE_MSG.adminsOnly },
      });
    }
    expect(await snapshot()).toEqual(before);
    // The owner's sign-in and session are untouched.
    expect((await kit.call(api.adminOverview, { token: tokens.owner })).status).toBe(200);
    expect(
      (
        await kit.call(api.login, {
          body: { username: kit.config.adminEmail, password: kit.config.adminPassword },
        })
      ).status,
    ).toBe(200);

    const blocked = await kit.call(api.blockUser, {
      token: tokens.owner,
      body: { id: admin.id, reason: 'Card fraud report' },
    });
    expect(blocked).toMatchObject({ status: 200, body: { message: SERVER_MSG.userBlocked } });
    const beforeUnblock = await snapshot();
    const notBySupport = await kit.call(api.unblockUser, {
      token: tokens.support,
      body: { id: admin.id },
    });
    expect(notBySupport).toEqual({
      status: 403,
      body: { type: 'forbidden', msg: ROLE_MSG.adminsOnly },
    });
    expect(await snapshot()).toEqual(beforeUnblock);
    const unblocked = await kit.call(api.unblockUser, {
      token: tokens.owner,
      body: { id: admin.id },
    });
    expect(unblocked).toMatchObject({ status: 200, body: { message: SERVER_MSG.userUnblocked } });

    for (const [e, msg] of [
      [api.blockUser, SERVER_MSG.userBlocked],
      [api.unblockUser, SERVER_MSG.userUnblocked],
    ] as const) {
      const done = await kit.call(e, {
        token: tokens.support,
        body: { id: customer.id, reason: 'Card fraud report' },
      });
      expect(done).toMatchObject({ status: 200, body: { message: msg } });
    }
  });

  it('lists payments to finance and owners only: support, pricing and customers are refused', async () => {
    const payer = await kit.user();
    const init = await kit.call(api.initiatePayment, {
      token: payer.token,
      body: { amount: 2_000 },
    });
    const txRef = decodeURIComponent(new URL(init.body.message).pathname.split('/').pop()!);
    await chooseAtCheckout(kit, txRef, 'successful');

    for (const who of ['support', 'pricing', 'customer'] as const) {
      const res = await kit.call(api.payments, { token: tokens[who] });
      expect([who, res.status, res.body.msg]).toEqual([
        who,
        403,
        who === 'customer' ? SERVER_MSG.forbidden : ROLE_MSG.notAllowed(who),
      ]);
    }
    // The payer too: a customer's own fundings are in their history and statement.
    expect((await kit.call(api.payments, { token: payer.token })).status).toBe(403);
    for (const who of ['owner', 'finance'] as const) {
      const res = await kit.call(api.payments, {
        token: tokens[who],
        query: { reference: txRef },
      });
      expect([who, res.status, res.body.message?.[0]?.t_id]).toEqual([who, 200, txRef]);
    }
  });

  describe('no call without an admin permission answers another customer’s data', () => {
    let victim: Victim;
    /** What a call by someone else must leave of the customer's records. */
    async function victimRows(userId: string) {
      const db = kit.app.ctx.db;
      return JSON.stringify([
        await db.selectFrom('transactions').selectAll().where('user_id', '=', userId).execute(),
        await db.selectFrom('recipients').selectAll().where('user_id', '=', userId).execute(),
        await db.selectFrom('api_keys').selectAll().where('user_id', '=', userId).execute(),
        await db.selectFrom('coupons').selectAll().where('owner_id', '=', userId).execute(),
        await db.selectFrom('payments').selectAll().where('user_id', '=', userId).execute(),
      ]);
    }
    let victimId: string;

    beforeAll(async () => {
      const other = await kit.user({
        funds: 100_000_00,
        name: 'Adaeze Victimson',
        phone: '08039998877',
      });
      victimId = other.id;
      const token = other.token;
      const bought = await kit.call(api.airtime, {
        token,
        body: { pin: PIN, phone_number: '08035550123', amount: 1000 },
      });
      expect(bought.status).toBe(200);
      const coupon = await kit.call(api.buyCoupon, {
        token,
        body: {
          product: 'ELECTRICITY',
          amount: 300,
          unit: 1,
          pin: PIN,
          service_id: 'eko-electric',
        },
      });
      expect(coupon.status).toBe(200);
      const saved = await kit.call(api.saveRecipient, {
        token,
        body: {
          product: 'Airtime',
          destination: '08035550124',
          service_id: 'mtn',
          name: 'Aunty Obiageli',
        },
      });
      expect(saved.status).toBe(200);
      const key = await kit.call(api.createApiKey, { token, body: { name: 'Victimson till' } });
      expect(key.status).toBe(200);
      const init = await kit.call(api.initiatePayment, { token, body: { amount: 5_000 } });
      const txRef = decodeURIComponent(new URL(init.body.message).pathname.split('/').pop()!);
      await chooseAtCheckout(kit, txRef, 'successful');

      const db = kit.app.ctx.db;
      const user = await db
        .selectFrom('users')
        .select(['id', 'email', 'name', 'phone', 'referral_code'])
        .where('id', '=', other.id)
        .executeTakeFirstOrThrow();
      const transactions = await db
        .selectFrom('transactions')
        .select(['id', 'transaction_phone'])
        .where('user_id', '=', other.id)
        .execute();
      const payments = await db
        .selectFrom('payments')
        .select(['id', 'tx_ref', 'payment_reference'])
        .where('user_id', '=', other.id)
        .execute();
      const coupons = await db
        .selectFrom('coupons')
        .select('code')
        .where('owner_id', '=', other.id)
        .execute();
      const recipients = await db
        .selectFrom('recipients')
        .select(['id', 'destination', 'name'])
        .where('user_id', '=', other.id)
        .execute();
      const keys = await db
        .selectFrom('api_keys')
        .select(['id', 'prefix', 'name'])
        .where('user_id', '=', other.id)
        .execute();
      const ids = [
        ...transactions.map((t) => t.id),
        ...payments.map((p) => p.id),
        ...coupons.map((c) => c.code),
        ...recipients.map((r) => r.id),
        ...keys.map((k) => k.id),
      ];
      victim = {
        transactionId: bought.body.message.transaction_id,
        ids,
        identifiers: [
          ...Object.values(user),
          ...ids,
          ...transactions.map((t) => t.transaction_phone),
          ...payments.flatMap((p) => [p.tx_ref, p.payment_reference]),
          ...recipients.flatMap((r) => [r.destination, r.name]),
          ...keys.flatMap((k) => [k.prefix, k.name]),
        ].filter((v): v is string => typeof v === 'string' && v.length >= 6),
      };
      expect(transactions.length).toBeGreaterThanOrEqual(2);
      expect(payments).toHaveLength(1);
      expect(coupons).toHaveLength(1);
    });

    it('every read needs no input, or has its input in REQUIRED_QUERY', () => {
      for (const e of customerReads) {
        const query = queryOf(e, victim);
        expect([e.name, e.query.safeParse(query ?? {}).success]).toEqual([e.name, true]);
      }
    });

    it.each([...ADMIN_ROLES, 'customer' as const])(
      'a %s without data of their own reads none of another customer’s',
      async (who) => {
        const before = await victimRows(victimId);
        for (const e of customerReads) {
          const query = queryOf(e, victim);
          const res = await kit.call(e, { token: tokens[who], ...(query ? { query } : {}) });
          // The call was made: signed in, its input accepted (not a 400 or a 401).
          expect([e.name, res.status]).not.toEqual([e.name, 400]);
          expect([e.name, res.status]).not.toEqual([e.name, 401]);
          const text = JSON.stringify(res.body);
          expect([e.name, victim.identifiers.filter((id) => text.includes(id))]).toEqual([
            e.name,
            [],
          ]);
        }
        for (const e of customerCallsById) {
          for (const id of victim.ids) {
            const res = await kit.call(e, {
              token: tokens[who],
              params: paramsOf(e, id),
              ...(e.method === 'GET' ? {} : { body: {} }),
            });
            expect([e.name, id, res.status]).not.toEqual([e.name, id, 200]);
            const text = JSON.stringify(res.body);
            expect([e.name, victim.identifiers.filter((v) => text.includes(v))]).toEqual([
              e.name,
              [],
            ]);
          }
        }
        expect(await victimRows(victimId)).toEqual(before);
      },
    );
  });
});

/**
 * There is always an owner to manage the admins (ADR 0072): the last one is never blocked,
 * demoted or removed, even by two owners acting on each other at once, or by a request let in
 * before its maker lost the role.
 */
describe.each(engines)('the last owner on %s', (engine) => {
  let kit: Kit;
  let owner: string;
  let ownerId: string;
  beforeEach(async () => {
    kit = await createKit(engine);
    owner = await adminLogin(kit);
    ownerId = (await kit.call(api.currentUser, { token: owner })).body.message.id;
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
    await kit.close();
  });

  /** Owners that can still act: admins with the owner role, not blocked. */
  const activeOwners = async () =>
    (
      await kit.app.ctx.db
        .selectFrom('users')
        .select('email')
        .where('is_admin', '=', 1)
        .where('admin_role', '=', 'owner')
        .where('is_blocked', '=', 0)
        .execute()
    ).map((r) => r.email);

  async function secondOwner() {
    const account = await kit.user();
    const made = await kit.call(api.setAdminRole, {
      token: owner,
      body: { email: account.email, role: 'owner' },
    });
    expect(made.status).toBe(200);
    return { ...account, token: await signIn(kit, account.email) };
  }

  it.each(['remove', 'block'] as const)(
    'two owners who %s each other at once leave one owner',
    async (act) => {
      const second = await secondOwner();
      const on = (token: string, target: { id: string; email: string }) =>
        act === 'remove'
          ? kit.call(api.setAdminRole, { token, body: { email: target.email, role: 'none' } })
          : kit.call(api.blockUser, {
              token,
              body: { id: target.id, reason: 'Card fraud report' },
            });
      const answers = await Promise.all([
        on(owner, second),
        on(second.token, { id: ownerId, email: kit.config.adminEmail }),
      ]);
      expect(await activeOwners()).toHaveLength(1);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    },
  );

  it('a request made before its maker lost the owner role cannot remove or block the last owner', async () => {
    const second = await secondOwner();
    // The second owner's request was let in while they were an owner (the row it read then).
    const stale = (await kit.app.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', second.id)
      .executeTakeFirstOrThrow()) as UserRow;
    const demoted = await kit.call(api.setAdminRole, {
      token: owner,
      body: { email: second.email, role: 'none' },
    });
    expect(demoted.status).toBe(200);
    const actor = { admin: stale, req: { headers: {}, ip: '127.0.0.1' } };
    await expect(
      setAdminRole(kit.app.ctx, actor, { email: kit.config.adminEmail, role: 'support' }),
    ).rejects.toMatchObject({ status: 409, msg: ROLE_MSG.lastOwner });
    await expect(setBlocked(kit.app.ctx, actor, ownerId, true)).rejects.toMatchObject({
      status: 409,
      msg: ROLE_MSG.lastOwner,
    });
    expect(await activeOwners()).toEqual([kit.config.adminEmail]);
  });

  it('the only owner cannot block or demote themselves', async () => {
    const block = await kit.call(api.blockUser, {
      token: owner,
      body: { id: ownerId, reason: 'Card fraud report' },
    });
    expect(block.status).toBe(403);
    const demote = await kit.call(api.setAdminRole, {
      token: owner,
      body: { email: kit.config.adminEmail, role: 'none' },
    });
    expect(demote).toMatchObject({ status: 409, body: { msg: ROLE_MSG.ownRole } });
    expect(await activeOwners()).toEqual([kit.config.adminEmail]);
  });
});
