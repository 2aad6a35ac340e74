import { z } from './zod';
import { endpoint, message } from './endpoint';
import { EpochMs } from './entities';

/**
 * The catalogue comes from the provider (ADR 0044): for each data, TV and
 * education service, the provider it is routed to lists its variations; plans are matched by
 * `plan_id` (the provider's code), the provider's price is stored as our cost, and plans the
 * admin must look at are flagged (SYNC_FLAGS). Runs at start, every
 * CATALOGUE_SYNC_INTERVAL_MS, and on "Sync now".
 */

/** What one service's sync did; a failed service was left as it was. */
export const ServiceSyncSchema = z.object({
  service_id: z.string(),
  product: z.enum(['data', 'cabletv', 'education']),
  /** The provider adapter asked (`vtpass`, `flutterwave`, `sandbox-vt`…). */
  provider: z.string(),
  /** Variations the provider lists that we had not: added off sale, flagged `new`. */
  added: z.int().check(z.nonnegative()),
  /** Plans whose cost changed since the last sync. */
  repriced: z.int().check(z.nonnegative()),
  /** Plans newly flagged: the provider's price rose above ours, or it stopped listing them. */
  flagged: z.int().check(z.nonnegative()),
  /** Plans the sync had taken off sale and put back (their cost is at or under our price). */
  restored: z.int().check(z.nonnegative()),
  failed: z.boolean(),
  /** Why the provider could not be asked (no secret: the adapter's own message). */
  error: z.nullable(z.string()),
});
export type ServiceSync = z.output<typeof ServiceSyncSchema>;

export const CatalogueSyncSummarySchema = z.object({
  synced_at: EpochMs,
  services: z.array(ServiceSyncSchema),
  added: z.int().check(z.nonnegative()),
  repriced: z.int().check(z.nonnegative()),
  flagged: z.int().check(z.nonnegative()),
  restored: z.int().check(z.nonnegative()),
  /** Services whose provider failed (their plans untouched). */
  failed: z.int().check(z.nonnegative()),
});
export type CatalogueSyncSummary = z.output<typeof CatalogueSyncSummarySchema>;

export const syncCatalogue = endpoint({
  name: 'admin.syncCatalogue',
  method: 'POST',
  path: '/api/admin/catalogue/sync',
  access: 'admin',
  summary:
    'Sync now: asks each data, TV and education provider for its variations and prices; answers what changed per service (ADR 0044).',
  response: message(CatalogueSyncSummarySchema),
  errors: [400, 401, 403, 423, 429, 500],
});
