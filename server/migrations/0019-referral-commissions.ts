/**
 * Referral commissions (ADR 0056).
 *
 * - `referral_settings`: one row (id 1) with the admin's rates per product (JSON, validated by
 *   the contract when read), the first-funding bonus and the daily cap per referrer; no row:
 *   the contract's defaults.
 * - `referral_commissions`: one row per commission paid. `(source, source_id)` is unique (a
 *   purchase's id, or the friend's id for the first-funding bonus), so a commission is paid once
 *   even if the code that pays it ran twice; `reversal_movement_id` is set, once, when the
 *   purchase is reversed, with what could be taken back (`clawed_back`: the referrer may have
 *   spent it).
 * - `referral_daily`: what each referrer was paid per Lagos day. The cap is one guarded UPDATE
 *   of this row, which serialises parallel commissions of one referrer on PostgreSQL.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export function referralCommissions(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('referral_settings')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('rates', 'varchar(1000)', (c) => c.notNull())
        .addColumn('first_funding_bonus', 'bigint', (c) => c.notNull())
        .addColumn('daily_cap', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('referral_settings_one_row', sql`id = 1`)
        .addCheckConstraint(
          'referral_settings_amounts',
          sql`first_funding_bonus >= 0 and daily_cap >= 0`,
        )
        .execute();
      await db.schema
        .createTable('referral_commissions')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('referrer_id', 'varchar(40)', (c) => c.notNull().references('users.id'))
        .addColumn('referred_id', 'varchar(40)', (c) => c.notNull().references('users.id'))
        .addColumn('source', 'varchar(16)', (c) => c.notNull())
        .addColumn('source_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('product', 'varchar(32)')
        .addColumn('amount', 'bigint', (c) => c.notNull())
        // Claimed first (the unique key), paid in the same transaction: null only in between.
        .addColumn('movement_id', 'varchar(40)', (c) => c.unique())
        .addColumn('reversal_movement_id', 'varchar(40)', (c) => c.unique())
        // Taken back from the referrer's wallet at the reversal: at most what it then held.
        .addColumn('clawed_back', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('reversed_at', 'bigint')
        .addUniqueConstraint('referral_commissions_once', ['source', 'source_id'])
        .addCheckConstraint(
          'referral_commissions_source',
          sql`source in ('purchase','first_funding')`,
        )
        .addCheckConstraint('referral_commissions_amount', sql`amount > 0`)
        .execute();
      await db.schema
        .createIndex('referral_commissions_referrer')
        .on('referral_commissions')
        .columns(['referrer_id', 'created_at'])
        .execute();
      // The admin overview's "this month".
      await db.schema
        .createIndex('referral_commissions_created')
        .on('referral_commissions')
        .column('created_at')
        .execute();
      await db.schema
        .createTable('referral_daily')
        .addColumn('referrer_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('paid', 'bigint', (c) => c.notNull().defaultTo(0))
        // What the last guarded UPDATE granted (≤ what was asked): read back by its caller.
        .addColumn('last_grant', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('referral_daily_pk', ['referrer_id', 'day'])
        .execute();
      // The Settings page counts who signed up with the code.
      await db.schema.createIndex('users_referred_by').on('users').column('referred_by').execute();
    },
  };
}
