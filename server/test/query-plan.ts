/**
 * What a read asks of the database, and whether each query walks an index to a bounded number
 * of rows (ADR 0069): the guard of query-plans.test.ts, which depends on no clock.
 *
 * `recordQueries` keeps every query the app runs on its database handle while a request is
 * answered (outside transactions, where reads run); `checkPlan` asks the engine how it runs one:
 * - PostgreSQL runs it under `EXPLAIN (ANALYZE, TIMING OFF)` (a write in a transaction rolled
 *   back): the rows every scan node read (returned and removed by a filter, times its loops)
 *   must stay within `ROWS_READ_MAX`.
 * - SQLite (`EXPLAIN QUERY PLAN`) tells the plan but not the rows, so its shape is checked: no
 *   table that grows is scanned whole or sorted in a temporary b-tree, and a walk of such a
 *   table (through part of an index rather than a unique key, or in an index's order) is cut
 *   by a LIMIT, with no aggregate over it, unless the index is one whose every key has few
 *   rows (`FEW_PER_KEY`).
 */
import type { CompiledQuery } from 'kysely';
import { CompiledQuery as Compiled } from 'kysely';
import type { Db } from '../src/platform/db/index.ts';
import type { Engine } from '../src/platform/db/engine.ts';

/** Rows one query may read (PostgreSQL): far below the seeded history it must not walk. */
export const ROWS_READ_MAX = 200;

/** Tables that stay small whatever the business does: configuration and catalogue. */
const SMALL = new Set([
  'verification_limits',
  'referral_settings',
  'price_tiers',
  'networks',
  'data_variations',
  'data_plans',
  'bill_variations',
  'bill_plans',
  'electricity_variations',
  'provider_routes',
  'provider_plans',
  'provider_breakers',
  'provider_floats',
  'four_eyes_settings',
  'kv_store',
  // An admin writes a few a month; a customer's read takes the live ones (by `ends_at`).
  'announcements',
  'announcement_dismissals',
]);

/**
 * Tables where a customer (or a day, a tier) has a bounded number of rows: the aggregates (one
 * per product × status, per counter shard, per tier), and what a customer keeps by hand.
 */
const BOUNDED_PER_KEY: Record<string, string> = {
  tx_user_counts: 'products × statuses × deleted',
  statement_counts: 'kinds × statuses × products',
  user_totals: 'one row',
  counters: 'shards',
  tx_daily_sales: 'days × shards',
  tier_customers: 'tiers × shards',
  recipients: 'at most LIMITS.savedRecipients saved',
  api_keys: 'at most RESELLER_LIMITS.keysPerAccount live, each made by hand',
};

/** Non-unique indexes whose every key has a few rows by construction. */
const FEW_PER_KEY: Record<string, string> = {
  ledger_entries_movement: 'a movement has one entry per account it moves, two or three',
  refresh_tokens_family: 'a session: one token per refresh within its 30-day life',
};

export interface RecordedQuery {
  sql: string;
  parameters: readonly unknown[];
}

/** Records the queries run on `db` until `stop()`. */
export function recordQueries(db: Db): { queries: RecordedQuery[]; stop(): void } {
  const executor = db.getExecutor() as unknown as {
    executeQuery: (q: CompiledQuery) => Promise<unknown>;
  };
  const original = executor.executeQuery;
  const queries: RecordedQuery[] = [];
  executor.executeQuery = function (this: unknown, q: CompiledQuery) {
    queries.push({ sql: q.sql, parameters: q.parameters });
    return original.call(this, q);
  };
  return {
    queries,
    stop() {
      executor.executeQuery = original;
    },
  };
}

export interface PlanCheck {
  sql: string;
  plan: string[];
  /** PostgreSQL: the rows its scans read. */
  rowsRead?: number;
  /**
   * Per table, the most rows it can read: PostgreSQL, the rows its scans read; SQLite, the
   * LIMIT of a walk of a table that grows (none when it reads only unique keys, small tables).
   */
  rowsByTable: Map<string, number>;
  problems: string[];
}

