/**
 * Keys every instance must share (ADR 0036): the first start records a
 * fingerprint of `JWT_SECRET` and of `PIN_SECRET` (an HMAC of a constant under the key, never
 * the key), and an instance whose key gives another fingerprint refuses to start. One row per
 * key, its name the primary key, so of two instances started together one row is kept.
 */
import type { Kysely, Migration } from 'kysely';

export function secretFingerprints(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('secret_fingerprints')
        .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
