/**
 * One BVN, one account (ADR 0063, after the security review): `bvn_checks.bvn_hash`, a keyed
 * hash of the BVN (HMAC-SHA256 under a key derived from PIN_SECRET, which lives outside the
 * database: `accounts/bvn.ts`), so a BVN verified on one account is refused on another
 * without the BVN itself being kept; a unique index over the verified checks' hashes makes
 * that hold under races too. Checks made before this have no hash (NULL: outside the index).
 *
 * `status` gains two ends, so such a check ends instead of staying `started`: `superseded`
 * (completed when the account was already verified, by an earlier check or an admin: it
 * raises nothing) and `duplicate` (approved, but the BVN was verified on another account
 * first).
 *
 * SQLite cannot alter a CHECK: the table (referenced by no other) is rebuilt, rows kept.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../src/platform/db/engine.ts';

const STATUSES = `'started', 'verified', 'mismatch', 'declined', 'superseded', 'duplicate'`;
const COLUMNS =
  'id, user_id, provider, provider_ref, bvn_last4, consented_at, status, created_at, completed_at';

export function bvnOnce(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        await db.schema.alterTable('bvn_checks').addColumn('bvn_hash', 'varchar(64)').execute();
        await sql.raw(`alter table bvn_checks drop constraint bvn_checks_status`).execute(db);
        await sql
          .raw(
            `alter table bvn_checks add constraint bvn_checks_status check (status in (${STATUSES}))`,
          )
          .execute(db);
      } else {
        await db.schema
          .createTable('bvn_checks_0026')
          .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
          .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id'))
          .addColumn('provider', 'varchar(40)', (c) => c.notNull())
          .addColumn('provider_ref', 'varchar(128)', (c) => c.notNull())
          .addColumn('bvn_last4', 'varchar(4)', (c) => c.notNull())
          .addColumn('consented_at', 'bigint', (c) => c.notNull())
          .addColumn('status', 'varchar(16)', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('completed_at', 'bigint')
          .addColumn('bvn_hash', 'varchar(64)')
          .addCheckConstraint('bvn_checks_status', sql.raw(`status in (${STATUSES})`))
          .addCheckConstraint('bvn_checks_last4', sql`length(bvn_last4) = 4`)
          .execute();
        await sql
          .raw(`insert into bvn_checks_0026 (${COLUMNS}) select ${COLUMNS} from bvn_checks`)
          .execute(db);
        await db.schema.dropTable('bvn_checks').execute();
        await db.schema.alterTable('bvn_checks_0026').renameTo('bvn_checks').execute();
        await db.schema
          .createIndex('bvn_checks_user')
          .on('bvn_checks')
          .columns(['user_id', 'created_at'])
          .execute();
      }
      await sql
        .raw(
          `create unique index bvn_checks_verified_bvn on bvn_checks (bvn_hash) where status = 'verified'`,
        )
        .execute(db);
    },
  };
}
