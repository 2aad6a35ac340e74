/**
 * Withdrawals through the reseller API, per key and off by default (ADR 0091):
 * - `api_keys.withdrawals_on_at`: when an owner admin let this key send withdrawals; null (every
 *   key until then, and every new one): the key's withdrawal calls are refused;
 * - `api_keys.withdrawals_on_by`: the admin who did;
 * - `withdrawals.api_key_id`: the key a withdrawal was made with; null for the app's.
 */
import type { Kysely, Migration } from 'kysely';

export function keyWithdrawals(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('api_keys').addColumn('withdrawals_on_at', 'bigint').execute();
      await db.schema.alterTable('api_keys').addColumn('withdrawals_on_by', 'text').execute();
      await db.schema.alterTable('withdrawals').addColumn('api_key_id', 'text').execute();
    },
  };
}