const growing = (table: string) => !SMALL.has(table) && !(table in BOUNDED_PER_KEY);
const AGGREGATE_FN = /\b(count|sum|avg|min|max|total|group_concat)\s*\(/i;

export async function checkPlan(db: Db, engine: Engine, q: RecordedQuery): Promise<PlanCheck> {
  return engine === 'postgres' ? checkPostgres(db, q) : checkSqlite(db, q);
}

interface PgNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PgNode[];
}

const PG_SCANS = new Set(['Seq Scan', 'Index Scan', 'Index Only Scan', 'Bitmap Heap Scan']);

/** Rolls back the transaction a write was explained in. */
class Undo extends Error {}

async function checkPostgres(db: Db, q: RecordedQuery): Promise<PlanCheck> {
  // ANALYZE runs the query: a write (the session's `last_seen`) runs in a transaction that is
  // rolled back, so it counts its rows and changes nothing.
  const explain = Compiled.raw(
    `explain (analyze, costs off, timing off, summary off, format json) ${q.sql}`,
    [...q.parameters],
  );
  type Explained = { 'QUERY PLAN': { Plan: PgNode }[] };
  let rows: Explained[] = [];
  if (/^\s*(select|with)\b/i.test(q.sql)) {
    rows = (await db.executeQuery<Explained>(explain)).rows;
  } else {
    await db
      .transaction()
      .execute(async (trx) => {
        rows = (await trx.executeQuery<Explained>(explain)).rows;
        throw new Undo();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Undo)) throw err;
      });
  }
  const root = rows[0]!['QUERY PLAN'][0]!.Plan;
  const plan: string[] = [];
  const problems: string[] = [];
  let rowsRead = 0;
  const rowsByTable = new Map<string, number>();
  const walk = (node: PgNode, depth: number) => {
    const loops = node['Actual Loops'] ?? 1;
    const read =
      ((node['Actual Rows'] ?? 0) +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0)) *
      loops;
    const relation = node['Relation Name'];
    plan.push(
      `${'  '.repeat(depth)}${node['Node Type']}${relation ? ` on ${relation}` : ''}` +
        `${node['Index Name'] ? ` using ${node['Index Name']}` : ''}` +
        (PG_SCANS.has(node['Node Type']) ? ` (${read} rows read)` : ''),
    );
    if (PG_SCANS.has(node['Node Type'])) {
      rowsRead += read;
      if (relation) rowsByTable.set(relation, (rowsByTable.get(relation) ?? 0) + read);
    }
    for (const child of node.Plans ?? []) walk(child, depth + 1);
  };
  walk(root, 0);
  if (rowsRead > ROWS_READ_MAX) problems.push(`reads ${rowsRead} rows (at most ${ROWS_READ_MAX})`);
  return { sql: q.sql, plan, rowsRead, rowsByTable, problems };
}

interface IndexInfo {
  table: string;
  unique: boolean;
  columns: string[];
}

/** Every table's indexes (name → table, uniqueness, columns), read once per database. */
const sqliteIndexes = new WeakMap<Db, Promise<Map<string, IndexInfo>>>();

function indexesOf(db: Db): Promise<Map<string, IndexInfo>> {
  let found = sqliteIndexes.get(db);
  if (!found) {
    found = (async () => {
      const map = new Map<string, IndexInfo>();
      const tables = await db.executeQuery<{ name: string }>(
        Compiled.raw(`select name from sqlite_master where type = 'table'`),
      );
      for (const { name: table } of tables.rows) {
        const list = await db.executeQuery<{ name: string; unique: number }>(
          Compiled.raw(`select name, "unique" from pragma_index_list(?)`, [table]),
        );
        for (const index of list.rows) {
          const info = await db.executeQuery<{ name: string }>(
            Compiled.raw(`select name from pragma_index_info(?) order by seqno`, [index.name]),
          );
          map.set(index.name, {
            table,
            unique: Number(index.unique) === 1,
            columns: info.rows.map((r) => r.name),
          });
        }
      }
      return map;
    })();
    sqliteIndexes.set(db, found);
  }
  return found;
}

