/**
 * History whose cost stays flat (ADR 0020): `GET /api/user` carries only the newest
 * few transactions and coupons with the history's totals; the history and the coupons are
 * server-paged and filtered; the totals come from aggregates that stay in step with every
 * insert, status change and deletion (the kit's invariants recount them after the scenario).
 */
import { api, CURRENT_USER_RECENT, PRODUCTS, TRANSACTION_STATUSES } from '@contract';
import { lagosDay } from '@contract/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, createKit, engines, PIN, type Kit, type TestUser } from '../helper.ts';
import { overview } from '../../src/admin/admin-stats.ts';
import { postMovement, systemAccountId, walletAccountId } from '../../src/wallet/ledger.ts';

const HISTORY = 240;
/** The statement's lines (ADR 0045): the history and the wallet's opening funding. */
const LINES = HISTORY + 1;
const T0 = Date.UTC(2026, 0, 1);

describe.each(engines)('customer history on %s', (engine) => {
  let kit: Kit;
  let u: TestUser;
  let admin: string;
  /** What was inserted, newest first, as the API shows it (naira). */
  let rows: { id: string; status: string; product: string; value: number; phone: string }[];

  beforeAll(async () => {
    kit = await createKit(engine);
    admin = await adminLogin(kit);
    u = await kit.user();
    // Funded before the history starts: its line is the statement's oldest.
    await kit.app.ctx.dbh.writeTx((trx) =>
      postMovement(trx, {
        kind: 'test_funding',
        legs: [
          { accountId: systemAccountId('card_clearing'), amount: -50_000_00 },
          { accountId: walletAccountId(u.id), amount: 50_000_00 },
        ],
        now: T0 - 60_000,
      }),
    );
    // A long history straight in the table (the triggers count it as a purchase would).
    rows = Array.from({ length: HISTORY }, (_, i) => ({
      id: `hist-${String(i).padStart(4, '0')}`,
      status: TRANSACTION_STATUSES[i % TRANSACTION_STATUSES.length]!,
      product: PRODUCTS[i % 3]!,
      value: 100 + i,
      phone: `0803${String(1_000_000 + i)}`,
    }));
    await kit.app.ctx.db
      .insertInto('transactions')
      .values(
        rows.map((r, i) => ({
          id: r.id,
          user_id: u.id,
          product: r.product,
          direction: 'debit' as const,
          status: r.status,
          value: r.value * 100,
          amount_charged: r.value * 100,
          balance_before: 0,
          balance_after: 0,
          transaction_phone: r.phone,
          created_at: T0 + i * 60_000,
          updated_at: T0 + i * 60_000,
        })),
      )
      .execute();
    rows.reverse();
  });
  afterAll(async () => {
    expect(await kit.invariants()).toEqual([]);
    await kit.close();
  });

  const mine = (query: Record<string, string>, token = u.token) =>
    kit.call(api.myTransactions, { token, query });

  it('GET /api/user carries the newest five transactions and the totals of all of them', async () => {
    const me = await kit.call(api.currentUser, { token: u.token });
    expect(me.status).toBe(200);
    const user = me.body.message;
    expect(user.transactions.map((t: { transaction_id: string }) => t.transaction_id)).toEqual(
      rows.slice(0, CURRENT_USER_RECENT).map((r) => r.id),
    );
    expect(user.transactions_count).toBe(HISTORY);
    expect(user.successful_total).toBe(
      rows.filter((r) => r.status === 'successful').reduce((s, r) => s + r.value, 0),
    );
    // The answer stays small however long the history is.
    expect(JSON.stringify(me.body).length).toBeLessThan(8_000);
  });

  it('pages the history newest first, five by default, with page, pages and total', async () => {
    const first = await mine({});
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pages: Math.ceil(LINES / 5), total: LINES });
    expect(first.body.message.map((t: { transaction_id: string }) => t.transaction_id)).toEqual(
      rows.slice(0, 5).map((r) => r.id),
    );
    const third = await mine({ page: '3', limit: '20' });
    expect(third.body.message.map((t: { transaction_id: string }) => t.transaction_id)).toEqual(
      rows.slice(40, 60).map((r) => r.id),
    );
    expect(third.body.pages).toBe(Math.ceil(LINES / 20));
    const past = await mine({ page: '999' });
    expect(past.body).toMatchObject({ message: [], page: 999, total: LINES });
  });

  it('filters by status, product and both; searches an id or a phone number', async () => {
    const failed = await mine({ status: 'failed', limit: '100' });
    const wantFailed = rows.filter((r) => r.status === 'failed');
    expect(failed.body.total).toBe(wantFailed.length);
    expect(failed.body.message.map((t: { transaction_id: string }) => t.transaction_id)).toEqual(
      wantFailed.slice(0, 100).map((r) => r.id),
    );
    const data = await mine({ product: 'Data' });
    expect(data.body.total).toBe(rows.filter((r) => r.product === 'Data').length);
    expect(data.body.message.every((t: { product: string }) => t.product === 'Data')).toBe(true);
    const both = await mine({ product: 'Airtime', status: 'reversed' });
    expect(both.body.total).toBe(
      rows.filter((r) => r.product === 'Airtime' && r.status === 'reversed').length,
    );
    const byId = await mine({ q: rows[7]!.id });
    expect(byId.body).toMatchObject({ total: 1, pages: 1 });
    expect(byId.body.message[0].transaction_id).toBe(rows[7]!.id);
    const byPhone = await mine({ q: rows[9]!.phone });
    expect(byPhone.body.message.map((t: { transaction_id: string }) => t.transaction_id)).toEqual([
      rows[9]!.id,
    ]);
    expect((await mine({ q: 'nothing-like-this' })).body).toMatchObject({ message: [], total: 0 });
  });

  it('refuses a page larger than 100 or an unknown status or product, changing nothing', async () => {
    const bad: Record<string, string>[] = [
      { limit: '101' },
      { status: 'stolen' },
      { product: 'Gold' },
      { page: '0' },
    ];
    for (const query of bad) {
      const res = await mine(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.type).toBe('validation_error');
    }
  });

  it('shows no one else’s history; a hidden row leaves the page, not the totals', async () => {
    const other = await kit.user();
    expect((await mine({}, other.token)).body).toMatchObject({ message: [], total: 0 });
    expect((await mine({ q: rows[0]!.id }, other.token)).body.total).toBe(0);

    // A successful line stays (ADR 0074); a cancelled one may be hidden.
    const kept = rows.find((r) => r.status === 'successful')!;
    const refused = await kit.call(api.deleteTransaction, {
      token: u.token,
      params: { id: kept.id },
    });
    expect(refused.status).toBe(409);
    const before = (await kit.call(api.currentUser, { token: u.token })).body.message;
    const gone = rows.find((r) => r.status === 'cancelled')!;
    const del = await kit.call(api.deleteTransaction, {
      token: u.token,
      params: { id: gone.id },
    });
    expect(del.status).toBe(200);
    const after = await mine({ limit: '100', status: 'cancelled' });
    expect(after.body.total).toBe(rows.filter((r) => r.status === 'cancelled').length - 1);
    expect(
      after.body.message.some((t: { transaction_id: string }) => t.transaction_id === gone.id),
    ).toBe(false);
    // The overview counts every transaction, hidden ones too.
    const me = (await kit.call(api.currentUser, { token: u.token })).body.message;
    expect(me.transactions_count).toBe(HISTORY);
    expect(me.successful_total).toBe(before.successful_total);
    expect(me.successful_total).toBe(
      rows.filter((r) => r.status === 'successful').reduce((s, r) => s + r.value, 0),
    );
    // The admin still sees every row of that customer (hidden ones too).
    const all = await kit.call(api.transactions, { token: admin, query: { q: u.email } });
    expect(all.body.total).toBe(HISTORY);
  });

  it('pages the customer’s coupons; GET /api/user carries the newest five', async () => {
    const bought = await kit.call(api.buyCoupon, {
      token: u.token,
      body: { product: 'AIRTIME', amount: 200, unit: 7, pin: PIN, service_id: 'mtn' },
    });
    expect(bought.status).toBe(200);
    const codes = bought.body.message.map((c: { coupon_code: string }) => c.coupon_code);
    expect(codes).toHaveLength(7);
    const me = (await kit.call(api.currentUser, { token: u.token })).body.message;
    expect(me.coupons).toHaveLength(CURRENT_USER_RECENT);
    const page1 = await kit.call(api.myCoupons, { token: u.token });
    expect(page1.body).toMatchObject({ page: 1, pages: 2, total: 7 });
    const page2 = await kit.call(api.myCoupons, { token: u.token, query: { page: '2' } });
    const seen = [...page1.body.message, ...page2.body.message].map(
      (c: { coupon_code: string }) => c.coupon_code,
    );
    expect([...seen].sort()).toEqual([...codes].sort());
    const other = await kit.user();
    expect((await kit.call(api.myCoupons, { token: other.token })).body.total).toBe(0);
  });

  it('the admin list and overview count from the aggregates, in step with new purchases', async () => {
    const before = (await kit.call(api.transactions, { token: admin })).body.total;
    const buy = await kit.call(api.airtime, {
      token: u.token,
      body: { pin: PIN, phone_number: '08031235678', amount: 1000 },
    });
    expect(buy.body.message.status).toBe('successful');
    const after = await kit.call(api.transactions, { token: admin });
    expect(after.body.total).toBe(before + 1);
    expect(after.body.message[0].transaction_id).toBe(buy.body.message.transaction_id);
    const asked = Date.now();
    const answer = (await kit.call(api.adminOverview, { token: admin })).body.message;
    const today = answer.daily.at(-1);
    // The Lagos date when asked or when answered (a run may cross midnight in between).
    expect([lagosDay(asked), lagosDay(Date.now())]).toContain(today.day);
    expect(today.count).toBeGreaterThanOrEqual(1);
    expect(today.value).toBeGreaterThanOrEqual(1000);
  });

  it('the overview counts a sale on the Lagos day it happened: 00:30 in Lagos is 23:30 UTC the day before', async () => {
    const sale = (id: string, at: number, naira: number) => ({
      id,
      user_id: u.id,
      product: 'airtime',
      direction: 'debit' as const,
      status: 'successful',
      value: naira * 100,
      amount_charged: naira * 100,
      balance_before: 0,
      balance_after: 0,
      transaction_phone: '08031234567',
      created_at: at,
      updated_at: at,
    });
    await kit.app.ctx.db
      .insertInto('transactions')
      .values([
        sale('lagos-2330', Date.UTC(2026, 5, 10, 22, 30), 700), // 23:30 on 10 June in Lagos
        sale('lagos-0030', Date.UTC(2026, 5, 10, 23, 30), 900), // 00:30 on 11 June in Lagos
      ])
      .execute();
    // 00:10 on 11 June in Lagos (still 10 June in UTC): the operator's today is the 11th.
    const justAfterMidnight = await overview(kit.app.ctx, Date.UTC(2026, 5, 10, 23, 10));
    expect(justAfterMidnight.daily.slice(-2)).toEqual([
      { day: '2026-06-10', count: 1, value: 700 * 100 },
      { day: '2026-06-11', count: 1, value: 900 * 100 },
    ]);
    const morning = await overview(kit.app.ctx, Date.UTC(2026, 5, 11, 9, 0));
    expect(morning.daily.at(-1)).toEqual({ day: '2026-06-11', count: 1, value: 900 * 100 });
    expect(morning.daily).toHaveLength(30);
  });
});
