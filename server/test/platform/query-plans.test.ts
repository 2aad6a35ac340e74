/**
 * Every read a signed-in page makes walks an index to a bounded number of rows, whatever the
 * customer's history (ADR 0069; ADR 0020): each read is answered for a customer with a long
 * history (history-seed.ts), every query it ran is planned by the engine (query-plan.ts), and
 * a plan that scans, sorts or aggregates the history fails, naming the query and its plan.
 * No clock: PostgreSQL counts the rows its scans read, SQLite tells the plan's shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createKit, engines, type Kit, type TestUser } from '../helper.ts';
import { seedHistory } from '../history-seed.ts';
import { checkPlan, recordQueries } from '../query-plan.ts';
import { SIGNED_IN_READS } from '../signed-in-reads.ts';

/** What every signed-in request reads to check its session (the user by key, the token family). */
const SESSION_TABLES = new Set(['users', 'refresh_tokens']);

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

  const reads = SIGNED_IN_READS.map((r) => [r.name, r] as const);

  it.each(reads)('%s walks an index to a bounded number of rows', async (_name, read) => {
    const recorder = recordQueries(kit.app.ctx.db);
    let res;
    try {
      res = await kit.call(read.endpoint, {
        token: read.as === 'admin' ? admin.token : customer.token,
        query: read.query?.(customer),
        params: read.params?.(customer),
      });
    } finally {
      recorder.stop();
    }
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(recorder.queries.length).toBeGreaterThan(0);
    const problems: string[] = [];
    let rowsRead = 0;
    for (const q of recorder.queries) {
      const check = await checkPlan(kit.app.ctx.db, engine, q);
      for (const [table, rows] of check.rowsByTable) {
        if (!SESSION_TABLES.has(table)) rowsRead += rows;
      }
      if (check.problems.length > 0) {
        problems.push(
          [`${check.problems.join('; ')}`, `  ${q.sql}`, ...check.plan.map((l) => `    ${l}`)].join(
            '\n',
          ),
        );
      }
    }
    expect(problems.join('\n\n')).toBe('');
    // A few rows picked from the history: the page's queries read no more than it shows.
    if (read.rowsMax !== undefined) {
      expect(rowsRead, recorder.queries.map((q) => q.sql).join('\n')).toBeLessThanOrEqual(
        read.rowsMax,
      );
    }
  });
});
