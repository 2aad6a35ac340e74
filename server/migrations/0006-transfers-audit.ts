/**
 * Bank-transfer funding and the admin audit log (ADR 0024, 0025): each customer's
 * permanent virtual account (only the BVN's last four digits are kept), every transfer the
 * provider reports (unique provider id: recorded once; `payment_id` unique: credited once),
 * a payment's channel, and the audit log (only ever inserted).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export function transfersAudit(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('payments')
        .addColumn('channel', 'varchar(16)', (c) => c.notNull().defaultTo('card'))
        .execute();

      await db.schema
        .createTable('virtual_accounts')
        .addColumn('user_id', 'varchar(40)', (c) => c.primaryKey().references('users.id'))
        .addColumn('account_number', 'varchar(20)', (c) => c.notNull().unique())
        .addColumn('bank_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('account_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('tx_ref', 'varchar(128)', (c) => c.notNull().unique())
        .addColumn('provider', 'varchar(32)', (c) => c.notNull())
        .addColumn('provider_ref', 'varchar(128)')
        .addColumn('bvn_last4', 'varchar(4)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('bank_transfers')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('provider_id', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('tx_ref', 'varchar(128)')
        .addColumn('account_number', 'varchar(20)')
        .addColumn('sender', 'varchar(200)', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('status', 'varchar(12)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(40)', (c) => c.references('users.id'))
        .addColumn('payment_id', 'varchar(40)', (c) => c.unique().references('payments.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('bank_transfers_status', sql`status in ('credited','held','assigned')`)
        .addCheckConstraint('bank_transfers_amount', sql`amount > 0`)
        .execute();
      await db.schema
        .createIndex('bank_transfers_status_created')
        .on('bank_transfers')
        .columns(['status', 'created_at'])
        .execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('admin_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('admin_email', 'varchar(254)', (c) => c.notNull())
        .addColumn('action', 'varchar(32)', (c) => c.notNull())
        .addColumn('target_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('target_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('target_label', 'varchar(254)')
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .addColumn('request_id', 'varchar(128)')
        .addColumn('ip', 'varchar(64)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('audit_log_created')
        .on('audit_log')
        .column('created_at')
        .execute();
      await db.schema
        .createIndex('audit_log_admin')
        .on('audit_log')
        .columns(['admin_email', 'created_at'])
        .execute();
      await db.schema
        .createIndex('audit_log_target')
        .on('audit_log')
        .columns(['target_id', 'created_at'])
        .execute();
    },
  };
}
