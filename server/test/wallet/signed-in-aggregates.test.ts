/**
 * What the signed-in pages read instead of summing a customer's history (migration 0027, ADR
 * 0069): each account's running totals moved by the ledger with its balance, the statement's
 * lines and counts, the per-customer totals and customers per tier, kept in step by triggers;
 * the migration counts what an older database holds, and reconciliation finds a total that
 * drifted from its rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDb, type DbHandle } from '../../src/platform/db/index.ts';
import {
  checkInvariants,
  ensureSystemAccounts,
  postMovement,
  systemAccountId,
  walletAccountId,
} from '../../src/wallet/ledger.ts';
import { checkAggregates } from '../../src/platform/aggregates.ts';
import { createKit, createPgDatabase, engines, PIN, type Kit, type TestUser } from '../helper.ts';
import { seedHistory } from '../history-seed.ts';

describe.each(engines)('signed-in aggregates on %s', (engine) => {
  let kit: Kit;
  let admin: TestUser;
  beforeAll(async () => {
    kit = await createKit(engine);
    admin = await kit.user({ admin: true });
  });
  afterAll(() => kit?.close());

  const totalsOf = (accountId: string) =>
    kit.app.ctx.db
      .selectFrom('accounts')
      .select(['balance', 'debited', 'received', 'refunded'])
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow()
      .then((r) => ({
        balance: Number(r.balance),
        debited: Number(r.debited),
        received: Number(r.received),
        refunded: Number(r.refunded),
      }));

  it('the ledger moves what left, came back and came in with the balance, in one UPDATE', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const wallet = walletAccountId(u.id);
    const float = systemAccountId('provider_float');
    const before = await totalsOf(float);
    const { movementId } = await kit.app.ctx.dbh.writeTx((trx) =>
      postMovement(trx, {
        kind: 'purchase',
        memo: 'p-1',
        legs: [
          { accountId: wallet, amount: -2_500_00 },
          { accountId: float, amount: 2_500_00 },
        ],
      }),
    );
    await kit.app.ctx.dbh.writeTx((trx) =>
      postMovement(trx, {
        kind: 'reversal',
        memo: movementId,
        legs: [
          { accountId: float, amount: -1_000_00 },
          { accountId: wallet, amount: 1_000_00 },
        ],
      }),
    );
    expect(await totalsOf(wallet)).toEqual({
      balance: 8_500_00,
      debited: 2_500_00,
      received: 10_000_00,
      refunded: 1_000_00,
    });
    expect(await totalsOf(float)).toEqual({
      balance: before.balance + 1_500_00,
      debited: before.debited + 1_000_00,
      received: before.received + 2_500_00,
      refunded: before.refunded,
    });
    // The overview: spent net of refunds, received other than refunds.
    const me = await kit.call(api.currentUser, { token: u.token });
    expect(me.body.message).toMatchObject({ spent_total: 1_500, received_total: 10_000 });
    expect(await kit.invariants()).toEqual([]);
  });

  it("keeps the statement's total, the bell's unread count and the panels' counts as they change", async () => {
    const u = await kit.user({ funds: 20_000_00 });
    const buy = (phone: string) =>
      kit.call(api.airtime, {
        token: u.token,
        body: { pin: PIN, phone_number: phone, amount: 100 },
      });
    // Delivered, failed (refunded: a refund line), delivered.
    expect((await buy('08031230001')).status).toBe(200);
    expect((await buy('08031230000')).status).toBe(200);
    expect((await buy('08031230002')).status).toBe(200);
    const page = async (query: Record<string, string> = {}) =>
      (
        await kit.call(api.myTransactions, {
          token: u.token,
          query: { page: '1', limit: '100', ...query },
        })
      ).body;
    const all = await page();
    expect(all.total).toBe(all.message.length);
    expect(all.total).toBe(5); // the funding, three purchases, one refund
    expect((await page({ kind: 'refund' })).total).toBe(1);
    expect((await page({ status: 'reversed' })).total).toBe(2);
    // Hiding the refunded purchase hides its refund: both counts move.
    const failed = all.message.find(
      (l: { status: string; kind: string }) => l.kind === 'purchase' && l.status === 'reversed',
    );
    expect(
      (
        await kit.call(api.deleteTransaction, {
          token: u.token,
          params: { id: failed.transaction_id },
        })
      ).status,
    ).toBe(200);
    expect((await page()).total).toBe(3);
    expect((await page({ status: 'reversed' })).total).toBe(0);

    const bell = async () => (await kit.call(api.notices, { token: u.token })).body.message;
    const unread = (await bell()).unread;
    expect(unread).toBeGreaterThan(0);
    await kit.call(api.readNotices, { token: u.token, body: {} });
    expect((await bell()).unread).toBe(0);
    expect(await kit.invariants()).toEqual([]);
  });

  it('reconciliation names a total that drifted from its rows', async () => {
    const u = await kit.user({ funds: 5_000_00 });
    const reconcile = async () =>
      (await kit.call(api.reconciliation, { token: admin.token })).body.message as {
        ok: boolean;
        ledger: string[];
      };
    expect((await reconcile()).ledger).toEqual([]);
    const db = kit.app.ctx.db;
    await db
      .updateTable('accounts')
      .set({ received: 1 })
      .where('id', '=', walletAccountId(u.id))
      .execute();
    await db.updateTable('statement_counts').set({ n: 7 }).where('user_id', '=', u.id).execute();
    await db
      .insertInto('user_totals')
      .values({
        user_id: u.id,
        notices_unread: 3,
        coupons: 0,
        referred: 0,
        commissions: 0,
        commissions_earned: 0,
        webhook_deliveries: 0,
      })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ notices_unread: 3 }))
      .execute();
    const report = await reconcile();
    expect(report.ok).toBe(false);
    expect(report.ledger).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^account wallet:${u.id} totals .* ≠ its entries$`)),
        expect.stringMatching(new RegExp(`^statement_counts ${u.id}/`)),
        `user_totals ${u.id} ≠ recount`,
      ]),
    );
    // Put back, so the suite's other checks see a healthy database.
    await db
      .updateTable('accounts')
      .set({ received: 5_000_00 })
      .where('id', '=', walletAccountId(u.id))
      .execute();
    await db.updateTable('statement_counts').set({ n: 1 }).where('user_id', '=', u.id).execute();
    await db
      .updateTable('user_totals')
      .set({ notices_unread: 0 })
      .where('user_id', '=', u.id)
      .execute();
    expect((await reconcile()).ledger).toEqual([]);
  });
});

describe.each(engines)('migration 0027 on %s', (engine) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  async function open(): Promise<DbHandle> {
    let dbh: DbHandle;
    if (engine === 'postgres') {
      const database = await createPgDatabase();
      cleanups.push(database.drop);
      dbh = await openDb('postgres', database.url, { migrate: false });
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), 'paybills-0027-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      dbh = await openDb('sqlite', path.join(dir, 'old.db'), { migrate: false });
    }
    cleanups.push(() => dbh.close());
    return dbh;
  }

  it('counts what an older database already holds, then keeps it in step', async () => {
    const dbh = await open();
    await dbh.exclusive(() => migrate(dbh, { to: '0026-bvn-once' }));
    await ensureSystemAccounts(dbh.db);
    const userId = 'old-customer';
    await dbh.db
      .insertInto('users')
      .values({
        id: userId,
        name: 'Old Customer',
        email: 'old@example.com',
        phone: '08031234567',
        password_hash: 'x',
        referral_code: 'OLD1',
        created_on: 0,
      })
      .execute();
    await dbh.db
      .insertInto('accounts')
      .values({ id: walletAccountId(userId), kind: 'wallet', user_id: userId, created_at: 0 })
      .execute();
    await seedHistory(dbh, userId, 200, { prefix: 'old', before0027: true });
    // A refunded purchase the customer hid: its refund line is hidden with it.
    await dbh.db
      .updateTable('transactions')
      .set({ deleted: 1 })
      .where('id', '=', 'oldp3')
      .execute();

    await dbh.exclusive(() => migrate(dbh, { to: '0027-flat-signed-in-reads' }));
    expect(await checkInvariants(dbh.db)).toEqual([]);
    expect(await checkAggregates(dbh.db)).toEqual([]);
    const lines = await dbh.db
      .selectFrom('statement_counts')
      .select((eb) => eb.fn.sum<number>('n').as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    // 200 purchases and their 20 refunds, 20 commissions, 2 fundings and the opening credit,
    // less the hidden purchase and its refund.
    expect(Number(lines.n)).toBe(200 + 20 + 20 + 2 + 1 - 2);
    const totals = await dbh.db
      .selectFrom('user_totals')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(totals).toMatchObject({
      notices_unread: 18,
      coupons: 10,
      referred: 2,
      commissions: 20,
      commissions_earned: 20 * 500,
      webhook_deliveries: 20,
    });
    const wallet = await dbh.db
      .selectFrom('accounts')
      .select(['balance', 'debited', 'received', 'refunded'])
      .where('id', '=', walletAccountId(userId))
      .executeTakeFirstOrThrow();
    expect(Number(wallet.received) + Number(wallet.refunded) - Number(wallet.debited)).toBe(
      Number(wallet.balance),
    );
    expect(Number(wallet.refunded)).toBeGreaterThan(0);

    // From here the triggers and the ledger keep them: a purchase and its line.
    await dbh.writeTx(async (trx) => {
      const { movementId } = await postMovement(trx, {
        kind: 'purchase',
        memo: 'new-1',
        legs: [
          { accountId: walletAccountId(userId), amount: -100_00 },
          { accountId: systemAccountId('provider_float'), amount: 100_00 },
        ],
      });
      await trx
        .insertInto('transactions')
        .values({
          id: 'new-1',
          user_id: userId,
          movement_id: movementId,
          product: 'Airtime',
          direction: 'debit',
          status: 'pending',
          value: 100_00,
          amount_charged: 100_00,
          balance_before: 0,
          balance_after: 0,
          created_at: Date.now(),
          updated_at: Date.now(),
        } as never)
        .execute();
      await trx
        .updateTable('transactions')
        .set({ status: 'successful' })
        .where('id', '=', 'new-1')
        .execute();
    });
    expect(await checkAggregates(dbh.db)).toEqual([]);
    const line = await dbh.db
      .selectFrom('statement_lines')
      .selectAll()
      .where('ref', '=', 'new-1')
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({ kind: 'purchase', status: 'successful', hidden: 0 });
    expect(Number(line.seq)).toBeGreaterThan(0);
  });
});
