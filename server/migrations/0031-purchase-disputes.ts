/**
 * Disputed purchases (ADR 0073): a definite provider answer that came for a purchase already
 * settled the other way (refunded or failed, but the provider says delivered; marked delivered,
 * but the provider says failed) is kept here instead of being dropped. One row per purchase
 * (the primary key: recorded once, whoever hears it again), no money moved by it; an owner
 * resolves it once (`resolved_at` is set exactly with its resolution, note and owner).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export function purchaseDisputes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('purchase_disputes')
        .addColumn('transaction_id', 'varchar(40)', (c) =>
          c.primaryKey().references('transactions.id'),
        )
        .addColumn('ours', 'varchar(16)', (c) => c.notNull())
        .addColumn('provider_says', 'varchar(16)', (c) => c.notNull())
        .addColumn('provider_code', 'varchar(40)')
        .addColumn('provider_message', 'varchar(500)')
        .addColumn('source', 'varchar(16)', (c) => c.notNull())
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .addColumn('resolved_by', 'varchar(40)')
        .addColumn('resolved_by_email', 'varchar(254)')
        .addColumn('resolution', 'varchar(16)')
        .addColumn('note', 'varchar(500)')
        .addColumn('adjustment', 'varchar(64)')
        .addColumn('resolved_at', 'bigint')
        .addCheckConstraint(
          'purchase_disputes_ours',
          sql`ours in ('delivered','refunded','failed')`,
        )
        .addCheckConstraint('purchase_disputes_says', sql`provider_says in ('delivered','failed')`)
        .addCheckConstraint(
          'purchase_disputes_source',
          sql`source in ('requery','callback','admin')`,
        )
        .addCheckConstraint(
          'purchase_disputes_resolution',
          sql`resolution is null or resolution in ('kept','adjusted')`,
        )
        // Resolved exactly when an owner, a resolution and a note are recorded.
        .addCheckConstraint(
          'purchase_disputes_resolved',
          sql`(resolved_at is null) = (resolution is null)
            and (resolved_at is null) = (resolved_by is null)
            and (resolved_at is null) = (note is null)`,
        )
        .execute();
      // The open list (oldest first), its count for /metrics, and the resolved list.
      await db.schema
        .createIndex('purchase_disputes_state')
        .on('purchase_disputes')
        .columns(['resolved_at', 'seen_at'])
        .execute();
    },
  };
}
