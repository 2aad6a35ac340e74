/**
 * SQLite prepared statements kept and reused (issue 15). Kysely's SQLite driver calls
 * `prepare(sql)` for every query; compiling the same SQL again was the largest single cost of
 * an authenticated read (about 15 % of GET /api/user's CPU). Kysely's SQL text for a query
 * shape is the same whatever its values (they are bound parameters), so a few hundred entries
 * hold every shape the server runs; the least recently used is dropped beyond `max`.
 *
 * A statement is reused only when it is not in the middle of an iteration (`busy`); SQLite
 * itself recompiles a kept statement when the schema changes (a migration).
 */
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

export function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      kept.clear();
      sqlite.close();
    },
    prepare(sql: string): SqliteStatement {
      const found = kept.get(sql);
      if (found && !found.busy) {
        // Most recently used last: Map keeps insertion order.
        kept.delete(sql);
        kept.set(sql, found);
        return found;
      }
      const statement = sqlite.prepare(sql);
      if (!found) {
        kept.set(sql, statement);
        if (kept.size > max) kept.delete(kept.keys().next().value!);
      }
      return statement;
    },
  };
}
