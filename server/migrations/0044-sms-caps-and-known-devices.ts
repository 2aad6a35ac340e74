/**
 * SMS that cannot be turned into a cost, and new sign-ins told (ADR 0087).
 *
 * - `sms_outbox.kind`: `outcome` (a purchase's delivered, processing, refunded, overdue SMS:
 *   never capped), `alert` (money moved outside a purchase) or `security`; null on rows from
 *   before. A row over its number's cap is kept with status `skipped` and the reason in
 *   `last_error`: recorded, never silently dropped, and never sent.
 * - `known_devices`: the devices an account signed in from, by the SHA-256 of the random
 *   device cookie set at sign-in (the cookie itself is not stored). A sign-in from a device
 *   not in it is told to the owner by SMS and e-mail.
 */
import type { Kysely, Migration } from 'kysely';

export function smsCapsAndKnownDevices(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sms_outbox').addColumn('kind', 'varchar(16)').execute();
      await db.schema
        .createTable('known_devices')
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('device_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('first_seen', 'bigint', (c) => c.notNull())
        .addColumn('last_seen', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('known_devices_pk', ['user_id', 'device_hash'])
        .execute();
    },
  };
}
