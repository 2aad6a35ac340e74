/**
 * The audit log is append-only in the database too (ADR 0025): no API route edits or
 * deletes an entry, and now neither can any other code or a stray SQL statement through the
 * application's connection. An UPDATE or DELETE of an `audit_log` row fails (SQLite: RAISE in
 * a BEFORE trigger; PostgreSQL: a trigger function, plus TRUNCATE refused).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../src/platform/db/engine.ts';

export const AUDIT_APPEND_ONLY = 'the audit log is append-only';

export function auditAppendOnly(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        await sql
          .raw(
            `create function audit_log_append_only() returns trigger language plpgsql as $$
             begin raise exception '${AUDIT_APPEND_ONLY}'; end $$`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger audit_log_append_only before update or delete on audit_log
             for each row execute function audit_log_append_only()`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger audit_log_no_truncate before truncate on audit_log
             for each statement execute function audit_log_append_only()`,
          )
          .execute(db);
      } else {
        for (const event of ['update', 'delete']) {
          await sql
            .raw(
              `create trigger audit_log_no_${event} before ${event} on audit_log
               begin select raise(abort, '${AUDIT_APPEND_ONLY}'); end`,
            )
            .execute(db);
        }
      }
    },
  };
}
