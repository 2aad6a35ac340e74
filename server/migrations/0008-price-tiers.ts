/**
 * Price tiers (ADR 0027): a tier is a discount per product in basis points,
 * taken off the standard wallet price. The default tier (no discount) is inserted here; a
 * customer whose `tier_id` is null is on it. `tier_id` is nullable because SQLite adds a
 * referencing column only with a null default.
 */
import { sql, type Kysely, type Migration } from 'kysely';

// Fixed here, not imported from the contract: a migration must do the same thing forever. A
// product added to the contract later gets its column in a migration of its own.
const DEFAULT_TIER_ID = 'standard';
const TIER_PRODUCTS = ['airtime', 'data', 'cabletv', 'electricity', 'education'] as const;

export function priceTiers(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      let table = db.schema
        .createTable('price_tiers')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(40)', (c) => c.notNull())
        // Names are unique whatever their case ("Resellers" and "resellers" are one tier).
        .addColumn('name_key', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0));
      for (const product of TIER_PRODUCTS) {
        table = table
          .addColumn(`${product}_bps`, 'integer', (c) => c.notNull().defaultTo(0))
          .addCheckConstraint(
            `price_tiers_${product}_bps`,
            sql`${sql.ref(`${product}_bps`)} between 0 and 10000`,
          );
      }
      await table
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      const now = Date.now();
      await (db as Kysely<{ price_tiers: Record<string, string | number> }>)
        .insertInto('price_tiers')
        .values({
          id: DEFAULT_TIER_ID,
          name: 'Standard',
          name_key: 'standard',
          is_default: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();

      await db.schema
        .alterTable('users')
        .addColumn('tier_id', 'varchar(40)', (c) => c.references('price_tiers.id'))
        .execute();
      await db.schema.createIndex('users_tier').on('users').column('tier_id').execute();
    },
  };
}
