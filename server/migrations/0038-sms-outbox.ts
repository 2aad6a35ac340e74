/**
 * The SMS outbox (ADR 0079): one row per event key (unique, so enqueueing an event twice, or
 * from two instances, leaves one SMS), written in the transaction of the event it tells of;
 * the worker sends it through the SMS provider. `status`: `queued` (waiting, or waiting for a
 * retry at `next_attempt_at`), `sending` (claimed until `lease_until`), `sent`, `failed`.
 */
import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../src/platform/db/engine.ts';

export function smsOutbox(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const table =
        engine === 'postgres'
          ? db.schema.createTable('sms_outbox').addColumn('id', 'bigserial', (c) => c.primaryKey())
          : db.schema
              .createTable('sms_outbox')
              .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
      await table
        .addColumn('event_key', 'varchar(200)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(40)')
        .addColumn('to_number', 'varchar(16)', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('lease_until', 'bigint')
        .addColumn('provider', 'varchar(32)')
        .addColumn('provider_message_id', 'varchar(64)')
        .addColumn('last_error', 'varchar(500)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('sms_outbox_event')
        .on('sms_outbox')
        .column('event_key')
        .unique()
        .execute();
      await db.schema
        .createIndex('sms_outbox_due')
        .on('sms_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
    },
  };
}
