/**
 * A real crash (SQLite): the server runs as its own process (`node --import tsx
 * server/src/server.ts`), gets a burst of purchases and is killed with SIGKILL mid-burst.
 * After a restart on the same data directory the requery worker resolves every pending
 * purchase by itself, and the ledger invariants hold.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_PIN } from '../src/config.ts';
import { openDb } from '../src/db/index.ts';
import { checkInvariants } from '../src/domain/ledger.ts';
import { freePort } from './ports.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'paybills-crash-'));
// A port the system says is free (not a random guess that may be taken), found before the tests.
const port = await freePort();
const base = `http://127.0.0.1:${port}`;

function start(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ARGON2_TEST_FAST: '1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      NODE_ENV: 'test',
    },
    stdio: 'ignore',
  });
}

/** Waits for the server to answer: up to 60 s, since a loaded CI machine starts tsx slowly. */
async function ready(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child && child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/public/product/network/all`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((r) => child.once('exit', r));
}

async function countTransactions(
  dbh: Awaited<ReturnType<typeof openDb>>,
  status?: 'pending',
): Promise<number> {
  let query = dbh.db.selectFrom('transactions').select((eb) => eb.fn.countAll<number>().as('n'));
  if (status) query = query.where('status', '=', status);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Polls `done` every 20 ms until it holds; fails after `deadlineMs`. */
async function waitFor(done: () => Promise<boolean>, deadlineMs: number): Promise<void> {
  const until = performance.now() + deadlineMs;
  while (!(await done())) {
    if (performance.now() > until) throw new Error(`not done within ${deadlineMs / 1000} s`);
    if (child && child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let child: ChildProcess | undefined;
afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGKILL');
    await exited(child);
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('kill -9 during a burst of purchases (sqlite)', () => {
  it(
    'restart → every pending purchase resolves, invariants hold',
    { timeout: 180_000 },
    async () => {
      child = start();
      await ready();
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: DEMO_EMAIL, password: DEMO_PASSWORD }),
      });
      const { JWTtoken } = (await login.json()) as { JWTtoken: string };
      const endings = ['5678', '1111', '2222', '3333', '0000', '4444'];
      const burst = Array.from({ length: 30 }, (_, i) =>
        fetch(`${base}/api/transactions/airtime`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${JWTtoken}` },
          body: JSON.stringify({
            pin: DEMO_PIN,
            phone_number: `0803123${endings[i % endings.length]}`,
            amount: 100 + i,
          }),
        }).catch(() => undefined),
      );
      // Kill as soon as the first purchase is in the database: mid-burst on any machine, instead
      // of after a fixed 250 ms, in which a busy runner may not have written any.
      const dbFile = path.join(dir, 'paybills.db');
      let dbh = await openDb('sqlite', dbFile);
      await waitFor(async () => (await countTransactions(dbh)) > 0, 60_000);
      child.kill('SIGKILL');
      await exited(child);
      await dbh.close();
      await Promise.all(burst);

      dbh = await openDb('sqlite', dbFile);
      expect(await checkInvariants(dbh.db)).toEqual([]);
      const atCrash = await dbh.db
        .selectFrom('transactions')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('status')
        .execute();
      // Some purchases got in before the kill (how many were cut off varies run to run).
      expect(atCrash.reduce((sum, r) => sum + Number(r.n), 0)).toBeGreaterThan(0);
      if (process.env.CRASH_DEBUG) writeFileSync(process.env.CRASH_DEBUG, JSON.stringify(atCrash));
      await dbh.close();

      child = start();
      await ready();
      // The worker runs at start and every 2 s; backoff starts at 5 s. Two minutes is a deadline
      // for a loaded runner, not a measure: it usually takes seconds.
      dbh = await openDb('sqlite', dbFile);
      await waitFor(async () => (await countTransactions(dbh, 'pending')) === 0, 120_000);
      expect(await countTransactions(dbh, 'pending')).toBe(0);
      await dbh.close();
      child.kill('SIGTERM');
      await exited(child);
      dbh = await openDb('sqlite', dbFile);
      expect(await checkInvariants(dbh.db)).toEqual([]);
      const statuses = await dbh.db
        .selectFrom('transactions')
        .select('status')
        .where('product', '=', 'Airtime')
        .execute();
      expect(statuses.every((s) => s.status === 'successful' || s.status === 'reversed')).toBe(
        true,
      );
      await dbh.close();
    },
  );
});
