/**
 * The world a schedule runs in (ADR 0085): real server processes (`server/src/server.ts`, as
 * `npm start` runs it, in sandbox mode with the provider simulators it serves itself) on one
 * database: two instances on a fresh PostgreSQL database, or one instance on SQLite. Customers
 * are made straight in the database (verified, a pin, funded through the ledger, each signed
 * up with the one before's referral code), then sign in and open their transfer account
 * through the API like anyone else; their levels are 3, 2 and 1, under limits the admin
 * lowered at the start (ADR 0096's addendum).
 */
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { api } from '@contract';
import pg from 'pg';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD } from '../server/src/config.ts';
import { openDb, type DbHandle } from '../server/src/platform/db/index.ts';
import { postMovement, systemAccountId, walletAccountId } from '../server/src/wallet/ledger.ts';
import { createHasher } from '../server/src/platform/secrets.ts';
import { SealedCodes } from '../server/src/platform/db/sealed-codes.ts';
import { insertUser } from '../server/src/accounts/auth.ts';
import { http, startServer, type ServerProcess } from '../server/test/processes.ts';
import { CUSTOMERS } from './schedule.ts';

export const SIM_PASSWORD = 'Sunny2026Day';
export const SIM_PIN = '246810';
/** A BVN the sandbox accepts (server/test/funding/transfers.test.ts). */
const BVN = '22212345678';
/** Each customer's opening balance: ₦50,000, straight through the ledger. */
export const OPENING_KOBO = 50_000_00;
const JWT_SECRET = 'sim-secret-sim-secret-sim-secret-0123456789';
/**
 * The coupon codes' key (ADR 0071), given to the instances so that the oracle's handle opens
 * the codes a redemption used and the coupons it claimed, as the app's handle does (ADR 0093).
 */
const PIN_SECRET = 'sim-pin-secret-sim-pin-secret-0123456789';

export type Engine = 'postgres' | 'sqlite';

/**
 * The customers' verification levels (c0, c1, c2) and the limits the world's admin sets for
 * levels 1 and 2 at its start, low enough that a run meets them: c2 may spend ₦4,000 a Lagos
 * day (purchases, shares, coupons; refunds give it back) and c1 ₦10,000, and a funding past
 * the day's funding limit or the maximum balance is held (ADR 0058). c0 keeps level 3's.
 */
const LEVELS = [3, 2, 1] as const;
const LEVEL_LIMITS = [
  { level: 1, max_balance: 56_000, daily_funding: 6_000, daily_spending: 4_000 },
  { level: 2, max_balance: 70_000, daily_funding: 15_000, daily_spending: 10_000 },
] as const;

/**
 * The world's clock (docs/decisions/0096-simulation-clock.md): every server process of the world
 * reads the time through `sim/clock.mjs`, as the real time plus an offset kept in one file. It
 * starts at the seed's instant and runs at the real rate; `advance` moves it forward at once
 * (every instance within 20 ms).
 */
export interface SimClock {
  now(): number;
  advance(ms: number): void;
}

/** Loaded into every server of a world before the server (`node --import`). */
const CLOCK_PRELOAD = pathToFileURL(path.join(import.meta.dirname, 'clock.mjs')).href;

function simClock(file: string, start: number): SimClock {
  let offset = start - Date.now();
  // Written whole and renamed into place: a server starting meanwhile never reads half a file.
  const write = () => {
    writeFileSync(`${file}.next`, String(Math.round(offset)));
    renameSync(`${file}.next`, file);
  };
  write();
  return {
    now: () => Date.now() + offset,
    advance(ms) {
      offset += ms;
      write();
    },
  };
}

export interface Customer {
  id: string;
  email: string;
  token: string;
  account: string;
  /** The customer's reseller API key (ADR 0026). */
  apiKey: string;
}

export interface World {
  engine: Engine;
  servers: ServerProcess[];
  dbh: DbHandle;
  customers: Customer[];
  adminToken: string;
  /** A second admin: the checker of the first one's four-eyes requests. */
  checkerToken: string;
  clock: SimClock;
  /** New tokens for every customer and both admins (after the clock moved on). */
  signInAgain(): Promise<void>;
  /** SIGKILL of instance `which` (already sent requests answer status 0). */
  kill(which: number): Promise<void>;
  /** A new process for instance `which`, on the same database; resolves once it answers. */
  restart(which: number): Promise<void>;
  base(which: number): string;
  close(): Promise<void>;
}

