/**
 * Purchases, card payments, coupons (decisions §5, §6, §8; ADR 0008–0010): the requery job
 * columns on transactions (claimed with a guarded UPDATE, `FOR UPDATE SKIP LOCKED` on
 * PostgreSQL), which account paid a purchase (wallet or coupon liability), the payments table
 * (unique tx_ref and credit movement: credited once), the coupon's unit price, and a small
 * key-value table that keeps the sandbox providers' memory across restarts.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export function purchases(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('transactions').addColumn('provider', 'varchar(32)').execute();
      await db.schema.alterTable('transactions').addColumn('next_requery_at', 'bigint').execute();
      await db.schema
        .alterTable('transactions')
        .addColumn('requery_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('transactions').addColumn('paid_account', 'varchar(64)').execute();
      await db.schema
        .alterTable('transactions')
        .addColumn('paid_amount', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('transactions_requery')
        .on('transactions')
        .columns(['status', 'next_requery_at'])
        .execute();
      await db.schema
        .createIndex('transactions_created')
        .on('transactions')
        .column('created_at')
        .execute();

      await db.schema
        .alterTable('coupons')
        .addColumn('unit_price', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('payments')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('tx_ref', 'varchar(128)', (c) => c.notNull().unique())
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('credited', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'varchar(12)', (c) => c.notNull())
        .addColumn('payment_reference', 'varchar(128)')
        .addColumn('movement_id', 'varchar(40)', (c) => c.unique().references('movements.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint(
          'payments_status',
          sql`status in ('completed','failed','pending','cancelled')`,
        )
        .addCheckConstraint('payments_amount', sql`amount > 0 and credited >= 0`)
        .execute();
      await db.schema
        .createIndex('payments_user_created')
        .on('payments')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('kv_store')
        .addColumn('namespace', 'varchar(32)', (c) => c.notNull())
        .addColumn('key', 'varchar(200)', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('kv_store_pk', ['namespace', 'key'])
        .execute();
    },
  };
}