async function checkSqlite(db: Db, q: RecordedQuery): Promise<PlanCheck> {
  const indexes = await indexesOf(db);
  const tables = new Set([...indexes.values()].map((i) => i.table));
  const result = await db.executeQuery<{ id: number; parent: number; detail: string }>(
    Compiled.raw(`explain query plan ${q.sql}`, [...q.parameters]),
  );
  // Kysely writes `"table" as "alias"`: the plan names the alias.
  const aliases = new Map<string, string>();
  for (const m of q.sql.matchAll(/"(\w+)" as "(\w+)"/g)) {
    if (tables.has(m[1]!)) aliases.set(m[2]!, m[1]!);
  }
  const tableOf = (name: string) => aliases.get(name) ?? (tables.has(name) ? name : undefined);
  const depth = new Map<number, number>([[0, -1]]);
  const plan: string[] = [];
  const problems: string[] = [];
  const limited = /\blimit\s+(\d+|\?)/i.test(q.sql);
  const aggregates = AGGREGATE_FN.test(q.sql) || /\bgroup by\b/i.test(q.sql);
  /** A table that grows is read through more than a unique key: a sort would take it all. */
  let walks = false;
  const walked = new Set<string>();
  const sorts: string[] = [];
  for (const row of result.rows) {
    const d = (depth.get(row.parent) ?? -1) + 1;
    depth.set(row.id, d);
    plan.push(`${'  '.repeat(d)}${row.detail}`);
    const scan = /^SCAN (\w+)( USING (?:COVERING )?INDEX \w+)?/.exec(row.detail);
    const search =
      /^SEARCH (\w+) USING (?:(INTEGER PRIMARY KEY)|(?:COVERING )?INDEX (\w+)|PRIMARY KEY)(?: \((.*)\))?/.exec(
        row.detail,
      );
    if (/^USE TEMP B-TREE FOR (ORDER BY|GROUP BY|DISTINCT)/.test(row.detail)) {
      sorts.push(row.detail);
    }
    if (scan) {
      const table = tableOf(scan[1]!);
      if (table && growing(table)) {
        walks = true;
        walked.add(table);
        // In an index's order and cut by a LIMIT, a scan is a walk of one page (unless a sort
        // or an aggregate needs it all: checked below and here).
        if (!(scan[2] && limited && !aggregates)) {
          problems.push(`reads every row of ${table} (${row.detail})`);
        }
      }
    }
    if (search) {
      const table = tableOf(search[1]!);
      if (!table || !growing(table)) continue;
      if (search[2]) continue; // the rowid: one row
      const index = search[3] ? indexes.get(search[3]) : undefined;
      const terms = (search[4] ?? '').split(' AND ').filter(Boolean);
      const equal = new Set(terms.filter((t) => /^\w+=\?$/.test(t)).map((t) => t.split('=')[0]));
      const unique =
        equal.has('rowid') || (index?.unique === true && index.columns.every((c) => equal.has(c)));
      const fewPerKey = search[3] !== undefined && search[3] in FEW_PER_KEY;
      if (unique || fewPerKey) continue;
      walks = true;
      walked.add(table);
      if (!limited || aggregates) {
        problems.push(
          `walks ${table} through ${search[3] ?? 'its key'} (${terms.join(' AND ')}) ` +
            (limited ? 'under an aggregate' : 'without a LIMIT'),
        );
      }
    }
  }
  if (walks) for (const s of sorts) problems.push(`sorts every row it finds (${s})`);
  const rowsByTable = new Map([...walked].map((t) => [t, limitOf(q) ?? Infinity]));
  return { sql: q.sql, plan, rowsByTable, problems };
}

/** The query's LIMIT (the last one, the outer query's), bound or written in. */
function limitOf(q: RecordedQuery): number | undefined {
  const found = [...q.sql.matchAll(/\blimit\s+(\d+|\?)/gi)].at(-1);
  if (!found) return undefined;
  if (found[1] !== '?') return Number(found[1]);
  const slot = (q.sql.slice(0, found.index).match(/\?/g) ?? []).length;
  return Number(q.parameters[slot]);
}
