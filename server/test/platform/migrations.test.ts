/**
 * Upgrades: a database made by an older release, with data in it, brought up to date. The
 * aggregates must agree with a recount of the rows after every migration that rewrites them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RESELLER_MSG } from '@contract';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, migrations, openDb, RENAMED_MIGRATIONS, type DbHandle } from '../../src/platform/db/index.ts';
import { sql } from 'kysely';
import {
  checkInvariants,
  ensureSystemAccounts,
  postMovement,
  systemAccountId,
  walletAccountId,
} from '../../src/wallet/ledger.ts';
import { SealedCodes } from '../../src/platform/db/sealed-codes.ts';
import { checkAggregates } from '../../src/platform/aggregates.ts';
import { findCoupon } from '../../src/purchases/coupons.ts';
import { createPgDatabase, engines, PIN_SECRET } from '../helper.ts';

describe.each(engines)('upgrading a database with history on %s', (engine) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  /** `codes`: the coupon-code key the app's handle carries (ADR 0071). */
  async function open(codes?: SealedCodes): Promise<DbHandle> {
    let dbh: DbHandle;
    if (engine === 'postgres') {
      const database = await createPgDatabase();
      cleanups.push(database.drop);
      dbh = await openDb('postgres', database.url, { migrate: false, codes });
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), 'paybills-upgrade-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      dbh = await openDb('sqlite', path.join(dir, 'old.db'), { migrate: false, codes });
    }
    cleanups.push(() => dbh.close());
    return dbh;
  }

  /** A customer as the old schema stored one (only its columns, straight in the table). */
  async function oldCustomer(dbh: DbHandle): Promise<string> {
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
      } as never)
      .execute();
    return userId;
  }

  it('0009 moves the daily sales made before it onto Lagos days', async () => {
    const dbh = await open();
    await dbh.exclusive(() => migrate(dbh, { to: '0007-recipients-and-search' }));
    const userId = await oldCustomer(dbh);
    // 23:30 UTC on 10 June: 00:30 on 11 June in Lagos. The old schema counted it on the 10th.
    const at = Date.UTC(2026, 5, 10, 23, 30);
    await dbh.db
      .insertInto('transactions')
      .values({
        id: 'old-sale',
        user_id: userId,
        product: 'airtime',
        direction: 'debit',
        status: 'successful',
        value: 500_00,
        amount_charged: 500_00,
        balance_before: 0,
        balance_after: 0,
        transaction_phone: '08031234567',
        created_at: at,
        updated_at: at,
      })
      .execute();
    // Per day, summed over shards (PostgreSQL writes one per connection).
    const days = async () =>
      (
        await dbh.db
          .selectFrom('tx_daily_sales')
          .select((eb) => [
            'day',
            eb.fn.sum<number>('n').as('n'),
            eb.fn.sum<number>('value').as('value'),
          ])
          .groupBy('day')
          .execute()
      ).map((r) => ({ day: Number(r.day), n: Number(r.n), value: Number(r.value) }));
    const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
    expect(await days()).toEqual([{ day: dayNumber('2026-06-10'), n: 1, value: 500_00 }]);

    await dbh.exclusive(() => migrate(dbh));

    expect(await days()).toEqual([{ day: dayNumber('2026-06-11'), n: 1, value: 500_00 }]);
    expect(await checkAggregates(dbh.db)).toEqual([]);
    // The triggers made again count new sales on Lagos days too.
    await dbh.db
      .updateTable('transactions')
      .set({ status: 'failed' })
      .where('id', '=', 'old-sale')
      .execute();
    expect(await days()).toEqual([{ day: dayNumber('2026-06-11'), n: 0, value: 0 }]);
    expect(await checkAggregates(dbh.db)).toEqual([]);
  });

  it('0013 replaces a kept answer with a key and webhook secret by the shown-once answer', async () => {
    const dbh = await open();
    await dbh.exclusive(() => migrate(dbh, { to: '0012-audit-no-replace' }));
    const created = {
      message: {
        id: 'key-1',
        name: 'Till',
        prefix: 'pbk_abcdefgh',
        rate_limit: 60,
        created_at: 1,
        last_used_at: null,
        revoked_at: null,
        key: 'pbk_abcdefgh-the-rest-of-a-working-key',
        webhook_secret: 'whsec_a-working-signing-secret',
      },
    };
    const other = { message: 'Airtime bought.' };
    await dbh.db
      .insertInto('idempotency_keys')
      .values([
        {
          user_id: 'u1',
          request_id: 'create',
          request_hash: 'h',
          status_code: 200,
          response: JSON.stringify(created),
          created_at: 1,
        },
        {
          user_id: 'u1',
          request_id: 'buy',
          request_hash: 'h',
          status_code: 200,
          response: JSON.stringify(other),
          created_at: 1,
        },
      ])
      .execute();
    await dbh.exclusive(() => migrate(dbh));
    const rows = await dbh.db
      .selectFrom('idempotency_keys')
      .select(['request_id', 'status_code', 'response'])
      .orderBy('request_id')
      .execute();
    expect(rows.map((r) => ({ ...r, status_code: Number(r.status_code) }))).toEqual([
      { request_id: 'buy', status_code: 200, response: JSON.stringify(other) },
      {
        request_id: 'create',
        status_code: 409,
        response: JSON.stringify({
          type: 'conflict',
          msg: RESELLER_MSG.keyShownOnce('key-1', 'pbk_abcdefgh'),
        }),
      },
    ]);
  });

  it('0016 keeps every account and entry, and the adjustments account can then be posted to', async () => {
    const dbh = await open();
    await dbh.exclusive(() => migrate(dbh, { to: '0014-catalogue-sync' }));
    const userId = await oldCustomer(dbh);
    // The accounts the old schema knew (today's list has `adjustments`, refused before 0016).
    await dbh.db
      .insertInto('accounts')
      .values([
        {
          id: systemAccountId('card_clearing'),
          kind: 'card_clearing',
          user_id: null,
          created_at: 0,
        },
        { id: walletAccountId(userId), kind: 'wallet', user_id: userId, created_at: 0 },
      ])
      .execute();
    // Funded as the ledger of the time wrote it (today's also moves the totals of 0027).
    await dbh.db
      .insertInto('movements')
      .values({ id: 'old-funding', kind: 'test_funding', memo: null, created_at: 0 })
      .execute();
    for (const [accountId, amount] of [
      [systemAccountId('card_clearing'), -700_00],
      [walletAccountId(userId), 700_00],
    ] as const) {
      await dbh.db
        .insertInto('ledger_entries')
        .values({
          movement_id: 'old-funding',
          account_id: accountId,
          amount,
          balance_before: 0,
          balance_after: amount,
          created_at: 0,
        })
        .execute();
      await dbh.db
        .updateTable('accounts')
        .set({ balance: amount })
        .where('id', '=', accountId)
        .execute();
    }
    await dbh.exclusive(() => migrate(dbh));

    expect(await checkInvariants(dbh.db)).toEqual([]);
    const wallet = await dbh.db
      .selectFrom('accounts')
      .select('balance')
      .where('id', '=', walletAccountId(userId))
      .executeTakeFirstOrThrow();
    expect(Number(wallet.balance)).toBe(700_00);
    await ensureSystemAccounts(dbh.db);
    await dbh.writeTx((trx) =>
      postMovement(trx, {
        kind: 'adjustment',
        legs: [
          { accountId: systemAccountId('adjustments'), amount: -50_00 },
          { accountId: walletAccountId(userId), amount: 50_00 },
        ],
      }),
    );
    expect(await checkInvariants(dbh.db)).toEqual([]);
    // The ledger's foreign key still names the accounts table, and still holds.
    await expect(
      dbh.db
        .insertInto('ledger_entries')
        .values({
          movement_id: 'nope',
          account_id: 'no-such-account',
          amount: 1,
          balance_before: 0,
          balance_after: 1,
          created_at: 0,
        })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
  });

  it('0034 makes the card payments that failed or were cancelled before it statement lines (ADR 0076)', async () => {
    const dbh = await open();
    await dbh.exclusive(() => migrate(dbh, { to: '0032-recent-recipients' }));
    const userId = await oldCustomer(dbh);
    const payment = (id: string, status: string, channel = 'card') => ({
      id,
      tx_ref: `PB-${id}`,
      user_id: userId,
      amount: 5_000_00,
      status,
      payment_reference: null,
      movement_id: null,
      channel,
      created_at: 1,
      updated_at: 1,
    });
    await dbh.db
      .insertInto('payments')
      .values([
        payment('p-failed', 'failed'),
        payment('p-cancelled', 'cancelled'),
        payment('p-pending', 'pending'),
        payment('p-transfer', 'failed', 'bank_transfer'),
      ] as never)
      .execute();
    await dbh.exclusive(() => migrate(dbh));
    const lines = await dbh.db
      .selectFrom('statement_lines')
      .select(['src', 'ref', 'kind', 'status', 'hidden'])
      .where('user_id', '=', userId)
      .orderBy('ref')
      .execute();
    expect(lines).toEqual([
      { src: 'attempt', ref: 'p-cancelled', kind: 'card_funding', status: 'cancelled', hidden: 0 },
      { src: 'attempt', ref: 'p-failed', kind: 'card_funding', status: 'failed', hidden: 0 },
    ]);
    // A pending checkout that fails later gets its line from the trigger.
    await dbh.db
      .updateTable('payments')
      .set({ status: 'failed' })
      .where('id', '=', 'p-pending')
      .execute();
    expect(await checkAggregates(dbh.db)).toEqual([]);
  });
  it("0025 gives the provider lists kept before their own code as our plan's (ADR 0052)", async () => {
    const dbh = await open();
    await dbh.exclusive(() => migrate(dbh, { to: '0024-bvn-checks' }));
    await dbh.db
      .insertInto('provider_plans')
      .values({
        provider: 'sandbox-flutterwave',
        service_id: 'mtn-data',
        code: 'mtn-100mb-1000',
        cost: 1_000_00,
        synced_at: 0,
      })
      .execute();
    await dbh.exclusive(() => migrate(dbh));
    const rows = await dbh.db.selectFrom('provider_plans').select(['code', 'plan_code']).execute();
    expect(rows).toEqual([{ code: 'mtn-100mb-1000', plan_code: 'mtn-100mb-1000' }]);
  });
  it('0026 keeps the BVN checks made before it (no hash) and refuses a BVN verified twice', async () => {
    const dbh = await open();
    await dbh.exclusive(() => migrate(dbh, { to: '0025-provider-plan-codes' }));
    const userId = await oldCustomer(dbh);
    const check = (id: string, status: string) => ({
      id,
      user_id: userId,
      provider: 'sandbox',
      provider_ref: `FLW-${id}`,
      bvn_last4: '5432',
      consented_at: 1,
      status,
      created_at: 1,
      completed_at: null,
    });
    await dbh.db
      .insertInto('bvn_checks')
      .values([check('BVN-old-1', 'verified'), check('BVN-old-2', 'started')] as never)
      .execute();
    await dbh.exclusive(() => migrate(dbh));
    const rows = await dbh.db.selectFrom('bvn_checks').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.id, r.status, r.bvn_hash, r.provider_ref])).toEqual([
      ['BVN-old-1', 'verified', null, 'FLW-BVN-old-1'],
      ['BVN-old-2', 'started', null, 'FLW-BVN-old-2'],
    ]);
    // The two new ends are allowed; one BVN hash is verified once at most.
    const hash = 'a'.repeat(64);
    await dbh.db
      .updateTable('bvn_checks')
      .set({ status: 'superseded', bvn_hash: hash })
      .where('id', '=', 'BVN-old-2')
      .execute();
    await dbh.db
      .insertInto('bvn_checks')
      .values({ ...check('BVN-new-1', 'verified'), bvn_hash: hash } as never)
      .execute();
    await expect(
      dbh.db
        .insertInto('bvn_checks')
        .values({ ...check('BVN-new-2', 'verified'), bvn_hash: hash } as never)
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
    await expect(
      dbh.db
        .insertInto('bvn_checks')
        .values(check('BVN-new-3', 'approved') as never)
        .execute(),
    ).rejects.toThrow(/check/i);
  });
  /** Coupons and coupon purchases as the schema before 0028 kept them: every code in clear. */
  async function oldCoupons(dbh: DbHandle, codes: string[]) {
    const userId = await oldCustomer(dbh);
    await dbh.db
      .insertInto('coupons')
      .values(
        codes.map((code, i) => ({
          code,
          owner_id: userId,
          product: 'AIRTIME',
          meta: JSON.stringify({ product: 'AIRTIME', name: '₦500 Airtime', amount: 500_00 }),
          is_valid: i === 0 ? 1 : 0,
          issued_at: 1,
          expires_at: Date.now() + 86_400_000,
          unit_price: 490_00,
        })) as never,
      )
      .execute();
    const row = (id: string, product: string, extra: object) => ({
      id,
      user_id: userId,
      product,
      direction: 'debit',
      status: 'successful',
      value: 500_00,
      amount_charged: 490_00,
      balance_before: 0,
      balance_after: 0,
      created_at: 1,
      updated_at: 1,
      ...extra,
    });
    await dbh.db
      .insertInto('transactions')
      .values([
        row('old-coupons', 'Coupon', { purchased_code: codes.join('; ') }),
        row('old-redemption', 'Airtime', {
          coupon_code: codes[1],
          transaction_phone: '08031234567',
        }),
        row('old-waec', 'Education', { purchased_code: 'Serial: WRN182736455, Pin: 123456789012' }),
      ] as never)
      .execute();
    await dbh.db
      .insertInto('idempotency_keys')
      .values({
        user_id: userId,
        request_id: 'old-buy',
        request_hash: 'x',
        created_at: Date.now(),
        status_code: 200,
        response: JSON.stringify({ message: codes.map((coupon_code) => ({ coupon_code })) }),
        transaction_id: 'old-coupons',
      } as never)
      .execute();
  }

  const CODES = ['K7MX2QD-P9RTW4H-AIRTIME', 'ABCDEFG-HJKMNPQ-AIRTIME'];

  it('0028 seals the coupon codes issued before it: a keyed hash finds one, the code is sealed', async () => {
    const codes = new SealedCodes(PIN_SECRET);
    const dbh = await open(codes);
    await dbh.exclusive(() => migrate(dbh, { to: '0026-bvn-once' }));
    await oldCoupons(dbh, CODES);
    // The database's PIN_SECRET, as the first start recorded it (ADR 0036).
    await dbh.db
      .insertInto('secret_fingerprints')
      .values({ name: 'PIN_SECRET', fingerprint: codes.pinFingerprint, created_at: 1 })
      .execute();
    await dbh.exclusive(() => migrate(dbh));

    // A reader of the database (no key) finds no code, nor an answer kept with the codes.
    const raw = dbh.db.withoutPlugins();
    const stored = JSON.stringify([
      await raw.selectFrom('coupons').selectAll().execute(),
      await raw.selectFrom('transactions').selectAll().execute(),
      await raw.selectFrom('idempotency_keys').selectAll().execute(),
    ]);
    for (const code of CODES) expect(stored).not.toContain(code.slice(0, 15));
    const coupons = await raw.selectFrom('coupons').select(['code', 'sealed_code']).execute();
    expect(coupons.map((c) => c.code).sort()).toEqual(CODES.map((c) => codes.hash(c)).sort());
    // Exam pins are not coupon codes: kept as they were (masked in admin answers only).
    expect(stored).toContain('Pin: 123456789012');

    // The app's handle reads them as before; a coupon is found by its code.
    const found = await findCoupon(dbh.db, CODES[0]!);
    expect(found).toMatchObject({ sealed_code: CODES[0], is_valid: 1 });
    const rows = await dbh.db
      .selectFrom('transactions')
      .select(['id', 'purchased_code', 'coupon_code'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'old-coupons', purchased_code: CODES.join('; '), coupon_code: null },
      { id: 'old-redemption', purchased_code: null, coupon_code: CODES[1] },
      {
        id: 'old-waec',
        purchased_code: 'Serial: WRN182736455, Pin: 123456789012',
        coupon_code: null,
      },
    ]);
    // A retry of the old purchase is answered from its transaction (no answer kept).
    const key = await raw.selectFrom('idempotency_keys').selectAll().executeTakeFirstOrThrow();
    expect(key).toMatchObject({ response: null, status_code: null, transaction_id: 'old-coupons' });
  });

  it('0028 seals nothing under another PIN_SECRET than the database ran with, or without one', async () => {
    const other = await open(new SealedCodes('another-pin-secret-another-pin-secret-0123'));
    await other.exclusive(() => migrate(other, { to: '0026-bvn-once' }));
    await oldCoupons(other, CODES);
    await other.db
      .insertInto('secret_fingerprints')
      .values({
        name: 'PIN_SECRET',
        fingerprint: new SealedCodes(PIN_SECRET).pinFingerprint,
        created_at: 1,
      })
      .execute();
    await expect(other.exclusive(() => migrate(other))).rejects.toThrow(/0028.*PIN_SECRET/);
    const kept = await other.db.withoutPlugins().selectFrom('coupons').select('code').execute();
    expect(kept.map((c) => c.code).sort()).toEqual([...CODES].sort());

    const keyless = await open();
    await keyless.exclusive(() => migrate(keyless, { to: '0026-bvn-once' }));
    await oldCoupons(keyless, CODES);
    await expect(keyless.exclusive(() => migrate(keyless))).rejects.toThrow(/0028.*PIN_SECRET/);
  });

  it('a database that ran migrations under their old names, or a later one first, migrates once', async () => {
    const dbh = await open();
    const names = async () =>
      (
        await sql<{ name: string }>`select name from kysely_migration order by name`.execute(dbh.db)
      ).rows.map((r) => r.name);
    // An old release: 0001–0038, the renamed five under their old names, then 0040 before 0039
    // (migrations written side by side land out of number order).
    await dbh.exclusive(() => migrate(dbh, { to: '0038-sms-outbox' }));
    for (const [from, to] of Object.entries(RENAMED_MIGRATIONS)) {
      await sql`update kysely_migration set name = ${from} where name = ${to}`.execute(dbh.db);
    }
    const all = await migrations(engine).getMigrations();
    await all['0040-withdrawals']!.up(dbh.db as never);
    await sql`insert into kysely_migration (name, timestamp) values ('0040-withdrawals', ${new Date().toISOString()})`.execute(
      dbh.db,
    );
    expect(await names()).toContain('0005-issue15-history-aggregates');

    // Running any of them twice would fail (its tables exist); it migrates to the latest.
    await dbh.exclusive(() => migrate(dbh));
    expect(await names()).toEqual(Object.keys(all).sort());
    const columns = (await dbh.db.introspection.getTables())
      .find((t) => t.name === 'users')!
      .columns.map((c) => c.name);
    expect(columns).toContain('purchase_sms');
    // Again: nothing left to do.
    await dbh.exclusive(() => migrate(dbh));
    expect(await names()).toEqual(Object.keys(all).sort());
  });
});
