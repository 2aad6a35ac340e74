/**
 * The restore drill (ADR 0080), on both engines, with real processes and the real commands:
 * `npm run backup` takes a snapshot of a server's database while that server holds it open
 * with purchases pending at the provider; the snapshot restores into a new, empty database; a server started on it
 * (with the keys of the first) settles by itself every purchase that was pending at the
 * snapshot's moment, and `npm run reconcile` finds nothing. A restore into a database that is
 * not empty, or of a damaged snapshot, is refused and changes nothing.
 */
import { execFile } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { api } from '@contract';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_PIN } from '../../src/config.ts';
import { openDb } from '../../src/platform/db/index.ts';
import { checkInvariants } from '../../src/wallet/ledger.ts';
import type { Engine } from '../../src/platform/db/engine.ts';
import { createPgDatabase, engines, JWT_SECRET, PIN_SECRET } from '../helper.ts';
import { http, ROOT, serverEnv, startServer, waitFor, type ServerProcess } from '../processes.ts';

const running: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  await Promise.all(running.map((p) => p.kill()));
  for (const clean of cleanups.splice(0)) await clean();
});

/** `npm run backup|restore|reconcile` as an operator runs it: exit code and output. */
async function command(
  script: 'backup-cli.ts' | 'reconcile.ts',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join('server/src', script), ...args],
      { cwd: ROOT, env: serverEnv(0, env) },
    );
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/** A fresh database of the engine: its environment, and how to open it. */
async function freshDatabase(
  engine: Engine,
): Promise<{ env: Record<string, string>; open: () => ReturnType<typeof openDb> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'paybills-drill-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  if (engine === 'sqlite') {
    return {
      env: { DATA_DIR: dir },
      open: () => openDb('sqlite', path.join(dir, 'paybills.db'), { migrate: false }),
    };
  }
  const database = await createPgDatabase();
  cleanups.push(() => database.drop());
  return {
    env: { DATA_DIR: dir, DATABASE_URL: database.url },
    open: () => openDb('postgres', database.url, { migrate: false, poolSize: 2 }),
  };
}

async function counts(open: () => ReturnType<typeof openDb>) {
  const dbh = await open();
  try {
    const rows = await dbh.db
      .selectFrom('transactions')
      .select(['status', (eb) => eb.fn.countAll().as('n')])
      .groupBy('status')
      .execute();
    const byStatus = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    const total = rows.reduce((sum, r) => sum + Number(r.n), 0);
    return { byStatus, total, invariants: await checkInvariants(dbh.db) };
  } finally {
    await dbh.close();
  }
}

describe.each(engines)('backup and restore on %s', (engine) => {
  it(
    'a snapshot of a server holding pending purchases restores, settles them, and reconciles clean',
    { timeout: 300_000 },
    async () => {
      // The same keys for both servers: a snapshot opens only with the keys it was made with.
      const keys = { JWT_SECRET, PIN_SECRET, PROVIDER_TIMEOUT_MS: '2000' };
      const source = await freshDatabase(engine);
      const backups = mkdtempSync(path.join(tmpdir(), 'paybills-backups-'));
      cleanups.push(() => rmSync(backups, { recursive: true, force: true }));

      const first = await startServer({ ...keys, ...source.env });
      running.push(first);
      await first.ready();
      const login = await http(first.base, 'POST', api.login.path, {
        body: { username: DEMO_EMAIL, password: DEMO_PASSWORD },
      });
      const buy = (i: number, ending: string) =>
        http(first.base, 'POST', api.airtime.path, {
          token: login.body.JWTtoken,
          body: { pin: DEMO_PIN, phone_number: `080312${i % 10}${ending}`, amount: 100 + i },
        });
      // Delivered, and pending at the provider (1111 delivers later, 2222 fails later: the
      // sandbox's outcome table).
      const bought = await Promise.all(
        ['5678', '1111', '2222', '5678', '1111', '2222'].map((ending, i) => buy(i, ending)),
      );
      expect(bought.map((r) => r.status)).toEqual(bought.map(() => 200));
      // The server is frozen (SIGSTOP) with those purchases pending and its workers mid-way,
      // so the snapshot surely holds pending purchases (the requery's first ask comes 5 s
      // after each call); it still holds the database open, as a running server does.
      first.child.kill('SIGSTOP');
      const backup = await command('backup-cli.ts', ['backup', '--dir', backups, '--keep', '2'], {
        ...keys,
        ...source.env,
      });
      await first.kill();
      expect(backup.code, backup.out).toBe(0);
      const [snapshot] = readdirSync(backups).filter((n) => !n.endsWith('.sha256'));
      expect(snapshot).toMatch(new RegExp(`^paybills-${engine}-\\d{8}T\\d{9}Z\\.(db|dump)$`));
      const file = path.join(backups, snapshot!);

      // A damaged copy is refused, and so is a database that is not empty (the source).
      const damagedDir = mkdtempSync(path.join(tmpdir(), 'paybills-damaged-'));
      cleanups.push(() => rmSync(damagedDir, { recursive: true, force: true }));
      const damaged = path.join(damagedDir, snapshot!);
      copyFileSync(file, damaged);
      copyFileSync(`${file}.sha256`, `${damaged}.sha256`);
      appendFileSync(damaged, 'x');
      const target = await freshDatabase(engine);
      const refusedDamaged = await command('backup-cli.ts', ['restore', damaged], {
        ...keys,
        ...target.env,
      });
      expect(refusedDamaged.code).toBe(1);
      expect(refusedDamaged.out).toContain('does not match its checksum');
      const refusedFull = await command('backup-cli.ts', ['restore', file], {
        ...keys,
        ...source.env,
      });
      expect(refusedFull.code).toBe(1);
      expect(refusedFull.out).toContain('the configured database is not empty');

      // The restore: the snapshot's moment, consistent (the ledger balances), with purchases
      // still pending in it.
      const restored = await command('backup-cli.ts', ['restore', file], {
        ...keys,
        ...target.env,
      });
      expect(restored.code, restored.out).toBe(0);
      const atSnapshot = await counts(target.open);
      expect(atSnapshot.invariants).toEqual([]);
      expect(atSnapshot.total).toBeGreaterThanOrEqual(6);
      expect(atSnapshot.byStatus.pending ?? 0).toBeGreaterThan(0);
      // A second restore into it is refused: it is not empty any more.
      const again = await command('backup-cli.ts', ['restore', file], { ...keys, ...target.env });
      expect(again.code).toBe(1);
      expect(await counts(target.open)).toEqual(atSnapshot);

      // A server on the restored database settles what was pending, by itself.
      const second = await startServer({ ...keys, ...target.env });
      running.push(second);
      await second.ready();
      await waitFor(
        'the purchases pending at the snapshot to settle',
        async () => {
          const now = await counts(target.open);
          return (now.byStatus.pending ?? 0) === 0 && (now.byStatus.failed ?? 0) === 0;
        },
        { timeoutMs: 120_000, everyMs: 500 },
      );
      const settled = await counts(target.open);
      expect(settled.total).toBe(atSnapshot.total);
      expect(settled.invariants).toEqual([]);
      await second.kill();
      const reconciled = await command('reconcile.ts', [], { ...keys, ...target.env });
      expect(reconciled.out).toContain('Result: all good.');
      expect(reconciled.code).toBe(0);
    },
  );
});
