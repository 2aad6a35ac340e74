/**
 * Backups that restore (ADR 0080): a consistent snapshot of the database the server uses,
 * taken while it runs, kept with a checksum, and a restore that only ever fills an empty
 * database.
 *
 * - SQLite: the online backup API (better-sqlite3 `backup`), page by page from a read
 *   connection, so writers go on and the copy is one consistent moment (WAL included).
 * - PostgreSQL: `pg_dump --format=custom` (one snapshot transaction, REPEATABLE READ), restored
 *   with `pg_restore --exit-on-error --no-owner`.
 *
 * Each snapshot `paybills-<engine>-<UTC time>.<db|dump>` gets a `.sha256` beside it; a restore
 * checks it first. The newest `keep` snapshots are kept, older ones removed.
 *
 * What a snapshot does not hold: the keys (JWT_SECRET, PIN_SECRET, or the files DATA_DIR
 * generated for them). A restored database only opens with the keys it was made with (the
 * fingerprint check, ADR 0036), so keep a copy of them apart from the snapshots.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Engine } from './db/engine.ts';

const run = promisify(execFile);

/** Where a PostgreSQL client tool is: PG_BIN, the newest /usr/lib/postgresql/<n>/bin, or PATH. */
export function pgTool(name: 'pg_dump' | 'pg_restore' | 'initdb' | 'pg_ctl'): string {
  const bin = process.env.PG_BIN;
  if (bin && existsSync(path.join(bin, name))) return path.join(bin, name);
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const full = path.join(base, v, 'bin', name);
      if (existsSync(full)) return full;
    }
  }
  return name; // on PATH, or the error names it
}

export const SNAPSHOT_PATTERN = /^paybills-(sqlite|postgres)-\d{8}T\d{6}\d{3}Z\.(db|dump)$/;

export interface Snapshot {
  file: string;
  sha256: string;
  bytes: number;
  /** Older snapshots removed to keep `keep`. */
  removed: string[];
}

function sha256Of(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

function stamp(now: Date): string {
  // 2026-12-02T03:30:05.123Z → 20261202T033005123Z: sortable, no separators a shell minds.
  return now.toISOString().replace(/[-:.]/g, '');
}

/** Takes one snapshot into `dir` and prunes to the newest `keep`. */
export async function backupDatabase(
  db: { engine: Engine; databaseUrl: string },
  dir: string,
  keep: number,
  now = new Date(),
): Promise<Snapshot> {
  if (!Number.isInteger(keep) || keep < 1) throw new Error('keep must be a whole number ≥ 1.');
  mkdirSync(dir, { recursive: true });
  const ext = db.engine === 'sqlite' ? 'db' : 'dump';
  const file = path.join(dir, `paybills-${db.engine}-${stamp(now)}.${ext}`);
  // Written under a temporary name and renamed once complete: a crash mid-backup leaves no
  // file that looks like a snapshot.
  const partial = `${file}.partial`;
  try {
    if (db.engine === 'sqlite') {
      if (!existsSync(db.databaseUrl)) throw new Error(`no database at ${db.databaseUrl}`);
      const source = new SQLite(db.databaseUrl, { fileMustExist: true });
      try {
        await source.backup(partial);
      } finally {
        source.close();
      }
      // The copy is a database of its own: it must pass SQLite's own check.
      const copy = new SQLite(partial, { readonly: true });
      try {
        const check = copy.pragma('integrity_check', { simple: true });
        if (check !== 'ok') throw new Error(`the snapshot failed its integrity check: ${check}`);
      } finally {
        copy.close();
      }
    } else {
      await run(pgTool('pg_dump'), [
        '--format=custom',
        '--no-owner',
        `--file=${partial}`,
        db.databaseUrl,
      ]);
    }
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  const sha256 = sha256Of(file);
  writeFileSync(`${file}.sha256`, `${sha256}  ${path.basename(file)}\n`);
  const snapshots = readdirSync(dir)
    .filter((name) => SNAPSHOT_PATTERN.test(name) && name.includes(`-${db.engine}-`))
    .sort();
  const removed = snapshots.slice(0, Math.max(0, snapshots.length - keep));
  for (const name of removed) {
    rmSync(path.join(dir, name), { force: true });
    rmSync(path.join(dir, `${name}.sha256`), { force: true });
  }
  return { file, sha256, bytes: statSync(file).size, removed };
}

export class RestoreRefused extends Error {}

/** True when the database has no table of ours (a fresh file or an empty PostgreSQL schema). */
async function isEmpty(db: { engine: Engine; databaseUrl: string }): Promise<boolean> {
  if (db.engine === 'sqlite') {
    if (!existsSync(db.databaseUrl)) return true;
    const file = new SQLite(db.databaseUrl, { readonly: true });
    try {
      const row = file
        .prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'")
        .get() as { n: number };
      return row.n === 0;
    } finally {
      file.close();
    }
  }
  const client = new pg.Client({ connectionString: db.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public'",
    );
    return Number(rows[0]?.n ?? 0) === 0;
  } finally {
    await client.end();
  }
}

/**
 * Restores `file` into the configured database, which must be empty: a restore never mixes
 * two histories or overwrites the one that is there. The checksum beside the file is checked
 * first (a snapshot without one is refused: it may be half copied).
 */
export async function restoreDatabase(
  db: { engine: Engine; databaseUrl: string },
  file: string,
): Promise<void> {
  if (!existsSync(file)) throw new RestoreRefused(`no snapshot at ${file}`);
  const name = path.basename(file);
  const match = SNAPSHOT_PATTERN.exec(name);
  if (!match)
    throw new RestoreRefused(
      `${name} is not a PayBills snapshot (paybills-<engine>-<time>.db|dump).`,
    );
  if (match[1] !== db.engine) {
    throw new RestoreRefused(
      `${name} is a ${match[1]} snapshot; the configured database is ${db.engine}.`,
    );
  }
  const sumFile = `${file}.sha256`;
  if (!existsSync(sumFile))
    throw new RestoreRefused(`${name}.sha256 is missing: the snapshot cannot be checked.`);
  const expected = readFileSync(sumFile, 'utf8').trim().split(/\s+/)[0];
  if (sha256Of(file) !== expected) {
    throw new RestoreRefused(`${name} does not match its checksum: it is damaged or incomplete.`);
  }
  if (!(await isEmpty(db))) {
    throw new RestoreRefused(
      'the configured database is not empty: restore into a new one (a new DATA_DIR or DATABASE_URL).',
    );
  }
  if (db.engine === 'sqlite') {
    mkdirSync(path.dirname(db.databaseUrl), { recursive: true });
    // An empty file left by an earlier start (no tables) is replaced, with its WAL.
    for (const suffix of ['', '-wal', '-shm'])
      rmSync(`${db.databaseUrl}${suffix}`, { force: true });
    const partial = `${db.databaseUrl}.partial`;
    copyFileSync(file, partial);
    renameSync(partial, db.databaseUrl);
    return;
  }
  await run(pgTool('pg_restore'), [
    '--exit-on-error',
    '--no-owner',
    `--dbname=${db.databaseUrl}`,
    file,
  ]);
}
