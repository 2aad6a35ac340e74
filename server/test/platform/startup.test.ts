/**
 * Start-up that any number of processes can run at once: three servers
 * started together on one empty database all become ready and agree: one schema, one
 * catalogue, one admin and one demo customer funded once, one JWT key, the ledger balanced.
 * On PostgreSQL (the way several instances run in production) and on SQLite (one data
 * directory). Instances whose keys differ: the second refuses to start.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api } from '@contract';
import { CATALOGUE } from '@contract/catalogue';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/config.ts';
import { openDb } from '../../src/platform/db/index.ts';
import { checkInvariants, walletAccountId } from '../../src/wallet/ledger.ts';
import { DEMO_FUNDS_KOBO } from '../../src/seed.ts';
import { createPgDatabase, JWT_SECRET } from '../helper.ts';
import { http, startServer, type ServerProcess } from '../processes.ts';

let running: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  await Promise.all(running.map((p) => p.kill()));
  running = [];
  for (const clean of cleanups.splice(0)) await clean();
});

async function startThree(env: Record<string, string>) {
  running = await Promise.all([0, 1, 2].map(() => startServer(env)));
  const outcomes = await Promise.allSettled(running.map((p) => p.ready()));
  const failed = outcomes.flatMap((o, i) =>
    o.status === 'rejected' ? [`process ${i}: ${String(o.reason)}`] : [],
  );
  expect(failed, failed.join('\n\n')).toEqual([]);
  // Exactly one of them created the accounts (and said so).
  const creators = running.filter((p) => p.output().includes('First start: accounts created'));
  expect(creators).toHaveLength(1);
  // A session opened on one instance works on the others: one key, one set of users.
  const login = await http(running[0]!.base, 'POST', api.login.path, {
    body: { username: DEMO_EMAIL, password: DEMO_PASSWORD },
  });
  expect(login.status).toBe(200);
  for (const p of running) {
    const me = await http(p.base, 'GET', api.currentUser.path, { token: login.body.JWTtoken });
    expect(me.status).toBe(200);
    expect(me.body.message.wallet_balance).toBe(DEMO_FUNDS_KOBO / 100);
  }
}

async function expectOneOfEverything(engine: 'sqlite' | 'postgres', url: string) {
  const dbh = await openDb(engine, url);
  try {
    const count = async (table: 'users' | 'networks' | 'movements') =>
      Number(
        (
          await dbh.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('users')).toBe(2);
    expect(await count('networks')).toBe(CATALOGUE.networks.length);
    expect(await count('movements')).toBe(1);
    const demo = await dbh.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_EMAIL)
      .executeTakeFirstOrThrow();
    const wallet = await dbh.db
      .selectFrom('accounts')
      .select('balance')
      .where('id', '=', walletAccountId(demo.id))
      .executeTakeFirstOrThrow();
    expect(Number(wallet.balance)).toBe(DEMO_FUNDS_KOBO);
    expect(await checkInvariants(dbh.db)).toEqual([]);
  } finally {
    await dbh.close();
  }
}

describe('three processes started at once on an empty database', () => {
  it('postgres: all become ready and agree', { timeout: 180_000 }, async () => {
    const database = await createPgDatabase();
    cleanups.push(database.drop);
    const dir = mkdtempSync(path.join(tmpdir(), 'paybills-start-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    await startThree({ DATABASE_URL: database.url, JWT_SECRET, DATA_DIR: dir });
    await expectOneOfEverything('postgres', database.url);
  });

  it('sqlite: all become ready on one data directory and agree', { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'paybills-start-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    // No JWT_SECRET: the key generated in the data directory must be one key for all three.
    await startThree({ DATA_DIR: dir });
    await expectOneOfEverything('sqlite', path.join(dir, 'paybills.db'));
  });
});

describe('instances on one PostgreSQL, each with keys of its own', () => {
  it(
    'postgres: of two started together with different generated keys, the second refuses, naming both; the same keys start',
    { timeout: 240_000 },
    async () => {
      const database = await createPgDatabase();
      cleanups.push(database.drop);
      const dirs = [0, 1, 2].map(() => mkdtempSync(path.join(tmpdir(), 'paybills-keys-')));
      cleanups.push(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
      // No key in the environment: each instance generates its own in its data directory.
      const env = (dir: string) => ({
        DATABASE_URL: database.url,
        DATA_DIR: dir,
        JWT_SECRET: '',
        PIN_SECRET: '',
      });
      running = await Promise.all([dirs[0]!, dirs[1]!].map((d) => startServer(env(d))));
      const outcomes = await Promise.allSettled(running.map((p) => p.ready()));
      const served = running.filter((_, i) => outcomes[i]!.status === 'fulfilled');
      const refused = running.filter((_, i) => outcomes[i]!.status === 'rejected');
      expect(served, running.map((p) => p.output()).join('\n\n')).toHaveLength(1);
      expect(refused).toHaveLength(1);
      const loser = refused[0]!;
      expect((await loser.exited).code).toBe(1);
      const output = loser.output();
      for (const name of ['JWT_SECRET', 'PIN_SECRET']) {
        expect(output).toContain(
          `${name} differs from the one this database was first used with: give every instance the same ${name}`,
        );
      }
      for (const dir of dirs.slice(0, 2)) {
        for (const file of ['jwt-secret', 'pin-secret']) {
          expect(output).not.toContain(readFileSync(path.join(dir, file), 'utf8').trim());
        }
      }

      // A third instance given the first one's keys (copied into its own data directory)
      // starts, and a session opened on the first works on it.
      const winnerDir = dirs[running.indexOf(served[0]!)]!;
      for (const file of ['jwt-secret', 'pin-secret']) {
        copyFileSync(path.join(winnerDir, file), path.join(dirs[2]!, file));
      }
      const third = await startServer(env(dirs[2]!));
      running.push(third);
      await third.ready();
      const login = await http(served[0]!.base, 'POST', api.login.path, {
        body: { username: DEMO_EMAIL, password: DEMO_PASSWORD },
      });
      expect(login.status).toBe(200);
      const me = await http(third.base, 'GET', api.currentUser.path, {
        token: login.body.JWTtoken,
      });
      expect(me.status).toBe(200);
    },
  );
});
