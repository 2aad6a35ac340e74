/**
 * The admin's transaction list filtered on the server (ADR 0048): by status
 * and by a range of Lagos calendar days (`from` and `to`, both inclusive), with the user and
 * id searches; bad filters are refused with a message and change nothing.
 */
import { api, TRANSACTION_STATUSES } from '@contract';
import { LAGOS_OFFSET_MS } from '@contract/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, createKit, engines, type Kit, type TestUser } from '../helper.ts';

const HOUR = 60 * 60 * 1000;
/** 00:00 of a Lagos day, as an instant: 23:00 UTC the day before. */
const lagosMidnight = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) - LAGOS_OFFSET_MS;

describe.each(engines)('admin transaction filters on %s', (engine) => {
  let kit: Kit;
  let admin: string;
  let ada: TestUser;
  let bayo: TestUser;
  /** Every inserted row, as the filters should find them. */
  let rows: { id: string; user: TestUser; status: string; at: number }[];

  beforeAll(async () => {
    kit = await createKit(engine);
    admin = await adminLogin(kit);
    ada = await kit.user();
    bayo = await kit.user();
    const day1 = lagosMidnight(2020, 3, 1);
    const day2 = lagosMidnight(2020, 3, 2);
    const day3 = lagosMidnight(2020, 3, 3);
    rows = [
      // The first and the last instant of 1 March in Lagos (22:59:59.999 UTC on 1 March is
      // still 1 March there; 23:00 UTC is 2 March).
      { id: 'flt-01', user: ada, status: 'successful', at: day1 },
      { id: 'flt-02', user: ada, status: 'failed', at: day2 - 1 },
      { id: 'flt-03', user: bayo, status: 'successful', at: day2 },
      { id: 'flt-04', user: bayo, status: 'reversed', at: day2 + 12 * HOUR },
      { id: 'flt-05', user: ada, status: 'pending', at: day3 - 1 },
      { id: 'flt-06', user: ada, status: 'failed', at: day3 },
      { id: 'flt-07', user: bayo, status: 'cancelled', at: day3 + 5 * HOUR },
    ];
    await kit.app.ctx.db
      .insertInto('transactions')
      .values(
        rows.map((r) => ({
          id: r.id,
          user_id: r.user.id,
          product: 'Airtime',
          direction: 'debit' as const,
          status: r.status,
          value: 500_00,
          amount_charged: 500_00,
          balance_before: 0,
          balance_after: 0,
          transaction_phone: '08031234567',
          created_at: r.at,
          updated_at: r.at,
        })),
      )
      .execute();
  });
  afterAll(async () => {
    expect(await kit.invariants()).toEqual([]);
    await kit.close();
  });

  const list = (query: Record<string, string>) =>
    kit.call(api.transactions, { token: admin, query: { limit: '100', ...query } });
  /** The ids of this file's rows an answer holds, newest first. */
  const ids = (body: { message: { transaction_id: string }[] }) =>
    body.message.map((t) => t.transaction_id).filter((id) => id.startsWith('flt-'));

  it('filters by status, newest first, with the total of the filtered list', async () => {
    for (const status of TRANSACTION_STATUSES) {
      const res = await list({ status, from: '2020-03-01', to: '2020-03-03' });
      expect(res.status).toBe(200);
      const want = rows.filter((r) => r.status === status).map((r) => r.id);
      expect(ids(res.body)).toEqual([...want].reverse());
      expect(res.body.total).toBe(want.length);
      expect(res.body.message.every((t: { status: string }) => t.status === status)).toBe(true);
    }
  });

  it('takes from and to as Lagos days, both inclusive', async () => {
    const day = async (d: string) => ids((await list({ from: d, to: d })).body);
    expect(await day('2020-03-01')).toEqual(['flt-02', 'flt-01']);
    // 23:00 UTC on 1 March is midnight in Lagos: a 2 March row.
    expect(await day('2020-03-02')).toEqual(['flt-05', 'flt-04', 'flt-03']);
    expect(await day('2020-03-03')).toEqual(['flt-07', 'flt-06']);
    expect(await day('2020-02-28')).toEqual([]);

    // Open ranges: from a day on, or up to a day.
    expect(ids((await list({ from: '2020-03-03' })).body)).toEqual(['flt-07', 'flt-06']);
    const upTo = await list({ to: '2020-03-01' });
    expect(ids(upTo.body)).toEqual(['flt-02', 'flt-01']);
    // Nothing else is that old: the total counts the range only.
    expect(upTo.body.total).toBe(2);

    const two = await list({ from: '2020-03-01', to: '2020-03-02' });
    expect(ids(two.body)).toEqual(['flt-05', 'flt-04', 'flt-03', 'flt-02', 'flt-01']);
    expect(two.body.total).toBe(5);
  });

  it('pages a filtered list and combines the filters with the user and id searches', async () => {
    const range = { from: '2020-03-01', to: '2020-03-03' };
    const page1 = await kit.call(api.transactions, {
      token: admin,
      query: { ...range, limit: '2', page: '1' },
    });
    expect(page1.body).toMatchObject({ page: 1, pages: 4, total: 7 });
    expect(ids(page1.body)).toEqual(['flt-07', 'flt-06']);
    const page4 = await kit.call(api.transactions, {
      token: admin,
      query: { ...range, limit: '2', page: '4' },
    });
    expect(ids(page4.body)).toEqual(['flt-01']);

    const adaFailed = await list({ ...range, q: ada.email, status: 'failed' });
    expect(ids(adaFailed.body)).toEqual(['flt-06', 'flt-02']);
    expect(adaFailed.body.total).toBe(2);
    // One customer by status, no days: counted from the aggregates, the same total.
    const adaFailedEver = await list({ q: ada.email, status: 'failed' });
    expect(ids(adaFailedEver.body)).toEqual(['flt-06', 'flt-02']);
    expect(adaFailedEver.body.total).toBe(2);
    const adaOnDay2 = await list({ q: ada.email, from: '2020-03-02', to: '2020-03-02' });
    expect(ids(adaOnDay2.body)).toEqual(['flt-05']);
    expect(ids((await list({ id: 'flt-04', status: 'reversed' })).body)).toEqual(['flt-04']);
    expect((await list({ id: 'flt-04', status: 'failed' })).body.total).toBe(0);
    expect((await list({ id: 'flt-04', from: '2020-03-03' })).body.total).toBe(0);
  });

  it('refuses a bad status or date with a message, and a range that ends before it starts', async () => {
    for (const query of [
      { status: 'done' },
      { from: '01-03-2020' },
      { from: '2020-3-1' },
      { to: '2020-02-30' },
      { from: '2020-13-01' },
      { from: 'x'.repeat(5000) },
      { from: '2020-03-02', to: '2020-03-01' },
    ] as Record<string, string>[]) {
      const res = await list(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.type).toBe('validation_error');
      expect(res.body.msg.length).toBeGreaterThan(0);
    }
  });
});
