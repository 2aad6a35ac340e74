/**
 * Money that survives provider and database faults (ADR 0017): a pending purchase
 * the provider has not settled for a long time is flagged for an admin (`flagged_at`) instead
 * of being guessed; an idempotency key is tied to the transaction it created
 * (`transaction_id`), so it is never freed once money moved and a retry answers from that
 * transaction.
 */
import type { Kysely, Migration } from 'kysely';

export function moneyFaults(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('transactions').addColumn('flagged_at', 'bigint').execute();
      await db.schema
        .alterTable('idempotency_keys')
        .addColumn('transaction_id', 'varchar(40)')
        .execute();
    },
  };
}
