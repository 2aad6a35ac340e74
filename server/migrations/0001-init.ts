/**
 * One schema for SQLite and PostgreSQL (style.md). Money is integer kobo (bigint), times are
 * epoch ms (bigint), booleans 0/1. Ledger rules live in CHECK constraints too (decisions §4,
 * after pgledger): a wallet balance never goes below zero, an entry is never zero and keeps
 * `balance_after = balance_before + amount`.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../src/platform/db/engine.ts';

export function init(engine: Engine): Migration {
  const serial = (db: Kysely<unknown>, table: string) =>
    engine === 'postgres'
      ? db.schema.createTable(table).addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema
          .createTable(table)
          .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
        .addColumn('phone', 'varchar(20)', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('pin_hash', 'text')
        .addColumn('pin_failed_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('pin_locked_until', 'bigint')
        .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_blocked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('referral_code', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('referred_by', 'varchar(40)')
        .addColumn('last_login', 'bigint')
        .addColumn('last_seen', 'bigint')
        .addColumn('tokens_valid_after', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_on', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('accounts')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(40)', (c) => c.references('users.id'))
        .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint(
          'accounts_kind',
          sql`kind in ('wallet','card_clearing','provider_float','coupon_liability','fees_income','stamp_duty_payable','referral_expense')`,
        )
        // System accounts are the other side of customer money and may go negative (ADR 0005).
        .addCheckConstraint('accounts_wallet_not_negative', sql`kind <> 'wallet' or balance >= 0`)
        .addCheckConstraint(
          'accounts_wallet_has_user',
          sql`(kind = 'wallet') = (user_id is not null)`,
        )
        .addUniqueConstraint('accounts_kind_user', ['kind', 'user_id'])
        .execute();

      await db.schema
        .createTable('movements')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('memo', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await serial(db, 'ledger_entries')
        .addColumn('movement_id', 'varchar(40)', (c) => c.notNull().references('movements.id'))
        .addColumn('account_id', 'varchar(64)', (c) => c.notNull().references('accounts.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('balance_before', 'bigint', (c) => c.notNull())
        .addColumn('balance_after', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('entries_nonzero', sql`amount <> 0`)
        .addCheckConstraint('entries_balance', sql`balance_after = balance_before + amount`)
        .execute();
      await db.schema
        .createIndex('ledger_entries_account')
        .on('ledger_entries')
        .column('account_id')
        .execute();
      await db.schema
        .createIndex('ledger_entries_movement')
        .on('ledger_entries')
        .column('movement_id')
        .execute();

      await db.schema
        .createTable('transactions')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id'))
        .addColumn('movement_id', 'varchar(40)', (c) => c.references('movements.id'))
        .addColumn('product', 'varchar(20)', (c) => c.notNull())
        .addColumn('direction', 'varchar(8)', (c) => c.notNull())
        .addColumn('status', 'varchar(12)', (c) => c.notNull())
        .addColumn('value', 'bigint', (c) => c.notNull())
        .addColumn('amount_charged', 'bigint', (c) => c.notNull())
        .addColumn('balance_before', 'bigint', (c) => c.notNull())
        .addColumn('balance_after', 'bigint', (c) => c.notNull())
        .addColumn('service_id', 'varchar(64)')
        .addColumn('plan', 'varchar(200)')
        .addColumn('plan_id', 'varchar(64)')
        .addColumn('transaction_phone', 'varchar(20)')
        .addColumn('meter_number', 'varchar(40)')
        .addColumn('customer_name', 'varchar(200)')
        .addColumn('quantity', 'integer')
        .addColumn('smart_card_number', 'varchar(40)')
        .addColumn('account_id', 'varchar(64)')
        .addColumn('token', 'text')
        .addColumn('exchange_reference', 'varchar(128)')
        .addColumn('units', 'varchar(64)')
        .addColumn('purchased_code', 'text')
        .addColumn('counterparty', 'varchar(254)')
        .addColumn('coupon_code', 'varchar(64)')
        .addColumn('response_msg', 'text')
        .addColumn('provider_request_id', 'varchar(64)', (c) => c.unique())
        .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint(
          'transactions_status',
          sql`status in ('successful','failed','reversed','pending','cancelled')`,
        )
        .addCheckConstraint('transactions_direction', sql`direction in ('debit','credit')`)
        .addCheckConstraint(
          'transactions_amounts',
          sql`value >= 0 and amount_charged >= 0 and balance_before >= 0 and balance_after >= 0`,
        )
        .execute();
      await db.schema
        .createIndex('transactions_user_created')
        .on('transactions')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('coupons')
        .addColumn('code', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('owner_id', 'varchar(40)', (c) => c.notNull().references('users.id'))
        .addColumn('product', 'varchar(32)', (c) => c.notNull())
        .addColumn('meta', 'text', (c) => c.notNull())
        .addColumn('is_valid', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('issued_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('redeemed_by', 'varchar(40)')
        .addColumn('redeemed_at', 'bigint')
        .execute();
      await db.schema.createIndex('coupons_owner').on('coupons').column('owner_id').execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('family_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('refresh_tokens_family')
        .on('refresh_tokens')
        .column('family_id')
        .execute();

      await db.schema
        .createTable('email_tokens')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id'))
        .addColumn('purpose', 'varchar(8)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('request_id', 'varchar(128)', (c) => c.notNull())
        .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('response', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'request_id'])
        .execute();

      await serial(db, 'mail_outbox')
        .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('claimed_at', 'bigint')
        .addColumn('sent_at', 'bigint')
        .addColumn('transport', 'varchar(16)')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .execute();
      await db.schema
        .createIndex('mail_outbox_to')
        .on('mail_outbox')
        .column('to_address')
        .execute();

      await db.schema
        .createTable('rate_counters')
        .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();

      // ── Catalogue: prices live on plan rows; purchases copy the charged price (ADR 0005).
      await db.schema
        .createTable('networks')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('service_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('wallet_percent_off', 'double precision', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('data_variations')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('network_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('service_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('requires_account_id', 'integer', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('data_plans')
        .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
        .addColumn('variation_id', 'varchar(64)', (c) =>
          c.notNull().references('data_variations.id'),
        )
        .addColumn('plan_id', 'varchar(100)', (c) => c.notNull())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('wallet_price', 'bigint', (c) => c.notNull())
        .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('data_plans_price', sql`wallet_price >= 0`)
        .execute();
      await db.schema
        .createTable('bill_variations')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('service_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('convenience_fee', 'bigint', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull())
        .addCheckConstraint('bill_variations_kind', sql`kind in ('cabletv','education')`)
        .execute();
      await db.schema
        .createTable('bill_plans')
        .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
        .addColumn('variation_id', 'varchar(64)', (c) =>
          c.notNull().references('bill_variations.id'),
        )
        .addColumn('plan_id', 'varchar(100)', (c) => c.notNull())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('bill_plans_price', sql`price >= 0`)
        .execute();
      await db.schema
        .createTable('electricity_variations')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('service_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('variation_code', 'varchar(10)', (c) => c.notNull())
        .addColumn('fee_percent', 'double precision', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull())
        .execute();
    },
  };
}
