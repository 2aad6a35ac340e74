/**
 * Start-up that any number of processes can run at once (issue 14 row 1): three servers
 * started together on one empty database all become ready and agree: one schema, one
 * catalogue, one admin and one demo customer funded once, one JWT key, the ledger balanced.
 * On PostgreSQL (the way several instances run in production) and on SQLite (one data
 * directory).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api } from '@contract';
import { CATALOGUE } from '@contract/catalogue';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/config.ts';
import { openDb } from '../src/db/index.ts';
import { checkInvariants, walletAccountId } from '../src/domain/ledger.ts';
import { DEMO_FUNDS_KOBO } from '../src/services/seed.ts';
import { createPgDatabase, JWT_SECRET } from './helper.ts';
import { http, startServer, type ServerProcess } from './processes.ts';

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
