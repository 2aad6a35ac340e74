/**
 * Level 2 by BVN (ADR 0063): `bvn_checks`, one row per consent request sent to the
 * provider. Our `id` is the reference the consent page's return address carries; `provider_ref`
 * is the provider's, to ask for the result. The BVN itself is never stored: its last 4 digits
 * and the moment the customer consented (ticked the box and sent it) are, and move to the
 * user's `bvn_last4` / `bvn_consented_at` (migration 0021) when the check succeeds. `status`
 * goes `started` → `verified` | `mismatch` | `declined`, once (guarded updates).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export function bvnChecks(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('bvn_checks')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id'))
        .addColumn('provider', 'varchar(40)', (c) => c.notNull())
        .addColumn('provider_ref', 'varchar(128)', (c) => c.notNull())
        .addColumn('bvn_last4', 'varchar(4)', (c) => c.notNull())
        .addColumn('consented_at', 'bigint', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('completed_at', 'bigint')
        .addCheckConstraint(
          'bvn_checks_status',
          sql`status in ('started', 'verified', 'mismatch', 'declined')`,
        )
        .addCheckConstraint('bvn_checks_last4', sql`length(bvn_last4) = 4`)
        .execute();
      await db.schema
        .createIndex('bvn_checks_user')
        .on('bvn_checks')
        .columns(['user_id', 'created_at'])
        .execute();
    },
  };
}
