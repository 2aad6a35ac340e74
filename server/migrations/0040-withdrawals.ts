/**
 * Withdrawals to bank accounts (ADR 0084).
 * - `withdrawals`: one row per withdrawal; its id is Flutterwave's `reference` and the id of the
 *   customer's `transactions` row (product `Withdrawal`), whose statement line the existing
 *   triggers keep (migration 0027): the line names the account's holder and bank; a refund is a
 *   `reversal` movement with the withdrawal's id as memo, a refund line as for a purchase.
 *   `status`: pending | awaiting_review | successful | failed | refunded. `sent_at`: when the
 *   create call was last made (null: never, e.g. a crash right after the debit, or waiting for
 *   review); `next_requery_at`: when the requery worker may next ask about it.
 * - `withdrawal_events`: every answer Flutterwave gave about one (create, requery, webhook), for
 *   the admin; never a secret.
 * - `beneficiaries`: accounts a customer paid, saved on success (unique per customer, bank and
 *   number); `first_paid_at` starts the new-account cap's 24 hours.
 */
import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../src/platform/db/engine.ts';

export function withdrawals(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('withdrawals')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id'))
        .addColumn('bank_code', 'varchar(16)', (c) => c.notNull())
        .addColumn('bank_name', 'varchar(120)', (c) => c.notNull())
        .addColumn('account_number', 'varchar(10)', (c) => c.notNull())
        .addColumn('account_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('fee', 'bigint', (c) => c.notNull())
        .addColumn('duty', 'bigint', (c) => c.notNull())
        .addColumn('total', 'bigint', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('reason', 'varchar(500)')
        .addColumn('provider', 'varchar(32)', (c) => c.notNull())
        .addColumn('provider_id', 'varchar(40)')
        .addColumn('provider_status', 'varchar(16)')
        .addColumn('sent_at', 'bigint')
        .addColumn('refused_at', 'bigint')
        .addColumn('next_requery_at', 'bigint')
        .addColumn('requery_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reviewer_id', 'varchar(40)')
        .addColumn('reviewed_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('withdrawals_user')
        .on('withdrawals')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('withdrawals_due')
        .on('withdrawals')
        .columns(['status', 'next_requery_at'])
        .execute();
      await db.schema
        .createIndex('withdrawals_account')
        .on('withdrawals')
        .columns(['user_id', 'bank_code', 'account_number', 'created_at'])
        .execute();
      await db.schema
        .createIndex('withdrawals_provider_id')
        .on('withdrawals')
        .column('provider_id')
        .execute();

      const events =
        engine === 'postgres'
          ? db.schema
              .createTable('withdrawal_events')
              .addColumn('id', 'bigserial', (c) => c.primaryKey())
          : db.schema
              .createTable('withdrawal_events')
              .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
      await events
        .addColumn('withdrawal_id', 'varchar(40)', (c) => c.notNull().references('withdrawals.id'))
        .addColumn('source', 'varchar(16)', (c) => c.notNull())
        .addColumn('status', 'varchar(32)', (c) => c.notNull())
        .addColumn('message', 'varchar(500)')
        .addColumn('raw', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('withdrawal_events_of')
        .on('withdrawal_events')
        .columns(['withdrawal_id', 'id'])
        .execute();

      await db.schema
        .createTable('beneficiaries')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id'))
        .addColumn('bank_code', 'varchar(16)', (c) => c.notNull())
        .addColumn('bank_name', 'varchar(120)', (c) => c.notNull())
        .addColumn('account_number', 'varchar(10)', (c) => c.notNull())
        .addColumn('account_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('first_paid_at', 'bigint', (c) => c.notNull())
        .addColumn('last_paid_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('beneficiaries_account')
        .on('beneficiaries')
        .columns(['user_id', 'bank_code', 'account_number'])
        .unique()
        .execute();
    },
  };
}
