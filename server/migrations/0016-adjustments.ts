/**
 * Manual wallet adjustments (ADR 0050): one row per credit or debit an admin
 * makes, with its maker, its checker and its state (`pending` until a second admin approves
 * or rejects it, `approved` once the money moved, `rejected`). The reference is unique: the
 * same adjustment sent twice is one row. The money moves between the wallet and a new system
 * account kind, `adjustments`, so the `accounts_kind` CHECK learns it.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../src/platform/db/engine.ts';

const OLD_KINDS = `'wallet','card_clearing','provider_float','coupon_liability','fees_income','stamp_duty_payable','referral_expense'`;
const NEW_KINDS = `${OLD_KINDS},'adjustments'`;

export function adjustments(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        await sql.raw(`alter table accounts drop constraint accounts_kind`).execute(db);
        await sql
          .raw(`alter table accounts add constraint accounts_kind check (kind in (${NEW_KINDS}))`)
          .execute(db);
      } else {
        await widenSqliteAccountKinds(db);
      }

      await db.schema
        .createTable('adjustments')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('reference', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id'))
        .addColumn('direction', 'varchar(8)', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('reason', 'varchar(200)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('maker_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('maker_email', 'varchar(254)', (c) => c.notNull())
        .addColumn('checker_id', 'varchar(40)')
        .addColumn('checker_email', 'varchar(254)')
        .addColumn('movement_id', 'varchar(40)', (c) => c.unique().references('movements.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('decided_at', 'bigint')
        .addCheckConstraint('adjustments_direction', sql`direction in ('credit','debit')`)
        .addCheckConstraint('adjustments_amount', sql`amount > 0`)
        .addCheckConstraint('adjustments_status', sql`status in ('pending','approved','rejected')`)
        // Money moved exactly when approved: a pending or rejected one has no movement.
        .addCheckConstraint(
          'adjustments_moved_when_approved',
          sql`(status = 'approved') = (movement_id is not null)`,
        )
        .execute();
      await db.schema
        .createIndex('adjustments_status_created')
        .on('adjustments')
        .columns(['status', 'created_at'])
        .execute();
    },
  };
}

/**
 * SQLite cannot alter a CHECK: the table is rebuilt under its own name, inside the start-up
 * transaction (where `foreign_keys` cannot be switched off, and a rename would carry
 * `ledger_entries`' foreign key along to the old table). With the checks deferred, dropping the
 * old table counts each ledger entry as orphaned and inserting the same accounts back counts
 * them found again, so the commit sees no violation; a row lost on the way would fail it.
 */
async function widenSqliteAccountKinds(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'accounts'`.execute(db);
  const create = rows[0]?.sql;
  if (!create?.includes(`kind in (${OLD_KINDS})`)) {
    throw new Error('accounts: the kind CHECK is not the one migration 0016 expects');
  }
  await sql.raw(`pragma defer_foreign_keys = on`).execute(db);
  await sql.raw(`create temp table accounts_before_0016 as select * from accounts`).execute(db);
  await sql.raw(`drop table accounts`).execute(db);
  await sql.raw(create.replace(`kind in (${OLD_KINDS})`, `kind in (${NEW_KINDS})`)).execute(db);
  await sql.raw(`insert into accounts select * from accounts_before_0016`).execute(db);
  await sql.raw(`drop table accounts_before_0016`).execute(db);
  await sql.raw(`pragma defer_foreign_keys = off`).execute(db);
}
