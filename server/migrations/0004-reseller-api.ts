/**
 * The reseller API (ADR 0026): API keys (a keyed hash of the key, never the
 * key), one webhook address per customer, the webhook deliveries (a DB-claimed job table like
 * the requery worker's), and on each purchase the key that made it and the caller's
 * X-Request-Id (for the requery by request id).
 */
import type { Kysely, Migration } from 'kysely';

export function resellerApi(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('prefix', 'varchar(20)', (c) => c.notNull())
        .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('rate_limit', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('api_keys_user').on('api_keys').column('user_id').execute();

      await db.schema
        .createTable('webhook_endpoints')
        .addColumn('user_id', 'varchar(40)', (c) => c.primaryKey().references('users.id'))
        .addColumn('url', 'varchar(500)', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id'))
        .addColumn('api_key_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('transaction_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('event', 'varchar(40)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_status', 'integer')
        .addColumn('last_error', 'varchar(200)')
        .addColumn('next_attempt_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('delivered_at', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // One event per transaction and status, whoever notices the change first.
      await db.schema
        .createIndex('webhook_deliveries_event')
        .on('webhook_deliveries')
        .columns(['transaction_id', 'event'])
        .unique()
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_due')
        .on('webhook_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_user')
        .on('webhook_deliveries')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema.alterTable('transactions').addColumn('api_key_id', 'varchar(40)').execute();
      await db.schema
        .alterTable('transactions')
        .addColumn('client_request_id', 'varchar(128)')
        .execute();
      await db.schema
        .createIndex('transactions_client_request')
        .on('transactions')
        .columns(['user_id', 'client_request_id'])
        .execute();
    },
  };
}
