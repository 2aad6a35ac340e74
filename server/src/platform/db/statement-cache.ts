/**
 * SQLite prepared statements kept and reused. Kysely's SQLite driver calls
 * `prepare(sql)` for every query; compiling the same SQL again was the largest single cost of
 * an authenticated read (about 15 % of GET /api/user's CPU). Kysely's SQL text for a query
 * shape is the same whatever its values (they are bound parameters), so a few hundred entries
 * hold every shape the server runs; the least recently used is dropped beyond `max`.
 *
 * A statement is reused only when it is not in the middle of an iteration (`busy`); SQLite
 * itself recompiles a kept statement when the schema changes (a migration).
 */
import type SQLite from 'better-sqlite3';
import {
  LimitNode,
  SelectQueryNode,
  ValueNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type SqliteDatabase,
  type SqliteStatement,
  type UnknownRow,
} from 'kysely';

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

/**
 * Writes a query's LIMIT into its SQL as a number instead of a bound `?` (SQLite only; ADR 0028).
 * This SQLite is built with STAT4: a statement whose plan may depend on a bound LIMIT is marked
 * expired whenever that value is bound again, so a kept statement was compiled afresh on every
 * run (50–70 µs for the five newest transactions, against 8 µs with `limit 5`). Page sizes are
 * few (the contract caps them at 100), so the texts stay few; OFFSET stays bound (no such cost).
 * Only the outer query's LIMIT, and only a whole number: shallow, no walk of the query tree.
 */
export class LiteralLimitPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const { node } = args;
    if (!SelectQueryNode.is(node) || !node.limit) return node;
    const value = node.limit.limit;
    if (!ValueNode.is(value) || value.immediate) return node;
    const n = value.value;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) return node;
    return { ...node, limit: LimitNode.create(ValueNode.createImmediate(n)) };
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
