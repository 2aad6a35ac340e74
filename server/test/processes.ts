/**
 * Real server processes for the tests that need them (start-up races, several instances on one
 * PostgreSQL, kill -9, graceful shutdown): `node --import tsx server/src/server.ts` on a port
 * the OS hands out, its output kept for assertions and failure messages, bounded waits only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './ports.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every `everyMs` until it answers something truthy; throws after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T> | T,
  { timeoutMs = 60_000, everyMs = 100 } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Everything it printed (stdout and stderr), last 200 KB. */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Answers `/api/public/product/network/all` (up to 90 s: tsx starts slowly on a busy CI). */
  /** Resolves once the server answers; throws after `timeoutMs` (90 s unless given). */
  ready(timeoutMs?: number): Promise<void>;
  /** SIGKILL if still running, then waits for the exit. */
  kill(): Promise<void>;
}

/**
 * `server/src/server.ts` built into one file (esbuild; packages stay in node_modules), for
 * callers that start many servers (the simulation's soak): it starts on about a third of the
 * CPU tsx needs (1.2 s against 3.2 s measured). Built under node_modules/.cache so its
 * packages resolve as the sources' do.
 */
export async function serverBundle(): Promise<string> {
  const { build } = await import('esbuild');
  const outfile = path.join(
    ROOT,
    'node_modules',
    '.cache',
    'paybills-server',
    `server-${process.pid}.mjs`,
  );
  await build({
    entryPoints: [path.join(ROOT, 'server', 'src', 'server.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

/** The environment every test server gets; `env` adds or overrides. */
export function serverEnv(port: number, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    ARGON2_TEST_FAST: '1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    DATABASE_URL: '',
    ...env,
  };
}

export async function startServer(
  env: Record<string, string>,
  options: {
    port?: number;
    /** The server as one built file (`serverBundle`) instead of its sources through tsx. */
    bundle?: string;
    /** Modules loaded before the server (`node --import`), as the simulation's clock. */
    imports?: string[];
  } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const preload = (options.imports ?? []).flatMap((m) => ['--import', m]);
  const args = options.bundle
    ? [...preload, options.bundle]
    : ['--import', 'tsx', ...preload, 'server/src/server.ts'];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: serverEnv(port, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${port}`;
  const proc: ServerProcess = {
    child,
    port,
    base,
    output: () => out,
    exited,
    async ready(timeoutMs = 90_000) {
      await waitFor(
        `the server on port ${port} to answer`,
        async () => {
          if (child.exitCode !== null || child.signalCode !== null) {
            throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${out}`);
          }
          try {
            return (await fetch(`${base}/api/public/product/network/all`)).ok;
          } catch {
            return false; // not listening yet
          }
        },
        { timeoutMs },
      );
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  return proc;
}

/** JSON over fetch; a refused or reset connection answers status 0. */
export async function http(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; requestId?: string } = {},
  // Answers are asserted field by field in tests: `any` keeps them short.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.requestId) headers['x-request-id'] = options.requestId;
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body };
  } catch {
    return { status: 0, body: undefined };
  }
}
