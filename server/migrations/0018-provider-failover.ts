/**
 * Provider failover, circuit breaker and float alerts (ADR 0052).
 *
 * - `provider_routes`: an admin's ordered provider list for a product or a service id (JSON
 *   array of route targets); a key with no row keeps the configured route (PROVIDER_ROUTES).
 * - `provider_plans`: what each provider listed for a service at the last catalogue sync (its
 *   own code and cost), so a fallback is never sent a plan it does not sell, or sells at a loss.
 * - `provider_breakers`: the circuit breaker per adapter, in the database so every instance
 *   pauses a provider together.
 * - `provider_calls`: one row per purchase call (outcome, latency) for the overview's last hour.
 * - `provider_floats`: the polled float, the admin's threshold and whether the alert for the
 *   current crossing was sent.
 * - `transactions.providers_tried`: the providers a purchase went to, in order (JSON).
 */
import type { Kysely, Migration } from 'kysely';

export function providerFailover(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('provider_routes')
        .addColumn('route_key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('providers', 'varchar(200)', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('provider_plans')
        .addColumn('provider', 'varchar(32)', (c) => c.notNull())
        .addColumn('service_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('code', 'varchar(100)', (c) => c.notNull())
        .addColumn('cost', 'bigint', (c) => c.notNull())
        .addColumn('synced_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('provider_plans_pk', ['provider', 'service_id', 'code'])
        .execute();
      await db.schema
        .createTable('provider_breakers')
        .addColumn('provider', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        // Paused until then (epoch ms); null: closed. Past it: half-open (one try at a time).
        .addColumn('open_until', 'bigint')
        // The half-open try under way holds the provider until then (a crashed try frees it).
        .addColumn('probe_until', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('provider_calls')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('provider', 'varchar(32)', (c) => c.notNull())
        .addColumn('product', 'varchar(16)', (c) => c.notNull())
        // successful | pending | failed | timeout (no readable answer)
        .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
        .addColumn('latency_ms', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('provider_calls_recent')
        .on('provider_calls')
        .columns(['provider', 'created_at'])
        .execute();
      await db.schema
        .createTable('provider_floats')
        .addColumn('provider', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('threshold', 'bigint')
        .addColumn('balance', 'bigint')
        .addColumn('polled_at', 'bigint')
        .addColumn('poll_error', 'varchar(200)')
        // 1 once the alert of the current crossing below the threshold is sent; 0 above it.
        .addColumn('alerted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('transactions').addColumn('providers_tried', 'text').execute();
    },
  };
}
