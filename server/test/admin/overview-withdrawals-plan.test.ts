/**
 * The overview's withdrawal figures read today's and the last 30 days' rows from an index
 * range, however long the history behind them (migration 0047, ADR 0094): with 2,000
 * withdrawals settled and their fees booked a year ago, PostgreSQL's scans for the figures read
 * (almost) none of them, and SQLite walks the (account, time) and (status, time) indexes.
 * No clock: the engine tells the plan and the rows it read.
 */
import { api } from '@contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postMovement, systemAccountId } from '../../src/wallet/ledger.ts';
import { createKit, engines, type Kit, type TestUser } from '../helper.ts';
import { checkPlan, recordQueries } from '../query-plan.ts';

const NOW = Date.UTC(2026, 10, 20, 10, 0, 0);
const YEAR_AGO = NOW - 365 * 24 * 3_600_000;
const OLD = 2_000;

describe.each(engines)("the overview's withdrawal figures on a long history (%s)", (engine) => {
  let kit: Kit;
  let owner: TestUser;

  beforeAll(async () => {
    kit = await createKit(engine, { config: { clock: () => NOW } });
    owner = await kit.user({ role: 'owner' });
    const customer = await kit.user();
    const rows = Array.from({ length: OLD }, (_, i) => ({
      id: `old-w-${i}`,
      user_id: customer.id,
      bank_code: '044',
      bank_name: 'Access Bank',
      account_number: '0123455678',
      account_name: 'ADA OBI',
      amount: 100_000,
      fee: 1_075,
      duty: 0,
      total: 101_075,
      status: 'successful' as const,
      reason: null,
      provider: 'flutterwave',
      provider_id: String(i),
      provider_status: 'SUCCESSFUL',
      sent_at: YEAR_AGO,
      refused_at: null,
      next_requery_at: null,
      reviewer_id: null,
      reviewed_at: null,
      created_at: YEAR_AGO,
      updated_at: YEAR_AGO,
    }));
    await kit.app.ctx.dbh.writeTx(async (trx) => {
      for (let i = 0; i < rows.length; i += 200) {
        await trx
          .insertInto('withdrawals')
          .values(rows.slice(i, i + 200))
          .execute();
      }
      // Each one's fee, booked as income a year ago (the other side: the clearing account).
      for (const row of rows) {
        await postMovement(trx, {
          kind: 'withdrawal',
          memo: row.id,
          now: YEAR_AGO,
          legs: [
            { accountId: systemAccountId('fees_income'), amount: row.fee },
            { accountId: systemAccountId('card_clearing'), amount: -row.fee },
          ],
        });
      }
    });
    if (engine === 'postgres') await sql`analyze`.execute(kit.app.ctx.db);
  }, 300_000);
  afterAll(() => kit?.close());

  it('reads the span, not the year of history before it', async () => {
    const recorder = recordQueries(kit.app.ctx.db);
    let res;
    try {
      res = await kit.call(api.adminOverview, { token: owner.token });
    } finally {
      recorder.stop();
    }
    expect(res.status).toBe(200);
    expect(res.body.message.withdrawals.last_30_days.fee_income).toBe(0);
    const figures = recorder.queries.filter(
      (q) =>
        /"fees_income"|system:fees_income|ledger_entries/.test(q.sql) ||
        /from "withdrawals"/.test(q.sql),
    );
    expect(figures.length).toBeGreaterThan(0);
    const plans = [];
    for (const q of figures) {
      const check = await checkPlan(kit.app.ctx.db, engine, q);
      plans.push(check.plan.join('\n'));
      if (engine === 'postgres') {
        for (const table of ['ledger_entries', 'withdrawals', 'movements']) {
          expect(
            check.rowsByTable.get(table) ?? 0,
            `${q.sql}\n${check.plan.join('\n')}`,
          ).toBeLessThanOrEqual(20);
        }
      }
    }
    if (engine === 'sqlite') {
      const all = plans.join('\n');
      expect(all).toContain('ledger_entries_fees_time');
      expect(all).toContain('withdrawals_status_updated');
    }
  });
});
