/**
 * The admin overview's withdrawal figures (ADR 0094) read by date, not by all history:
 * - `ledger_entries_fees_time` (account_id, created_at) of the `fees_income` account's entries
 *   only: the fee income of a span (today, the last 30 days) from an index range, where the
 *   account index walked every fee ever booked. Partial on purpose: an (account_id, created_at) index over
 *   every account was taken by both engines for the statement's join on a wallet's entries
 *   (by account alone, walking the customer's whole history) instead of the movement index.
 *   A query uses it by naming the account as a literal (`sql.lit`), not a bound value;
 * - `withdrawals_status_updated` (status, updated_at): the withdrawals settled in a span.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export function overviewWithdrawalIndexes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql
        .raw(
          `create index ledger_entries_fees_time on ledger_entries (account_id, created_at)
           where account_id = 'system:fees_income'`,
        )
        .execute(db);
      await db.schema
        .createIndex('withdrawals_status_updated')
        .on('withdrawals')
        .columns(['status', 'updated_at'])
        .execute();
    },
  };
}
