/**
 * Keys every instance must share (ADR 0036). Two instances on one database
 * that were not given the same PIN_SECRET each generated their own: half the purchases
 * answered "Incorrect transaction pin." and locked the customer out. The first start records
 * a fingerprint of JWT_SECRET and PIN_SECRET; a start with another key is refused, naming it.
 * Here on app builds (both engines); startup.test.ts starts real processes on PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { openDb } from '../../src/platform/db/index.ts';
import { secretRefusals } from '../../src/deployment.ts';
import { createPgDatabase, engines } from '../helper.ts';

const KEYS = {
  jwt: 'first-jwt-secret-first-jwt-secret-first-jwt-secret',
  pin: 'first-pin-secret-first-pin-secret-first-pin-secret',
  otherJwt: 'other-jwt-secret-other-jwt-secret-other-jwt-secret',
  otherPin: 'other-pin-secret-other-pin-secret-other-pin-secret',
};

describe.each(engines)('JWT_SECRET and PIN_SECRET shared by every instance, on %s', (engine) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const clean of cleanups.reverse()) await clean();
  });

  /** A fresh database, and the config of an instance on it with the keys given. */
  async function database() {
    const dir = mkdtempSync(path.join(tmpdir(), 'paybills-keys-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    let url = `file:${path.join(dir, 'paybills.db')}`;
    if (engine === 'postgres') {
      const pg = await createPgDatabase();
      cleanups.push(pg.drop);
      url = pg.url;
    }
    const config = (jwtSecret: string, pinSecret: string): Config =>
      loadConfig(
        { DATABASE_URL: url, DATA_DIR: dir, NODE_ENV: 'test', SANDBOX_INSTANT: '1' },
        { jwtSecret, pinSecret, argon2Fast: true, workers: false, webDir: undefined },
      );
    return { url, config };
  }

  /** Starts and stops an instance: answers its refusal, if any. */
  async function start(config: Config): Promise<string | undefined> {
    try {
      const app = await buildApp({ config, logger: false });
      await app.close();
      return undefined;
    } catch (err) {
      return (err as Error).message;
    }
  }

  it('an instance with another key is refused, naming that key; the first keys start again', async () => {
    const { config } = await database();
    expect(await start(config(KEYS.jwt, KEYS.pin))).toBeUndefined();

    const pin = await start(config(KEYS.jwt, KEYS.otherPin));
    expect(pin).toMatch(
      /^PIN_SECRET differs from the one this database was first used with: give every instance the same PIN_SECRET/,
    );
    expect(pin).not.toContain('JWT_SECRET');

    const jwt = await start(config(KEYS.otherJwt, KEYS.pin));
    expect(jwt).toMatch(
      /^JWT_SECRET differs from the one this database was first used with: give every instance the same JWT_SECRET/,
    );
    expect(jwt).not.toContain('PIN_SECRET');

    const both = (await start(config(KEYS.otherJwt, KEYS.otherPin)))!.split('\n');
    expect(both).toHaveLength(2);
    // A refused start recorded nothing: the first keys still start, and nothing else does.
    expect(await start(config(KEYS.jwt, KEYS.pin))).toBeUndefined();
    for (const message of [pin, jwt, both.join('\n')]) {
      for (const key of Object.values(KEYS)) expect(message).not.toContain(key);
    }
  });

  it('keeps a fingerprint, never a key', async () => {
    const { url, config } = await database();
    expect(await start(config(KEYS.jwt, KEYS.pin))).toBeUndefined();
    const dbh = await openDb(engine, url.replace(/^file:/, ''), { migrate: false });
    try {
      const rows = await dbh.db
        .selectFrom('secret_fingerprints')
        .select(['name', 'fingerprint'])
        .orderBy('name')
        .execute();
      expect(rows.map((r) => r.name)).toEqual(['JWT_SECRET', 'PIN_SECRET']);
      const stored = JSON.stringify(rows);
      for (const key of Object.values(KEYS)) expect(stored).not.toContain(key);
      for (const key of Object.values(KEYS)) expect(stored).not.toContain(key.slice(0, 16));
    } finally {
      await dbh.close();
    }
  });

  it('of two instances recording their keys at the same moment, one set is kept', async () => {
    const { url, config } = await database();
    // Two connections, as two processes hold them; opened one after the other (openDb
    // migrates, and a SQLite start-up waiting on the other's in this one process would block it).
    const file = url.replace(/^file:/, '');
    const handles = [await openDb(engine, file), await openDb(engine, file)];
    try {
      const verdicts = await Promise.all([
        secretRefusals(handles[0]!.db, config(KEYS.jwt, KEYS.pin), { record: true }),
        secretRefusals(handles[1]!.db, config(KEYS.otherJwt, KEYS.otherPin), { record: true }),
      ]);
      // Outside the start-up lock: the primary key alone keeps one row per key.
      expect(verdicts.filter((v) => v.length === 0)).toHaveLength(1);
      expect(verdicts.filter((v) => v.length === 2)).toHaveLength(1);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });
});