/**
 * The environment of every instance: sandbox mode, a short provider timeout (the simulators'
 * lost answers and a killed worker's requery leases end quickly), route rate limits off (one
 * address makes every call), one JWT secret for both instances.
 */
function serverEnv(engine: Engine, url: string, dir: string): Record<string, string> {
  return {
    ...(engine === 'postgres' ? { DATABASE_URL: url } : {}),
    DATA_DIR: dir,
    SIM_CLOCK_FILE: path.join(dir, 'clock'),
    JWT_SECRET,
    PIN_SECRET,
    PROVIDER_TIMEOUT_MS: '2000',
    RATE_LIMITS: 'off',
  };
}

/**
 * How long a server may take to answer after it starts: four minutes, since a soak runs at
 * low priority on a shared machine, where a start-up waits for CPU (a server that never
 * answers still fails the run, only later).
 */
const START_MS = 240_000;

/** Runs `sql` on the PostgreSQL at `adminUrl`. */
async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

const databaseUrl = (adminUrl: string, name: string) => adminUrl.replace(/\/postgres$/, `/${name}`);

/**
 * A database in the PostgreSQL at `adminUrl` with every migration applied, for worlds to copy
 * (ADR 0095): each world's first server then finds its schema made, as after an upgrade.
 */
export async function migratedTemplate(adminUrl: string): Promise<string> {
  const name = `sim_template_${process.pid}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const handle = await openDb('postgres', databaseUrl(adminUrl, name));
  await handle.close();
  return name;
}

let databasesMade = 0;

/**
 * A fresh database in the PostgreSQL at `adminUrl` (a copy of `template` when given); answers
 * its URL and how to drop it.
 */
async function createDatabase(
  adminUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  databasesMade += 1;
  const name = `sim_${process.pid}_${Date.now().toString(36)}_${databasesMade}`;
  const copy = template ? ` template ${template}` : '';
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(adminUrl, `create database ${name}${copy}`);
      break;
    } catch (error) {
      // Two worlds copying one template at the same moment: PostgreSQL refuses the second
      // ("source database … is being accessed by other users"); it is tried again.
      if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
  return {
    url: databaseUrl(adminUrl, name),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

/** Where a world's servers come from: a soak shares one template and one built server. */
export interface WorldSource {
  pgAdminUrl?: string;
  /** A migrated database to copy (`migratedTemplate`). */
  pgTemplate?: string;
  /** The server built into one file (`serverBundle`); its sources through tsx when absent. */
  bundle?: string;
}

/** `start`: the instant the world's clock starts at (the seed's, `clockStart`). */
export async function createWorld(
  engine: Engine,
  { pgAdminUrl, pgTemplate, bundle }: WorldSource = {},
  start = Date.now(),
): Promise<World> {
  const dir = mkdtempSync(path.join(tmpdir(), 'paybills-sim-'));
  let url = path.join(dir, 'paybills.db');
  let drop = async () => {};
  if (engine === 'postgres') {
    if (!pgAdminUrl) throw new Error('the PostgreSQL world needs a PostgreSQL server');
    const database = await createDatabase(pgAdminUrl, pgTemplate);
    url = database.url;
    drop = database.drop;
  }
  const env = serverEnv(engine, url, dir);
  const clock = simClock(env.SIM_CLOCK_FILE!, start);
  const launch = { bundle, imports: [CLOCK_PRELOAD] };
  /**
   * A server of the world, answering. A port found free can be taken by another world's server
   * before this one listens on it (a soak starts many at once): it starts again on a new port.
   */
  const launchOne = async (): Promise<ServerProcess> => {
    for (let attempt = 1; ; attempt++) {
      const s = await startServer(env, launch);
      try {
        await s.ready(START_MS);
        return s;
      } catch (error) {
        await s.kill();
        if (attempt >= 3 || !/EADDRINUSE/.test(String(error))) throw error;
      }
    }
  };
  const instances = engine === 'postgres' ? 2 : 1;
  const servers: ServerProcess[] = [];
  let dbh: DbHandle | undefined;
  const tearDown = async () => {
    await Promise.all(servers.map((s) => s.kill()));
    await dbh?.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // The first instance migrates; the second starts once it answers (both racing is the
    // start-up test's subject, not this one's).
    for (let i = 0; i < instances; i++) servers.push(await launchOne());
    const handle = await openDb(engine, url, {
      migrate: false,
      poolSize: 3,
      codes: new SealedCodes(PIN_SECRET),
    });
    dbh = handle;

    const base = (which: number) => servers[which]!.base;
    // A sign-in that met no answer (status 0: a kept-alive connection the server closed as
    // it was reused, on a loaded machine) is asked again; a refusal is not.
    const login = async (username: string, password: string) => {
      for (let attempt = 1; ; attempt++) {
        const res = await http(base(0), 'POST', api.login.path, { body: { username, password } });
        if (res.status === 200) return res.body.JWTtoken as string;
        if (res.status !== 0 || attempt >= 5) {
          throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    };

    const adminToken = await login(DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD);
    for (const limits of LEVEL_LIMITS) {
      const set = await http(base(0), 'PUT', api.setVerificationLimits.path, {
        token: adminToken,
        body: limits,
      });
      if (set.status !== 200) throw new Error(`level limits: ${JSON.stringify(set.body)}`);
    }

    const hasher = createHasher(true);
    const customers: Customer[] = [];
    let referralCode: string | undefined;
    for (let i = 0; i < CUSTOMERS; i++) {
      const email = `sim${i}@example.com`;
      const hash = await hasher.hash(SIM_PASSWORD);
      const id = await handle.writeTx((trx) =>
        insertUser(
          trx,
          {
            name: `Sim Customer${i}`,
            email,
            phone: `0803100000${i}`,
            password: '',
            referral_code: referralCode,
          },
          hash,
          { verified: true, now: clock.now() },
        ),
      );
      const made = await handle.db
        .updateTable('users')
        .set({ verification_level: 3, pin_hash: await hasher.hash(SIM_PIN) })
        .where('id', '=', id)
        .returning('referral_code')
        .executeTakeFirstOrThrow();
      referralCode = made.referral_code ?? undefined;
      await handle.writeTx((trx) =>
        postMovement(trx, {
          kind: 'sim_funding',
          now: clock.now(),
          legs: [
            { accountId: systemAccountId('card_clearing'), amount: -OPENING_KOBO },
            { accountId: walletAccountId(id), amount: OPENING_KOBO },
          ],
        }),
      );
      const token = await login(email, SIM_PASSWORD);
      const va = await http(base(0), 'POST', api.createVirtualAccount.path, {
        token,
        body: { bvn: BVN, consent: true },
      });
      if (va.status !== 200) throw new Error(`virtual account: ${JSON.stringify(va.body)}`);
      const key = await http(base(0), 'POST', api.createApiKey.path, {
        token,
        body: { name: 'Simulation', rate_limit: 600 },
      });
      if (key.status !== 200) throw new Error(`API key: ${JSON.stringify(key.body)}`);
      customers.push({
        id,
        email,
        token,
        account: va.body.message.account_number,
        apiKey: key.body.message.key,
      });
    }
    // The levels are set once every customer has its transfer account (a BVN raises a level).
    for (const [i, c] of customers.entries()) {
      await handle.db
        .updateTable('users')
        .set({ verification_level: LEVELS[i]! })
        .where('id', '=', c.id)
        .execute();
    }
    const checkerEmail = 'sim-checker@example.com';
    const checkerHash = await hasher.hash(SIM_PASSWORD);
    await handle.writeTx((trx) =>
      insertUser(
        trx,
        { name: 'Sim Checker', email: checkerEmail, phone: '08031000099', password: '' },
        checkerHash,
        { verified: true, admin: true, now: clock.now() },
      ),
    );
    const checkerToken = await login(checkerEmail, SIM_PASSWORD);
    const world: World = {
      engine,
      servers,
      dbh: handle,
      customers,
      adminToken,
      checkerToken,
      clock,
      base,
      async kill(which) {
        await servers[which]!.kill();
      },
      async restart(which) {
        servers[which] = await launchOne();
      },
      async signInAgain() {
        for (const c of customers) c.token = await login(c.email, SIM_PASSWORD);
        world.adminToken = await login(DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD);
        world.checkerToken = await login(checkerEmail, SIM_PASSWORD);
      },
      close: tearDown,
    };
    return world;
  } catch (error) {
    await tearDown();
    throw error;
  }
}
