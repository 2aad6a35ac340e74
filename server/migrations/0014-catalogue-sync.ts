/**
 * The catalogue comes from the provider (ADR 0044): each data, TV and
 * education plan keeps what the provider last said it costs us, which provider said it and
 * when, and a flag the admin must act on (`price_above_ours`, `not_at_provider`, `new`).
 * `sync_off_sale` remembers that the sync (not an admin) took the plan off sale, so only such
 * a plan goes back on sale by itself once repriced; a plan an admin took off stays off.
 * Existing rows start unsynced (cost unknown, no flag): the first sync fills them.
 */
import type { Kysely, Migration } from 'kysely';

const PLAN_TABLES = ['data_plans', 'bill_plans'] as const;

export function catalogueSync(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of PLAN_TABLES) {
        // One column per statement: SQLite's ALTER TABLE adds one at a time.
        await db.schema.alterTable(table).addColumn('cost', 'bigint').execute();
        await db.schema.alterTable(table).addColumn('provider', 'varchar(32)').execute();
        await db.schema.alterTable(table).addColumn('synced_at', 'bigint').execute();
        await db.schema.alterTable(table).addColumn('sync_flag', 'varchar(24)').execute();
        await db.schema
          .alterTable(table)
          .addColumn('sync_off_sale', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      }
    },
  };
}
