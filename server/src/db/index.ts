/**
 * The database: Kysely over better-sqlite3 (default) or pg (DATABASE_URL=postgres://…), one set
 * of migrations run at start, and `writeTx` for every write that must be atomic.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  SqliteDialect,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import pg from 'pg';
import { init } from '../../migrations/0001-init.ts';
import { purchases } from '../../migrations/0002-purchases.ts';
import type { Engine } from '../config.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

// bigint (int8) and count(*) come back as strings by default: every value we store fits in
// a double exactly (kobo below 2^53, epoch ms), so parse them to numbers once, here.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export interface DbHandle {
  db: Db;
  engine: Engine;
  /** Runs `fn` in one write transaction (SQLite: BEGIN IMMEDIATE; PostgreSQL: READ COMMITTED). */
  writeTx<T>(fn: (trx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

function migrations(engine: Engine): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return { '0001-init': init(engine), '0002-purchases': purchases() };
    },
  };
}

export async function openDb(engine: Engine, url: string, poolSize = 10): Promise<DbHandle> {
  let db: Db;
  if (engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: url, max: poolSize });
    // An idle client whose server connection drops (a PostgreSQL restart, a failover, an admin
    // terminating it) makes the pool emit 'error'; unheard, that would crash the process. The
    // pool has already discarded that client and the next query opens a new one.
    pool.on('error', (err) => {
      console.warn(`database: an idle connection was closed (${err.message}); it will reconnect`);
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    if (url !== ':memory:') mkdirSync(path.dirname(url), { recursive: true });
    const sqlite = new SQLite(url);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  }

  const migrator = new Migrator({ db, provider: migrations(engine) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    await db.destroy();
    throw new Error(
      `database migration failed${failed ? ` (${failed.migrationName})` : ''}: ${String(error)}`,
    );
  }

  const writeTx = async <T>(fn: (trx: Db) => Promise<T>): Promise<T> => {
    if (engine === 'postgres') return db.transaction().execute(fn);
    // Kysely's SQLite dialect has one connection: holding it serialises writers in this
    // process; IMMEDIATE takes the write lock up front so other processes wait (busy_timeout)
    // instead of failing a deferred upgrade.
    return db.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
      try {
        const result = await fn(conn);
        await sql`commit`.execute(conn);
        return result;
      } catch (err) {
        await sql`rollback`.execute(conn);
        throw err;
      }
    });
  };

  return { db, engine, writeTx, close: () => db.destroy() };
}
