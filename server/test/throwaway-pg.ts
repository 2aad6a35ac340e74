/**
 * A throwaway PostgreSQL (initdb + pg_ctl on a loopback port in a temp dir, fsync off), for
 * the test run (global-setup.ts) and `npm run bench` (bench/api.ts). As root, the cluster
 * belongs to the `postgres` user (initdb refuses to run as root).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './ports.ts';

function findBinDir(): string | undefined {
  if (process.env.PG_BIN && existsSync(path.join(process.env.PG_BIN, 'initdb'))) {
    return process.env.PG_BIN;
  }
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const dir = path.join(base, v, 'bin');
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  }
  return undefined;
}

export type ThrowawayPostgres =
  | { adminUrl: string; stop(): void; error?: undefined }
  | { adminUrl?: undefined; stop?: undefined; error: string };

export async function startThrowawayPostgres({
  maxConnections = 300,
}: { maxConnections?: number } = {}): Promise<ThrowawayPostgres> {
  const bin = findBinDir();
  if (!bin) {
    return {
      error:
        'PostgreSQL binaries not found (looked in /usr/lib/postgresql/*/bin and $PG_BIN). Install them: apt-get install -y postgresql (.ci/run does).',
    };
  }
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'paybills-pg-'));
  const data = path.join(dir, 'data');
  const run = (cmd: string, args: string[]) => {
    const full = path.join(bin, cmd);
    if (root) execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' });
    else execFileSync(full, args, { stdio: 'pipe' });
  };
  const port = await freePort();
  try {
    if (root) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0);
    run('initdb', ['-D', data, '-U', 'app', '--auth=trust', '--no-locale', '-E', 'UTF8']);
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=${maxConnections}`,
      '-w',
      'start',
    ]);
  } catch (err) {
    const detail = (err as { stderr?: Buffer }).stderr?.toString() ?? String(err);
    rmSync(dir, { recursive: true, force: true });
    return { error: `could not start a throwaway PostgreSQL: ${detail}` };
  }
  return {
    adminUrl: `postgres://app@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
