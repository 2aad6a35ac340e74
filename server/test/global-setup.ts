/**
 * Vitest globalSetup (server project): starts one throwaway PostgreSQL for the run (initdb +
 * pg_ctl on a loopback port in a temp dir) and stops it afterwards. Each test file creates its
 * own database in it. Without PostgreSQL binaries the PostgreSQL suites FAIL with the message
 * provided here (CI installs them via .ci/run); they never skip.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './ports.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgError: string;
  }
}

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

export default async function setup(project: TestProject) {
  const bin = findBinDir();
  if (!bin) {
    project.provide('pgAdminUrl', '');
    project.provide(
      'pgError',
      'PostgreSQL binaries not found (looked in /usr/lib/postgresql/*/bin and $PG_BIN). Install them: apt-get install -y postgresql (.ci/run does).',
    );
    return;
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
    // initdb refuses to run as root: the cluster belongs to the `postgres` user then.
    if (root) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0);
    run('initdb', ['-D', data, '-U', 'app', '--auth=trust', '--no-locale', '-E', 'UTF8']);
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`,
      '-w',
      'start',
    ]);
  } catch (err) {
    const detail = (err as { stderr?: Buffer }).stderr?.toString() ?? String(err);
    project.provide('pgAdminUrl', '');
    project.provide('pgError', `could not start a throwaway PostgreSQL: ${detail}`);
    rmSync(dir, { recursive: true, force: true });
    return;
  }
  project.provide('pgAdminUrl', `postgres://app@127.0.0.1:${port}/postgres`);
  project.provide('pgError', '');
  return () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
