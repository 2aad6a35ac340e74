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
import { badBodies, badRequest, expectCleanAnswer } from '../bad-input.ts';
import { adminLogin, createKit, engines, type Kit, type TestUser } from '../helper.ts';
import { runs } from '../../../scripts/property-tests.ts';

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
];
const bodies = badBodies(
  keys,
  [
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
  ],
  7,
);

/** Inputs that once broke the harness itself, tried first on every route. */
const regressions: [unknown, string][] = [
  [[{ toString: 0 }], ''],
  [{ q: { toString: 0 }, page: Object.create(null) }, ''],
];

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
  { ep: api.payments, auth: 'admin' },
  { ep: api.initiatePayment, auth: 'user' },
  { ep: api.verifyPayment, auth: 'user' },
  { ep: api.paymentWebhook, auth: 'none' },
  { ep: api.vtpassWebhook, auth: 'none' },
  { ep: api.transactions, auth: 'admin' },
  { ep: api.reverse, auth: 'admin' },
  { ep: api.products, auth: 'admin' },
  { ep: api.editProduct, auth: 'admin' },
  { ep: api.adminOverview, auth: 'admin' },
  // Bank transfers and the audit log.
  { ep: api.bankTransferInfo, auth: 'user' },
  { ep: api.createVirtualAccount, auth: 'user' },
  { ep: api.heldTransfers, auth: 'admin' },
  { ep: api.assignTransfer, auth: 'admin' },
  { ep: api.auditLog, auth: 'admin' },
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
        expectCleanAnswer(await kit.app.inject(badRequest(ep, { body, token, id })));
      }),
      { numRuns: runs(25), examples: regressions },
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
