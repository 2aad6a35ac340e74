/**
 * In-app notices (ADR 0057): one row per account event shown in the customer's
 * bell, written in the transaction that moved the money (notifications/notices.ts). Numbered rows,
 * so "read up to this one" is a comparison; `read_at` null until the customer reads it.
 */
import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../src/platform/db/engine.ts';

export function notices(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const table =
        engine === 'postgres'
          ? db.schema.createTable('notices').addColumn('id', 'bigserial', (c) => c.primaryKey())
          : db.schema
              .createTable('notices')
              .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
      await table
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
        // credited | debited | purchased | refunded | commission | announcement
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        // Signed kobo; null when no money moved.
        .addColumn('amount', 'bigint')
        .addColumn('transaction_id', 'varchar(64)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('read_at', 'bigint')
        .execute();
      // The bell reads a customer's newest rows and counts the unread ones.
      await db.schema
        .createIndex('notices_user')
        .on('notices')
        .columns(['user_id', 'id'])
        .execute();
    },
  };
}
