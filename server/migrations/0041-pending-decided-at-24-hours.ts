/**
 * The 24-hour decision on a pending purchase (ADR 0082): `transactions.overdue_at`, when the
 * requery worker found a purchase still undecided 24 hours after it was made (the provider
 * still processing, or not answering) and told the customer so. Set once, by a guarded
 * UPDATE (`WHERE status = 'pending' AND overdue_at IS NULL`) in the transaction that records
 * the customer's notice and queues their SMS, so a second decision run tells no one twice.
 * The purchase stays pending and is still asked about; the column stays as the record of it.
 *
 * An index on (status, overdue_at): the /metrics gauge counts the overdue purchases among
 * the pending ones at each scrape.
 */
import type { Kysely, Migration } from 'kysely';

export function pendingDecidedAt24Hours(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('transactions').addColumn('overdue_at', 'bigint').execute();
      await db.schema
        .createIndex('transactions_pending_overdue')
        .on('transactions')
        .columns(['status', 'overdue_at'])
        .execute();
    },
  };
}
