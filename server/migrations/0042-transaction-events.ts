/**
 * A purchase's own story (ADR 0083): `transaction_events` keeps what was lost before it, one
 * row per fact, in the order it happened (`id` breaks ties within a millisecond):
 * - `provider_call`: each purchase call, which provider, the request as sent with nothing
 *   secret in it (an allow-list of fields), the answer's code, its words, how long it took;
 * - `requery`: each requery and its answer, and who asked (the worker, an admin, a callback);
 * - `callback`: each provider callback received about it;
 * - `failover`: each hop to the next provider after a definite refusal;
 * - `status`: each change of its status (pending → successful, failed, reversed), written by a
 *   trigger on `transactions` so that every path that settles or refunds it is told, in the
 *   transaction of the change itself.
 * Admin actions are the audit log's (`audit_log.target_id`), ledger rows the ledger's (by the
 * movement's memo, indexed here), mails `mail_outbox.transaction_id` (added here, set where the
 * purchase's mail is queued), SMS the outbox's event key (`<kind>:<transaction id>`).
 */
import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../src/platform/db/engine.ts';
import { createAggregateTrigger } from './0005-history-aggregates.ts';

export function transactionEvents(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const table =
        engine === 'postgres'
          ? db.schema
              .createTable('transaction_events')
              .addColumn('id', 'bigserial', (c) => c.primaryKey())
          : db.schema
              .createTable('transaction_events')
              .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
      await table
        .addColumn('transaction_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'varchar(24)', (c) => c.notNull())
        /** The adapter it concerns (`vtpass`, `flutterwave-bills`, `sandbox-…`). */
        .addColumn('provider', 'varchar(32)')
        /** Who asked: `worker`, `admin`, `callback`, `purchase`; for a status change, null. */
        .addColumn('actor', 'varchar(16)')
        /** The request as sent, redacted (JSON of allow-listed fields, at most 1000 chars). */
        .addColumn('request', 'varchar(1000)')
        /** The provider's code and status (`000 delivered`, `016`), at most 40 chars. */
        .addColumn('code', 'varchar(40)')
        /** The provider's own words, or a refusal's, at most 300 chars. */
        .addColumn('description', 'varchar(300)')
        /** The answer's verdict (`successful`, `pending`, `failed`), or the new status. */
        .addColumn('outcome', 'varchar(16)')
        /** What it was before: the previous status, or the provider a failover left. */
        .addColumn('previous', 'varchar(32)')
        .addColumn('latency_ms', 'integer')
        .execute();
      await db.schema
        .createIndex('transaction_events_tx')
        .on('transaction_events')
        .columns(['transaction_id', 'id'])
        .execute();

      // Each status change, in the transaction that made it (whichever path: the purchase's
      // own answer, a requery, a callback, an admin, a refund). SQLite: `is not`; PostgreSQL:
      // `is distinct from`.
      const changed =
        engine === 'postgres'
          ? 'OLD.status is distinct from NEW.status'
          : 'OLD.status is not NEW.status';
      await createAggregateTrigger(db, engine, {
        name: 'tx_events_status',
        table: 'transactions',
        event: 'update of status',
        when: changed,
        body: [
          `insert into transaction_events (transaction_id, at, kind, outcome, previous)
           values (NEW.id, NEW.updated_at, 'status', NEW.status, OLD.status);`,
        ],
      });

      // The e-mails about a purchase, found by it (null for every other mail).
      await db.schema
        .alterTable('mail_outbox')
        .addColumn('transaction_id', 'varchar(64)')
        .execute();
      await db.schema
        .createIndex('mail_outbox_transaction')
        .on('mail_outbox')
        .column('transaction_id')
        .execute();
      // A purchase's movements (its debit, its refund, a referral's commission) carry its id as
      // their memo: the timeline reads them by it.
      await db.schema.createIndex('movements_memo').on('movements').column('memo').execute();
    },
  };
}
