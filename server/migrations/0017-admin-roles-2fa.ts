/**
 * Admin roles and two-factor sign-in (ADR 0051). `admin_role` is what an admin
 * may do (contract/roles.ts); every admin there is today could do everything, so each becomes
 * an owner. `totp_secret` is the authenticator's key sealed with a key derived from PIN_SECRET
 * (never in the clear: a copy of the database gives no codes); `totp_enrolled` turns on once a
 * code from it was typed; `totp_last_step` is the last 30-second step a code was accepted for,
 * so a code seen over a shoulder cannot be used again. Recovery codes are kept as SHA-256
 * hashes, each spent once; a sign-in challenge is the password step passed, waiting for a code.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export function adminRolesTwoFactor(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // One column per statement: SQLite's ALTER TABLE adds one at a time.
      await db.schema.alterTable('users').addColumn('admin_role', 'varchar(16)').execute();
      await db.schema.alterTable('users').addColumn('totp_secret', 'varchar(255)').execute();
      await db.schema
        .alterTable('users')
        .addColumn('totp_enrolled', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('users').addColumn('totp_last_step', 'bigint').execute();
      await sql`update users set admin_role = 'owner' where is_admin = 1`.execute(db);

      await db.schema
        .createTable('admin_recovery_codes')
        .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('admin_recovery_codes_user')
        .on('admin_recovery_codes')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('two_factor_challenges')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
    },
  };
}
