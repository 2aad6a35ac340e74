/**
 * Every read a signed-in page makes walks an index to a bounded number of rows, whatever the
 * customer's history (ADR 0069; ADR 0020): each read is answered for a customer with a long
 * history (history-seed.ts), every query it ran is planned by the engine (query-plan.ts), and
 * a plan that scans, sorts or aggregates the history fails, naming the query and its plan.
 * No clock: PostgreSQL counts the rows its scans read, SQLite tells the plan's shape.
 */
import { api, type Endpoint } from '@contract';
import { LIMITS } from '@contract/business-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createKit, engines, type Kit, type TestUser } from './helper.ts';
import { seedHistory } from './history-seed.ts';
import { checkPlan, recordQueries } from './query-plan.ts';

/** Purchases in the seeded history: a hundred times what any read may touch. */
const HISTORY = 20_000;

describe.each(engines)('signed-in reads on a long history (%s)', (engine) => {
  let kit: Kit;
  let customer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    kit = await createKit(engine);
    customer = await kit.user({ name: 'Ada Reseller', level: 1 });
    admin = await kit.user({ admin: true });
    // Others on the platform, so no table is small enough to be read whole.
    for (let i = 0; i < 3; i++) {
      const other = await kit.user();
      await seedHistory(kit.app.ctx.dbh, other.id, 300, { prefix: `o${i}` });
    }
    await seedHistory(kit.app.ctx.dbh, customer.id, HISTORY, { prefix: 'h' });
    // Plans as a running PostgreSQL makes them once autovacuum has looked at the tables.
    if (engine === 'postgres') await sql`analyze`.execute(kit.app.ctx.db);
  }, 300_000);
  afterAll(() => kit?.close());

  const page = { page: '1', limit: String(LIMITS.pageSize) };
  /** The reads of each signed-in page (src/features/*), as the browser sends them. */
  const reads: [string, Endpoint, () => { token: string; query?: Record<string, string> }][] = [
    // Every customer page: the header, the bell, the banner.
    ['GET /api/user (overview, every page)', api.currentUser, () => ({ token: customer.token })],
    ['the bell: notices and unread count', api.notices, () => ({ token: customer.token })],
    ['announcements', api.myAnnouncements, () => ({ token: customer.token })],
    // Transactions: the statement's first page and its total, by status and by kind.
    [
      'statement page',
      api.myTransactions,
      () => ({ token: customer.token, query: { ...page, limit: '10' } }),
    ],
    [
      'statement page, pending only',
      api.myTransactions,
      () => ({ token: customer.token, query: { ...page, status: 'pending' } }),
    ],
    [
      'statement page, refunds only',
      api.myTransactions,
      () => ({ token: customer.token, query: { ...page, kind: 'refund' } }),
    ],
    ['coupons page', api.myCoupons, () => ({ token: customer.token, query: page })],
    // Purchase pages.
    ['recipients', api.recipients, () => ({ token: customer.token })],
    ['price tier', api.myTier, () => ({ token: customer.token })],
    // Settings.
    ['referral panel', api.myReferrals, () => ({ token: customer.token, query: page })],
    ['verification panel', api.verification, () => ({ token: customer.token })],
    ['e-mail settings', api.mailPreferences, () => ({ token: customer.token })],
    ['API keys', api.apiKeys, () => ({ token: customer.token })],
    ['webhook', api.webhook, () => ({ token: customer.token })],
    ['webhook deliveries', api.webhookDeliveries, () => ({ token: customer.token, query: page })],
    // The admin's users page, the customer's popup and their transactions.
    ['admin: users page', api.users, () => ({ token: admin.token, query: page })],
    [
      'admin: user popup, verification',
      api.userVerification,
      () => ({ token: admin.token, query: { user_id: customer.id } }),
    ],
    ['admin: user popup, price tiers', api.tiers, () => ({ token: admin.token })],
    [
      "admin: the customer's transactions",
      api.transactions,
      () => ({ token: admin.token, query: { ...page, q: customer.email } }),
    ],
  ];

  it.each(reads)(
    '%s walks an index to a bounded number of rows',
    async (_name, endpoint, input) => {
      const recorder = recordQueries(kit.app.ctx.db);
      let res;
      try {
        res = await kit.call(endpoint, input());
      } finally {
        recorder.stop();
      }
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(recorder.queries.length).toBeGreaterThan(0);
      const problems: string[] = [];
      for (const q of recorder.queries) {
        const check = await checkPlan(kit.app.ctx.db, engine, q);
        if (check.problems.length > 0) {
          problems.push(
            [
              `${check.problems.join('; ')}`,
              `  ${q.sql}`,
              ...check.plan.map((l) => `    ${l}`),
            ].join('\n'),
          );
        }
      }
      expect(problems.join('\n\n')).toBe('');
    },
  );
});
