/**
 * Wallet limits by verification level (ADR 0058).
 *
 * - `users.verification_level` (1 to 3; every existing customer starts at 1, as a new one
 *   does), `bvn_last4` and `bvn_consented_at`: the BVN itself is never stored.
 * - `verification_limits`: each level's maximum balance, daily funding and daily spending
 *   (kobo; null: no limit), seeded with the CBN's figures (contract/verification.ts).
 * - `accounts.limit_day`, `day_in`, `day_out`: what a wallet took in and paid out on the Lagos
 *   day `limit_day` (YYYY-MM-DD). They sit on the wallet's row so the ledger's one conditional
 *   UPDATE moves the balance and checks the day's use together, under the row's lock.
 * - `held_credits`: a credit a limit stopped, parked in the new system account kind
 *   `held_credits` until the level rises (released once: the status is guarded).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../src/platform/db/engine.ts';

/** Frozen copy of the contract's defaults (a migration never changes once it has run). */
const DEFAULTS = [
  { level: 1, max_balance: 30_000_000, daily_funding: 5_000_000, daily_spending: 5_000_000 },
  { level: 2, max_balance: 50_000_000, daily_funding: 20_000_000, daily_spending: 20_000_000 },
  { level: 3, max_balance: null, daily_funding: 500_000_000, daily_spending: 500_000_000 },
];

const NEW_KIND = `'held_credits'`;

export function walletLimits(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await widenAccountKinds(db, engine);
      await db.schema
        .alterTable('users')
        .addColumn('verification_level', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('users').addColumn('bvn_last4', 'varchar(4)').execute();
      await db.schema.alterTable('users').addColumn('bvn_consented_at', 'bigint').execute();
      await db.schema.alterTable('accounts').addColumn('limit_day', 'varchar(10)').execute();
      await db.schema
        .alterTable('accounts')
        .addColumn('day_in', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('accounts')
        .addColumn('day_out', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('verification_limits')
        .addColumn('level', 'integer', (c) => c.primaryKey())
        .addColumn('max_balance', 'bigint')
        .addColumn('daily_funding', 'bigint')
        .addColumn('daily_spending', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('verification_limits_level', sql`level in (1, 2, 3)`)
        .addCheckConstraint(
          'verification_limits_amounts',
          sql`coalesce(max_balance, 0) >= 0 and coalesce(daily_funding, 0) >= 0 and coalesce(daily_spending, 0) >= 0`,
        )
        .execute();
      await db
        .insertInto('verification_limits' as never)
        .values(DEFAULTS.map((d) => ({ ...d, updated_at: 0 })) as never)
        .execute();

      await db.schema
        .createTable('held_credits')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('reason', 'varchar(16)', (c) => c.notNull())
        // The kind of the movement it came with (card_funding, share, …) and its memo.
        .addColumn('source', 'varchar(32)', (c) => c.notNull())
        .addColumn('memo', 'varchar(200)')
        .addColumn('movement_id', 'varchar(40)', (c) => c.notNull().references('movements.id'))
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('release_movement_id', 'varchar(40)', (c) =>
          c.unique().references('movements.id'),
        )
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('released_at', 'bigint')
        .addCheckConstraint('held_credits_amount', sql`amount > 0`)
        .addCheckConstraint('held_credits_reason', sql`reason in ('balance','daily_funding')`)
        .addCheckConstraint('held_credits_status', sql`status in ('held','released')`)
        .addCheckConstraint(
          'held_credits_moved_when_released',
          sql`(status = 'released') = (release_movement_id is not null)`,
        )
        .execute();
      await db.schema
        .createIndex('held_credits_user_status')
        .on('held_credits')
        .columns(['user_id', 'status', 'created_at'])
        .execute();
    },
  };
}

/**
 * Adds `held_credits` to the `accounts_kind` CHECK, whatever other kinds it lists by now
 * (another migration may have widened it too): the current definition is read and extended.
 * SQLite cannot alter a CHECK, so the table is rebuilt as migration 0016 does (see there).
 */
async function widenAccountKinds(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    const { rows } = await sql<{ def: string }>`
      select pg_get_constraintdef(oid) as def from pg_constraint
      where conname = 'accounts_kind' and conrelid = 'accounts'::regclass`.execute(db);
    const kinds = [...(rows[0]?.def ?? '').matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
    if (!kinds.includes('wallet')) throw new Error('accounts: no kind CHECK to widen');
    if (kinds.includes('held_credits')) return;
    const list = [...kinds.map((k) => `'${k}'`), NEW_KIND].join(',');
    await sql.raw(`alter table accounts drop constraint accounts_kind`).execute(db);
    await sql
      .raw(`alter table accounts add constraint accounts_kind check (kind in (${list}))`)
      .execute(db);
    return;
  }
  const { rows } = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'accounts'`.execute(db);
  const create = rows[0]?.sql ?? '';
  const check = /kind in \(([^)]*)\)/.exec(create);
  if (!check) throw new Error('accounts: no kind CHECK to widen');
  if (check[1]!.includes(NEW_KIND)) return;
  const widened = create.replace(check[0], `kind in (${check[1]},${NEW_KIND})`);
  await sql.raw(`pragma defer_foreign_keys = on`).execute(db);
  await sql.raw(`create temp table accounts_before_0021 as select * from accounts`).execute(db);
  await sql.raw(`drop table accounts`).execute(db);
  await sql.raw(widened).execute(db);
  await sql.raw(`insert into accounts select * from accounts_before_0021`).execute(db);
  await sql.raw(`drop table accounts_before_0021`).execute(db);
  await sql.raw(`pragma defer_foreign_keys = off`).execute(db);
}
