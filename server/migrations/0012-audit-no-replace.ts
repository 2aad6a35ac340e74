/**
 * No insert rewrites an audit entry either (ADR 0037). Migration 0010 refused UPDATE
 * and DELETE, but two statements remove an entry without firing those triggers:
 *
 * - SQLite `INSERT OR REPLACE` / `REPLACE` deletes the row in the way (same id, or the same
 *   rowid given explicitly) without firing delete triggers, unless the connection turned
 *   `recursive_triggers` on. A BEFORE INSERT trigger refuses an insert whose id or rowid
 *   already names an entry. SQLite shows -1 as NEW.rowid when it has not assigned one yet, so
 *   an AFTER INSERT trigger refuses a non-positive rowid: no entry can ever have -1 and make
 *   every later insert look like a collision. An upsert's DO UPDATE fires 0010's update
 *   trigger.
 * - PostgreSQL runs ordinary triggers only while `session_replication_role` is `origin`: a
 *   session set to `replica` could delete or truncate. The 0010 triggers fire ALWAYS now.
 *   `ON CONFLICT DO UPDATE` and `MERGE` fire the row triggers and are refused by them.
 *
 * A role that may drop a trigger can still drop it; this keeps the guarantee for every
 * statement that reads or writes rows.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../src/platform/db/engine.ts';
import { AUDIT_APPEND_ONLY } from './0010-audit-append-only.ts';

export function auditNoReplace(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        for (const trigger of ['audit_log_append_only', 'audit_log_no_truncate']) {
          await sql.raw(`alter table audit_log enable always trigger ${trigger}`).execute(db);
        }
        return;
      }
      await sql
        .raw(
          `create trigger audit_log_no_replace before insert on audit_log
           when exists (select 1 from audit_log where id = new.id or rowid = new.rowid)
           begin select raise(abort, '${AUDIT_APPEND_ONLY}'); end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger audit_log_positive_rowid after insert on audit_log
           when new.rowid < 1
           begin select raise(abort, '${AUDIT_APPEND_ONLY}'); end`,
        )
        .execute(db);
    },
  };
}
