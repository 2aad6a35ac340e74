/**
 * Property-based bad input (fast-check, bounded) against every route of the purchases,
 * payments, coupons and admin issue: never a 5xx, an error is `{ type, msg }`, and no money
 * moves (ledger, transactions, coupons, balances unchanged). A well-formed initiate body may
 * legitimately open a pending payment, so the payments table is left out of the fingerprint.
 */
import { api, pathFor, type Endpoint } from '@contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, createKit, engines, type Kit, type TestUser } from './helper.ts';

const RUNS = 25;

const keys = [
  'pin',
  'amount',
  'phone_number',
  'network_id',
  'coupon_code',
  'plan_id',
  'service_id',
  'account_id',
  'smart_card_number',
  'meter_number',
  'variation_code',
  'quantity',
  'profile_id',
  'customer_number',
  'product',
  'unit',
  'tx_ref',
  'status',
  'transaction_id',
  'userId',
  'transactionId',
  'name',
  'plan',
  'price',
  'on_sale',
  'data',
  'page',
  'limit',
  'q',
  'id',
  'reference',
  '__proto__',
];
const value = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '',
    '0',
    '-1',
    '1e309',
    '08031230000',
    '000000',
    'mtn',
    'mtn-data',
    'dstv',
    'ikeja-electric',
    'waec',
    'prepaid',
    'AIRTIME',
    'MTN',
    'x'.repeat(300),
  ),
);
const bodies = fc.oneof(
  fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 7 }),
  fc.anything({ maxDepth: 2 }),
);

const routes: { ep: Endpoint; auth: 'none' | 'user' | 'admin' }[] = [
  { ep: api.airtime, auth: 'user' },
  { ep: api.data, auth: 'user' },
  { ep: api.cabletv, auth: 'user' },
  { ep: api.electricity, auth: 'user' },
  { ep: api.education, auth: 'user' },
  { ep: api.verifyCustomer, auth: 'user' },
  { ep: api.deleteTransaction, auth: 'user' },
  { ep: api.buyCoupon, auth: 'user' },
  { ep: api.verifyCoupon, auth: 'none' },
  { ep: api.payments, auth: 'user' },
  { ep: api.initiatePayment, auth: 'user' },
  { ep: api.verifyPayment, auth: 'user' },
  { ep: api.paymentWebhook, auth: 'none' },
  { ep: api.transactions, auth: 'admin' },
  { ep: api.reverse, auth: 'admin' },
  { ep: api.products, auth: 'admin' },
  { ep: api.editProduct, auth: 'admin' },
  { ep: api.adminOverview, auth: 'admin' },
];

describe.each(engines)('bad input to money routes on %s', (engine) => {
  let kit: Kit;
  let user: TestUser;
  let admin: string;

  async function fingerprint(): Promise<string> {
    const db = kit.app.ctx.db;
    const counts = await Promise.all(
      (['movements', 'ledger_entries', 'transactions', 'coupons'] as const).map(
        async (t) =>
          (
            await db
              .selectFrom(t)
              .select(sql<number>`count(*)`.as('n'))
              .executeTakeFirstOrThrow()
          ).n,
      ),
    );
    const balances = await db
      .selectFrom('accounts')
      .select(['id', 'balance'])
      .orderBy('id')
      .execute();
    const plans = await db
      .selectFrom('data_plans')
      .select(['id', 'name', 'wallet_price', 'on_sale'])
      .orderBy('id')
      .execute();
    return JSON.stringify({ counts: counts.map(Number), balances, plans });
  }

  beforeAll(async () => {
    kit = await createKit(engine);
    user = await kit.user({ funds: 100_000_00 });
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
      fc.asyncProperty(bodies, fc.string({ maxLength: 40 }), async (body, id) => {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (token) headers.authorization = `Bearer ${token}`;
        let url = ep.path.includes(':id')
          ? `/api/transactions/delete/${encodeURIComponent(id) || 'x'}`
          : pathFor(ep.path);
        let payload: string | undefined;
        if (ep.method === 'GET' || ep.method === 'DELETE') {
          const q = new URLSearchParams();
          if (body && typeof body === 'object') {
            for (const [k, v] of Object.entries(body as Record<string, unknown>))
              q.append(k, String(v));
          }
          url += `?${q.toString()}`;
        } else {
          payload = JSON.stringify(body) ?? '';
        }
        const res = await kit.app.inject({ method: ep.method, url, headers, payload });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400) {
          const json = res.json();
          expect(typeof json.type).toBe('string');
          expect(typeof json.msg).toBe('string');
        }
      }),
      { numRuns: RUNS },
    );
    expect(await fingerprint()).toBe(before);
  });

  it('refuses without a token (401) and non-admins on admin routes (403)', async () => {
    for (const { ep, auth } of routes) {
      if (auth === 'none') continue;
      const url = pathFor(ep.path, ep.path.includes(':id') ? { id: 'x' } : {});
      const anon = await kit.app.inject({ method: ep.method, url });
      expect(anon.statusCode, ep.name).toBe(401);
      if (auth === 'admin') {
        const res = await kit.app.inject({
          method: ep.method,
          url,
          headers: { authorization: `Bearer ${user.token}` },
        });
        expect(res.statusCode, ep.name).toBe(403);
      }
    }
  });
});
