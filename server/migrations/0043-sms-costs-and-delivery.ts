/**
 * SMS costs on the admin overview and Termii's delivery reports (ADR 0086):
 * - `sms_outbox_sent_at` (status, sent_at) and `sms_outbox_created_at` (status, created_at): the
 *   overview counts today's sent and failed SMS, and the delivery poll finds the sent messages
 *   still waiting for a report, from an index rather than the whole outbox;
 * - `delivery_status`: what Termii's message history last said of a sent message, as ours:
 *   null (no report yet), `delivered` or `undelivered`; `delivery_detail`: Termii's own words
 *   ("Delivered", "DND Active on Phone Number", "Message Failed"…); `delivery_checked_at`: when
 *   it was last asked.
 */
import type { Kysely, Migration } from 'kysely';

export function smsCostsAndDelivery(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('sms_outbox')
        .addColumn('delivery_status', 'varchar(16)')
        .execute();
      await db.schema
        .alterTable('sms_outbox')
        .addColumn('delivery_detail', 'varchar(100)')
        .execute();
      await db.schema.alterTable('sms_outbox').addColumn('delivery_checked_at', 'bigint').execute();
      await db.schema
        .createIndex('sms_outbox_sent_at')
        .on('sms_outbox')
        .columns(['status', 'sent_at'])
        .execute();
      await db.schema
        .createIndex('sms_outbox_created_at')
        .on('sms_outbox')
        .columns(['status', 'created_at'])
        .execute();
    },
  };
}
