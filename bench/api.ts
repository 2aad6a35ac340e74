/**
 * `npm run bench [-- sqlite|pg|scale|slow|outcomes|all]` (default all): a benchmark, never a
 * test. Starts the real server (its own process) with SANDBOX_INSTANT=1 and production argon2 settings, drives
 * it over loopback with autocannon (BENCH_SECONDS, default 5, per case) and measures in the
 * same run the limits each figure is bounded by (a bare Fastify route, the raw DB debit
 * transaction loop), then prints one table against its targets (README, docs/benchmarks.md). Route rate limits are
 * off (RATE_LIMITS=off, sandbox only).
 *
 * Wallet limits (ADR 0058): every customer the bench buys with is at verification level 3
 * (₦5,000,000 of spending a day: a 5 s case buys a few thousand ₦100 airtimes). The raw debit
 * loop's account is at level 3 too, with that level's daily limits taken off in its own
 * throwaway database: the loop's UPDATE still reads and checks the limit (null: none), so it
 * costs what a limited debit costs, and no run is long enough to reach a limit.
 *
 * Smaller runs (the smoke test in bench/api.test.ts runs each mode in a few seconds):
 * BENCH_SECONDS and BENCH_WARMUP (fractions allowed), BENCH_MIN_OPS (in-process loops run at
 * least this many times), BENCH_CUSTOMERS (100), BENCH_SCALE_ROWS (1,000,000),
 * BENCH_SLOW_PROVIDER_MS, BENCH_SLOW_PURCHASES, and BENCH_STRICT=1, which fails the run on any
 * answer but 2xx and on anything the slow mode finds lost, doubled or unsettled.
 *
 * - sqlite: GET /api/user, purchases and shares on a temp SQLite file, 10 connections.
 *   Purchases go round-robin over CUSTOMERS funded customers (each with its own token), then
 *   all for the demo customer (one wallet row: the one-customer figure).
 * - pg: a throwaway PostgreSQL started the way the test run starts one; GET /api/user and
 *   purchases by one process (20 connections), then by two processes on the same database
 *   sharing the load (10 connections each): the ratio.
 * - scale (ADR 0069): 1,000,000 transactions over 100,000 customers; one customer (the demo
 *   customer) holds 100,000 with their whole ledger (purchases, refunds, fundings, commissions,
 *   coupons, notices, webhook deliveries: server/test/history-seed.ts), another holds 10. Every
 *   read of a signed-in customer page and of the admin's pages about a customer
 *   (server/test/signed-in-reads.ts) is timed for both, one request at a time; the admin's
 *   transactions page, overview and users page against the same on 1,000 transactions.
 * - slow: the provider simulators answer after SLOW_PROVIDER_MS (SANDBOX_LATENCY_MS,
 *   10 s); 1,000 purchases from 100 customers sent at once, while signed-in customers keep
 *   reading GET /api/user (10 at a time); on SQLite and on PostgreSQL. Prints the purchases
 *   settled (each debited once, refunded at most once, the ledger's invariants), GET /api/user
 *   p99 under that load ÷ idle, the database connections the server held (PostgreSQL, sampled
 *   from pg_stat_activity, with the longest transaction seen) and its memory before and after.
 *
 * - outcomes (ADR 0082, the regulator's clocks): BENCH_OUTCOME_PURCHASES (1,000) purchases on
 *   SQLite, spread over every documented failure kind, injected through the VTpass simulator's
 *   outcome table (the last four digits: 0000 refused, 1111 pending then delivered, 2222
 *   pending then failed, 3333 the answer lost) and its fault switches (a refusal code 016, a
 *   5xx, a cut body, a hang past the time-out); then the requery worker runs on a fake clock to
 *   25 hours, each pass at the next moment a requery is due. Prints per kind p50, p99 and max
 *   time to a final state on that clock, how many took over 30 s and how many were still
 *   pending at 24 h (overdue). This mode runs the server in the bench's own process (the
 *   requests through `inject`): the fake clock is `Date.now` of this process, which stamps
 *   every row (created_at, updated_at, next_requery_at), and `config.clock`, which the requery
 *   worker reads (the seam of ADR 0082).
 *
 * The server runs as `npm start` runs it, whatever NODE_ENV the caller has: NODE_ENV=production
 * is live mode, which refuses the simulators, and nothing else in the server reads it.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { pathFor } from '@contract';
import type { ChildProcess } from 'node:child_process';
import { children, spawnNode } from './spawn.ts';
import { freePort } from '../server/test/ports.ts';
import {
  DEFAULT_ADMIN_EMAIL,
  DEFAULT_ADMIN_PASSWORD,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  DEMO_PIN,
} from '../server/src/config.ts';
import { openDb, type DbHandle } from '../server/src/platform/db/index.ts';
import {
  checkInvariants,
  createWallet,
  ensureSystemAccounts,
  postMovement,
  systemAccountId,
  walletAccountId,
} from '../server/src/wallet/ledger.ts';
import { createPinHasher } from '../server/src/accounts/pins.ts';
import { insertUser } from '../server/src/accounts/auth.ts';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { DECISION_AGE_MS, REFUND_WITHIN_MS } from '../server/src/purchases/pending-decision.ts';
import { runRequeryOnce } from '../server/src/purchases/requery.ts';
import type { SimulatorFault } from '../server/src/providers/simulators/faults.ts';
import { seedHistory } from '../server/test/history-seed.ts';
import { SIGNED_IN_READS, type SignedInRead } from '../server/test/signed-in-reads.ts';
import { startThrowawayPostgres } from '../server/test/throwaway-pg.ts';

const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const CONNECTIONS = 10;
/** Seconds of load before each measured case, not counted (`BENCH_WARMUP`). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
/** Purchases spread over this many funded customers, round-robin (real traffic is many). */
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS || 100);
/** The scale mode's large database: this many transactions, a tenth of them one customer's. */
const SCALE_ROWS = Number(process.env.BENCH_SCALE_ROWS || 1_000_000);
/** The short history the long one is compared with (transactions). */
const LIGHT_HISTORY = 10;
/**
 * The in-process limit loops (the debit transaction, the pin check) run at least this many
 * times, however short BENCH_SECONDS is: the smoke test's 600 debits of ₦98 pass a level-1
 * day's ₦50,000, so a bench account left at a limited level fails it.
 */
const MIN_OPS = Number(process.env.BENCH_MIN_OPS || 0);
/** Fail on any answer but 2xx, and on a lost, doubled or unsettled purchase (the smoke test). */
const STRICT = process.env.BENCH_STRICT === '1';
/** Verification level of every customer the bench buys with (ADR 0058): ₦5,000,000 a day. */
const BENCH_LEVEL = 3;
/** The servers' pin key, so the bench can store the customers' pin hashes itself. */
const PIN_SECRET = 'bench-pin-secret-bench-pin-secret-0000';
const MODE = (process.argv[2] ?? 'all') as 'sqlite' | 'pg' | 'scale' | 'slow' | 'outcomes' | 'all';
/** The outcomes mode's purchases, spread over its failure kinds in turn. */
const OUTCOME_PURCHASES = Number(process.env.BENCH_OUTCOME_PURCHASES || 1_000);
/** The slow provider's answer time (10 s) and the purchases in flight behind it. */
const SLOW_PROVIDER_MS = Number(process.env.BENCH_SLOW_PROVIDER_MS || 10_000);
const SLOW_PURCHASES = Number(process.env.BENCH_SLOW_PURCHASES || 1_000);
const dir = mkdtempSync(path.join(tmpdir(), 'paybills-bench-'));
let stopPostgres: (() => void) | undefined;

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /**
   * CPU ms per request of the server that answered (/proc/<pid>/stat), or per op of an
   * in-process loop: steadier than req/s on a machine others share (ADR 0029).
   */
  cpu?: number;
}

/** Each server's process id by its base URL (its CPU is read from /proc). */
const serverPids = new Map<string, number>();

/** CPU ms a process has used so far (Linux; undefined elsewhere). */
function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return undefined;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, 100 ticks/s
}

async function cannon(
  name: string,
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
    connections?: number;
    /** Headers per request, taken in turn (one customer's token each). */
    rotate?: Record<string, string>[];
  } = {},
): Promise<Row> {
  let turn = 0;
  const rotate = init.rotate;
  const pid = serverPids.get(new URL(url).origin);
  const run = (duration: number) =>
    autocannon({
      url,
      method: (init.method ?? 'GET') as 'GET',
      headers: { 'content-type': 'application/json', ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      connections: init.connections ?? CONNECTIONS,
      duration,
      ...(rotate && {
        requests: [
          {
            setupRequest: (req: { headers?: Record<string, string> }) => ({
              ...req,
              headers: { ...req.headers, ...rotate[turn++ % rotate.length] },
            }),
          },
        ],
      }),
    });
  // A warm-up first (JIT, statement caches, the first purchase of each customer), not counted.
  if (WARMUP > 0) await run(WARMUP);
  const cpu0 = cpuMsOf(pid);
  const r = await run(SECONDS);
  if (r.non2xx || r.errors) {
    const problem = `${name}: ${r.non2xx} non-2xx, ${r.errors} errors`;
    if (STRICT) throw new Error(problem);
    console.warn(`  ${problem}`);
  }
  const cpu1 = cpuMsOf(pid);
  // autocannon counts every answer in requests.total (missing from its type declarations).
  const answered = (r.requests as unknown as { total: number }).total;
  const cpu =
    cpu0 === undefined || cpu1 === undefined ? undefined : (cpu1 - cpu0) / Math.max(1, answered);
  // Answers over the run's length: autocannon's per-second average is 0 for a run under a
  // second (the smoke test's).
  return { name, rps: answered / SECONDS, p50: r.latency.p50, p99: r.latency.p99, cpu };
}

/**
 * One connection, one GET at a time, for SECONDS after a warm-up: latencies to the
 * microsecond (autocannon's are whole milliseconds, too coarse for 1-2 ms pages) and the
 * server's CPU per request.
 */
async function serial(name: string, url: string, headers: Record<string, string>): Promise<Row> {
  const get = async () => {
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
  };
  const warmEnd = performance.now() + WARMUP * 1000;
  while (performance.now() < warmEnd) await get();
  const pid = serverPids.get(new URL(url).origin);
  const cpu0 = cpuMsOf(pid);
  const row = await loop(name, get);
  const cpu1 = cpuMsOf(pid);
  const count = Math.max(1, row.n);
  return {
    ...row,
    cpu: cpu0 === undefined || cpu1 === undefined ? undefined : (cpu1 - cpu0) / count,
  };
}

/** Runs `op` back to back for SECONDS: ops/s and per-op p50/p99 (ms). */
async function loop(
  name: string,
  op: () => Promise<unknown>,
  minOps = 0,
  seconds = SECONDS,
): Promise<Row & { n: number; times: number[]; elapsed: number }> {
  const times: number[] = [];
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end || times.length < minOps) {
    const t = performance.now();
    await op();
    times.push(performance.now() - t);
  }
  const elapsed = (performance.now() - start) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  const used = process.cpuUsage(cpu0);
  const cpu = (used.user + used.system) / 1000 / Math.max(1, times.length);
  const n = times.length;
  return { name, rps: n / elapsed, p50: at(0.5), p99: at(0.99), cpu, n, times, elapsed };
}

/** One GET the scale mode times: its label, its URL and who asks. */
interface Turn {
  name: string;
  url: string;
  headers: Record<string, string>;
}

/**
 * Two one-at-a-time GETs measured in turns (a, b, a, b, a, b: SECONDS in all for each, after a
 * warm-up of each), so a machine whose load drifts moves both alike; each answers its merged
 * latencies, requests/s and the server's CPU per request.
 */
async function inTurns(cases: [Turn, Turn], rounds = 3): Promise<[Row, Row]> {
  const get = (c: Turn) => async () => {
    const res = await fetch(c.url, { headers: c.headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${c.name}: ${res.status}`);
  };
  for (const c of cases) {
    const warmEnd = performance.now() + WARMUP * 1000;
    while (performance.now() < warmEnd) await get(c)();
  }
  const totals = cases.map(() => ({ times: [] as number[], elapsed: 0, cpu: 0, cpuKnown: true }));
  for (let r = 0; r < rounds; r++) {
    for (const [i, c] of cases.entries()) {
      const pid = serverPids.get(new URL(c.url).origin);
      const cpu0 = cpuMsOf(pid);
      const slice = await loop(c.name, get(c), 0, SECONDS / rounds);
      const cpu1 = cpuMsOf(pid);
      const t = totals[i]!;
      t.times.push(...slice.times);
      t.elapsed += slice.elapsed;
      if (cpu0 === undefined || cpu1 === undefined) t.cpuKnown = false;
      else t.cpu += cpu1 - cpu0;
    }
  }
  const rows = cases.map((c, i) => {
    const t = totals[i]!;
    t.times.sort((x, y) => x - y);
    return {
      name: c.name,
      rps: t.times.length / Math.max(t.elapsed, 0.001),
      p50: quantile(t.times, 0.5),
      p99: quantile(t.times, 0.99),
      cpu: t.cpuKnown ? t.cpu / Math.max(1, t.times.length) : undefined,
    };
  });
  return [rows[0]!, rows[1]!];
}

/**
 * Starts `args` on a loopback port the system reports free. Another process can take that
 * port before this one listens (tests start servers side by side): a start that exits (with
 * EADDRINUSE) is tried again on a new port, up to three times.
 */
async function onFreePort(
  args: string[],
  env: Record<string, string>,
): Promise<{ port: number; child: ChildProcess }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return { port, child: await spawnNode(args, { ...env, PORT: String(port) }) };
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/** One server process on `env`'s database; answers its base URL. */
async function server(env: Record<string, string>): Promise<string> {
  const { port, child } = await onFreePort(['server/src/server.ts'], {
    SANDBOX_INSTANT: '1',
    LOG_LEVEL: 'warn',
    // Throughput, not abuse: the route limits would answer 429 after a few hundred calls
    // (sandbox mode only; attempt limits on pins and passwords stay on).
    RATE_LIMITS: 'off',
    PIN_SECRET,
    NODE_ENV: '',
    ...env,
  });
  const base = `http://127.0.0.1:${port}`;
  if (child.pid !== undefined) serverPids.set(base, child.pid);
  return base;
}

/** Stops every server and waits for each to exit (a graceful stop finishes its requests). */
function stopServers() {
  return Promise.all(
    children.splice(0).map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
}

async function login(base: string, username: string, password: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  const { JWTtoken } = (await res.json()) as { JWTtoken: string };
  return { authorization: `Bearer ${JWTtoken}` };
}

/** Credits a wallet straight through the ledger (from card clearing, like a top-up). */
function fund(dbh: DbHandle, userId: string, kobo: number) {
  return dbh.writeTx((trx) =>
    postMovement(trx, {
      kind: 'bench_funding',
      legs: [
        { accountId: systemAccountId('card_clearing'), amount: -kobo },
        { accountId: walletAccountId(userId), amount: kobo },
      ],
    }),
  );
}

/**
 * Enough money for every purchase and transfer of the run (straight into the ledger), and the
 * level whose daily spending a run cannot reach.
 */
async function fundDemo(dbh: DbHandle) {
  const demo = await dbh.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_EMAIL)
    .executeTakeFirstOrThrow();
  await dbh.db
    .updateTable('users')
    .set({ verification_level: BENCH_LEVEL })
    .where('id', '=', demo.id)
    .execute();
  await fund(dbh, demo.id, 1_000_000_000_00);
  return demo.id;
}

/**
 * CUSTOMERS verified customers at BENCH_LEVEL (the demo customer's password, pin DEMO_PIN),
 * each funded: straight into the database, then each logged in. Answers one Authorization
 * header each.
 */
async function customers(dbh: DbHandle, base: string): Promise<Record<string, string>[]> {
  const demo = await dbh.db
    .selectFrom('users')
    .select('password_hash')
    .where('email', '=', DEMO_EMAIL)
    .executeTakeFirstOrThrow();
  const pins = createPinHasher(PIN_SECRET);
  const emails: string[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const email = `buyer${i}@bench.example`;
    const id = await dbh.writeTx((trx) =>
      insertUser(
        trx,
        { name: `Buyer ${i}`, email, phone: '08031234567', password: '' },
        demo.password_hash,
        { verified: true },
      ),
    );
    await dbh.db
      .updateTable('users')
      .set({ pin_hash: pins.hash(id, DEMO_PIN), verification_level: BENCH_LEVEL })
      .where('id', '=', id)
      .execute();
    await fund(dbh, id, 10_000_000_00);
    emails.push(email);
  }
  const auths: Record<string, string>[] = [];
  for (const email of emails) auths.push(await login(base, email, DEMO_PASSWORD));
  return auths;
}

const airtime = (auth: Record<string, string>) => ({
  method: 'POST',
  headers: auth,
  body: { pin: DEMO_PIN, phone_number: '08031235678', amount: 100 },
});

// ── Limits: a bare route, the raw DB debit loop ────────────────────────────────

async function emptyRouteLimit(): Promise<Row> {
  const { port, child: bare } = await onFreePort(['bench/bare.ts'], {});
  if (bare.pid !== undefined) serverPids.set(`http://127.0.0.1:${port}`, bare.pid);
  const row = await cannon('limit: empty route', `http://127.0.0.1:${port}/empty`);
  await stopServers();
  return row;
}

/**
 * The database's limit for a purchase's debit: one movement (wallet to float) per transaction,
 * back to back, in this process. Its account is at BENCH_LEVEL with that level's limits taken
 * off in this throwaway database (see the top of the file): the same UPDATE, with no limit a
 * long run could reach.
 */
async function debitLimit(engine: 'sqlite' | 'postgres', url: string): Promise<Row> {
  const raw = await openDb(engine, url);
  await ensureSystemAccounts(raw.db);
  await raw.db
    .updateTable('verification_limits')
    .set({ max_balance: null, daily_funding: null, daily_spending: null })
    .where('level', '=', BENCH_LEVEL)
    .execute();
  await raw.db
    .insertInto('users')
    .values({
      id: 'bench',
      name: 'Bench',
      email: 'bench@example.com',
      phone: '08031234567',
      password_hash: 'x',
      pin_hash: null,
      pin_locked_until: null,
      referral_code: 'BENCH',
      referred_by: null,
      last_login: null,
      last_seen: null,
      created_on: Date.now(),
      verification_level: BENCH_LEVEL,
    })
    .execute();
  await raw.writeTx((trx) => createWallet(trx, 'bench'));
  await fund(raw, 'bench', 1_000_000_000_00);
  const row = await loop(
    `limit: DB debit tx (${engine})`,
    () =>
      raw.writeTx((trx) =>
        postMovement(trx, {
          kind: 'purchase',
          legs: [
            { accountId: walletAccountId('bench'), amount: -98_00 },
            { accountId: systemAccountId('provider_float'), amount: 98_00 },
          ],
        }),
      ),
    MIN_OPS,
  );
  await raw.close();
  return row;
}

// ── Modes ────────────────────────────────────────────────────────────────────

const lines: string[] = [];
const table: Row[] = [];
const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(1)} %`;

async function sqliteMode() {
  const data = path.join(dir, 'sqlite');
  const base = await server({ DATA_DIR: data, DATABASE_URL: '' });
  const dbh = await openDb('sqlite', path.join(data, 'paybills.db'));
  await fundDemo(dbh);
  const many = await customers(dbh, base);
  await dbh.close();
  const auth = await login(base, DEMO_EMAIL, DEMO_PASSWORD);
  const user = await cannon('GET /api/user (sqlite)', `${base}/api/user`, { headers: auth });
  const buy = await cannon(
    `POST airtime, ${CUSTOMERS} customers (sqlite)`,
    `${base}/api/transactions/airtime`,
    { ...airtime(auth), rotate: many },
  );
  const buyOneCustomer = await cannon(
    'POST airtime, 1 customer (sqlite)',
    `${base}/api/transactions/airtime`,
    airtime(auth),
  );
  const share = await cannon('POST share (sqlite)', `${base}/api/transactions/share`, {
    method: 'POST',
    headers: auth,
    body: { amount: 1, email: DEFAULT_ADMIN_EMAIL, pin: DEMO_PIN },
  });
  // An unauthenticated 60 KB username shaped to make the old e-mail pattern backtrack (// row 5): answered 400 by the length check.
  const hugeUsername = `a@${'a.'.repeat(30_000)} x`;
  const huge = await loop('login, 60 KB username', async () => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: hugeUsername, password: 'x' }),
    });
    await res.arrayBuffer();
    if (res.status !== 400) throw new Error(`60 KB username answered ${res.status}`);
  });
  await stopServers();
  const empty = await emptyRouteLimit();
  const debit = await debitLimit('sqlite', path.join(dir, 'raw.db'));
  const pins = createPinHasher('bench-pin-secret-bench-pin-secret-0000');
  const stored = pins.hash('bench', DEMO_PIN);
  const pin = await loop(
    'limit: pin check (HMAC)',
    async () => pins.matches(stored, 'bench', DEMO_PIN),
    MIN_OPS,
  );
  table.push(user, buy, buyOneCustomer, share, huge, empty, debit, pin);
  lines.push(
    `GET /api/user ÷ empty route (sqlite): ${pct(user.rps, empty.rps)} (target ≥ 50 %); CPU per empty request ÷ CPU per GET /api/user: ${pct(empty.cpu ?? 0, user.cpu ?? Infinity)}`,
    `purchases/s ÷ DB debit limit (sqlite): ${pct(buy.rps, debit.rps)} over ${CUSTOMERS} customers (target ≥ 60 %); one customer: ${pct(buyOneCustomer.rps, debit.rps)}; shares: ${pct(share.rps, debit.rps)}`,
    `CPU per DB debit tx ÷ CPU per purchase (sqlite, ${CUSTOMERS} customers): ${pct(debit.cpu ?? 0, buy.cpu ?? Infinity)}`,
  );
}

let pgAdminUrl: string | undefined;

/** A new database on the run's throwaway PostgreSQL (started on first use): its URL. */
async function createDb(name: string): Promise<string> {
  if (pgAdminUrl === undefined) {
    const pgServer = await startThrowawayPostgres();
    if (pgServer.error !== undefined) throw new Error(pgServer.error);
    stopPostgres = pgServer.stop;
    pgAdminUrl = pgServer.adminUrl;
  }
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return pgAdminUrl.replace(/\/postgres$/, `/${name}`);
}

async function pgMode() {
  const url = await createDb('bench');
  const data = path.join(dir, 'pg');
  const env = { DATA_DIR: data, DATABASE_URL: url };
  const one = await server(env);
  const dbh = await openDb('postgres', url);
  await fundDemo(dbh);
  const many = await customers(dbh, one);
  await dbh.close();
  const auth = await login(one, DEMO_EMAIL, DEMO_PASSWORD);
  const userOne = await cannon('GET /api/user (pg, 1 process)', `${one}/api/user`, {
    headers: auth,
    connections: 2 * CONNECTIONS,
  });
  const buyOne = await cannon(
    `POST airtime, ${CUSTOMERS} customers (pg, 1 process)`,
    `${one}/api/transactions/airtime`,
    { ...airtime(auth), rotate: many, connections: 2 * CONNECTIONS },
  );
  const buyOneSingle = await cannon(
    'POST airtime, 1 customer (pg, 1 process)',
    `${one}/api/transactions/airtime`,
    { ...airtime(auth), connections: 2 * CONNECTIONS },
  );
  const two = await server(env);
  const both = async (name: string, pathname: string, init: Parameters<typeof cannon>[2]) => {
    const [a, b] = await Promise.all([
      cannon(`${name} a`, `${one}${pathname}`, init),
      cannon(`${name} b`, `${two}${pathname}`, init),
    ]);
    const cpu = a.cpu === undefined || b.cpu === undefined ? undefined : (a.cpu + b.cpu) / 2;
    return {
      name,
      rps: a.rps + b.rps,
      p50: Math.max(a.p50, b.p50),
      p99: Math.max(a.p99, b.p99),
      cpu,
    };
  };
  const userTwo = await both('GET /api/user (pg, 2 processes)', '/api/user', { headers: auth });
  const buyTwo = await both(
    `POST airtime, ${CUSTOMERS} customers (pg, 2 processes)`,
    '/api/transactions/airtime',
    { ...airtime(auth), rotate: many },
  );
  const buyTwoSingle = await both(
    'POST airtime, 1 customer (pg, 2 processes)',
    '/api/transactions/airtime',
    airtime(auth),
  );
  await stopServers();
  const debit = await debitLimit('postgres', await createDb('raw'));
  table.push(userOne, userTwo, buyOne, buyTwo, buyOneSingle, buyTwoSingle, debit);
  lines.push(
    `two processes ÷ one on PostgreSQL: GET /api/user ${(userTwo.rps / userOne.rps).toFixed(2)}×, purchases ${(buyTwo.rps / buyOne.rps).toFixed(2)}× over ${CUSTOMERS} customers (target ≥ 1.6×); one customer ${(buyTwoSingle.rps / buyOneSingle.rps).toFixed(2)}×`,
    `purchases/s ÷ DB debit limit (pg, 1 process): ${pct(buyOne.rps, debit.rps)}`,
  );
}

/**
 * `total` transactions over `customers` customers. The demo customer holds a tenth of them with
 * their whole ledger and everything around it (history-seed.ts), customer 1 holds
 * LIGHT_HISTORY the same way; the others share the rest as rows alone (a year of dates, one in
 * ten failed): enough for the admin's pages, which count and page every customer's. Straight
 * SQL (the triggers keep the aggregates as they would for purchases); every seeded customer
 * has the demo customer's password.
 */
async function seedScale(dbh: DbHandle, total: number, customers: number) {
  const demo = await dbh.db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('email', '=', DEMO_EMAIL)
    .executeTakeFirstOrThrow();
  const heavy = Math.round(total / 10);
  const others = Math.max(2, customers - 1);
  const rest = total - heavy - LIGHT_HISTORY;
  const now = Date.now();
  const t0 = now - 365 * 86_400_000;
  const step = Math.floor((365 * 86_400_000) / Math.max(1, rest));
  await sql`with recursive c(i) as (select 1 union all select i + 1 from c where i < ${others})
    insert into users (id, name, email, phone, password_hash, referral_code, email_verified, created_on)
    select printf('cust%06d', i), 'Customer ' || i, printf('c%06d@bench.example', i),
      '08031234567', ${demo.password_hash}, printf('REF%06d', i), 1, ${t0} + i from c`.execute(
    dbh.db,
  );
  await sql`insert into accounts (id, kind, user_id, created_at)
    select 'wallet:' || id, 'wallet', id, created_on from users where id like 'cust%'`.execute(
    dbh.db,
  );
  // Customers 2 and up: rows alone.
  await sql`with recursive c(i) as (select 0 union all select i + 1 from c where i < ${rest - 1})
    insert into transactions (id, user_id, product, direction, status, value, amount_charged,
      balance_before, balance_after, transaction_phone, created_at, updated_at)
    select printf('s%07d', i), printf('cust%06d', i % ${others - 1} + 2),
      case i % 4 when 0 then 'Airtime' when 1 then 'Data' when 2 then 'CableTV' else 'Electricity' end,
      'debit', case when i % 10 = 3 then 'failed' else 'successful' end,
      10000 + i % 500 * 100, 10000 + i % 500 * 100, 0, 0, '08031234567',
      ${t0} + i * ${step}, ${t0} + i * ${step} from c`.execute(dbh.db);
  await seedHistory(dbh, demo.id, heavy, { prefix: 'h' });
  // Its lists fill a page as the long history's do (half pending, half refunded, …): the two
  // are compared page for page.
  await seedHistory(dbh, 'cust000001', LIGHT_HISTORY, { prefix: 'l', fullPages: true });
  return { heavyId: demo.id, heavy };
}

/** The URL of a read, for `customer` (signed-in-reads.ts). */
const readUrl = (base: string, read: SignedInRead, customer: { id: string; email: string }) => {
  const query = read.query?.(customer);
  const path = pathFor(read.endpoint.path, read.params?.(customer));
  return `${base}${path}${query ? `?${new URLSearchParams(query)}` : ''}`;
};

async function scaleRun(total: number, customers: number, everyRead: boolean) {
  const data = path.join(dir, `scale-${total}`);
  const env = { DATA_DIR: data, DATABASE_URL: '' };
  // The server seeds the admin and the demo customer; then the history goes in, server off
  // (its workers would wait on the seed's long write transaction).
  await server(env);
  await stopServers();
  const dbh = await openDb('sqlite', path.join(data, 'paybills.db'));
  const t = performance.now();
  const { heavyId, heavy } = await seedScale(dbh, total, customers);
  const seeded = (performance.now() - t) / 1000;
  await dbh.close();
  const base = await server(env);
  const admin = await login(base, DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD);
  const pages = {
    adminTx: await serial(
      `admin transactions page (${total})`,
      `${base}/api/transactions/all?page=1&limit=5`,
      admin,
    ),
    overview: await serial(`admin overview (${total})`, `${base}/api/admin/overview`, admin),
    users: await serial(
      `admin users page (${total})`,
      `${base}/api/user/all?page=1&limit=5`,
      admin,
    ),
  };
  const reads: { read: SignedInRead; light: Row; heavy: Row }[] = [];
  if (everyRead) {
    const people = {
      light: { id: 'cust000001', email: 'c000001@bench.example' },
      heavy: { id: heavyId, email: DEMO_EMAIL },
    };
    const tokens = {
      light: await login(base, people.light.email, DEMO_PASSWORD),
      heavy: await login(base, people.heavy.email, DEMO_PASSWORD),
    };
    for (const read of SIGNED_IN_READS) {
      const at = (who: 'light' | 'heavy', count: number) => ({
        name: `${read.name}, ${count.toLocaleString('en')} tx`,
        url: readUrl(base, read, people[who]),
        headers: read.as === 'admin' ? admin : tokens[who],
      });
      const [light, long] = await inTurns([at('light', LIGHT_HISTORY), at('heavy', heavy)]);
      reads.push({ read, light, heavy: long });
    }
  }
  await stopServers();
  return { pages, reads, seeded, heavy };
}

async function scaleMode() {
  // The small database: a thousandth of the large one (1,000 transactions over 100 customers).
  const smallRows = Math.max(100, SCALE_ROWS / 1000);
  const small = await scaleRun(smallRows, Math.max(10, smallRows / 10), false);
  const big = await scaleRun(SCALE_ROWS, SCALE_ROWS / 10, true);
  const n = (x: number) => x.toLocaleString('en');
  lines.push(
    `seeding ${n(SCALE_ROWS)} transactions over ${n(SCALE_ROWS / 10)} customers (one with ${n(big.heavy)} and their ledger) took ${big.seeded.toFixed(1)} s`,
  );
  for (const key of Object.keys(big.pages) as (keyof typeof big.pages)[]) {
    const b = big.pages[key];
    const s = small.pages[key];
    table.push(s, b);
    lines.push(
      `${b.name}: p99 ${b.p99.toFixed(1)} ms (target ≤ 50 ms), ${(b.p50 / Math.max(s.p50, 0.01)).toFixed(2)}× p50 / ${(b.p99 / Math.max(s.p99, 0.01)).toFixed(2)}× p99 of ${n(smallRows)} rows (target ≤ 1.5×)`,
    );
  }
  lines.push(
    `every read of a signed-in page, ${n(big.heavy)}-transaction ÷ ${LIGHT_HISTORY}-transaction customer (target ≤ 1.5×; CPU: the server's per request):`,
  );
  let overP50 = 0;
  let overCpu = 0;
  for (const { read, light, heavy } of big.reads) {
    table.push(light, heavy);
    const ratio = heavy.p50 / Math.max(light.p50, 0.001);
    const cpuRatio =
      heavy.cpu !== undefined && light.cpu !== undefined && light.cpu > 0
        ? heavy.cpu / light.cpu
        : undefined;
    if (ratio > 1.5) overP50++;
    if (cpuRatio !== undefined && cpuRatio > 1.5) overCpu++;
    const cpu =
      cpuRatio === undefined
        ? ''
        : `; CPU ${heavy.cpu!.toFixed(3)} ÷ ${light.cpu!.toFixed(3)} ms = ${cpuRatio.toFixed(2)}×`;
    lines.push(
      `  ${read.name}: p50 ${heavy.p50.toFixed(2)} ÷ ${light.p50.toFixed(2)} ms = ${ratio.toFixed(2)}×${cpu}; ${(heavy.rps / Math.max(light.rps, 0.01)).toFixed(2)}× the requests/s${ratio > 1.5 ? '  (p50 over 1.5×)' : ''}`,
    );
  }
  const count = big.reads.length;
  lines.push(
    `  ${count - overP50} of ${count} reads within 1.5× (p50); ${count - overCpu} of ${count} by the server's CPU per request`,
  );
}

// ── Slow provider ────────────────────────────────────────────────

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Resident and peak memory of a process, MiB (/proc; undefined elsewhere). */
function memoryOf(pid: number | undefined): { rss: number; peak: number } | undefined {
  if (pid === undefined || !existsSync(`/proc/${pid}/status`)) return undefined;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

/**
 * `CONNECTIONS` signed-in customers reading GET /api/user back to back (each customer's token
 * in turn) until `done()`: every request's latency, ms. Any answer but 200 stops the run.
 */
async function reads(
  url: string,
  auths: Record<string, string>[],
  done: () => boolean,
): Promise<number[]> {
  const times: number[] = [];
  let turn = 0;
  const worker = async () => {
    while (!done()) {
      const t = performance.now();
      const res = await fetch(url, { headers: auths[turn++ % auths.length] });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET /api/user answered ${res.status}`);
      times.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return times.sort((a, b) => a - b);
}

/**
 * The server's connections to `database`, sampled every 100 ms from pg_stat_activity: the most
 * open and the most busy at once (a query running or a transaction open), and the longest
 * transaction seen. A connection held across a provider call would show as a transaction open
 * for the provider's whole answer time (ADR 0008: the debit commits before the call).
 */
function sampleConnections(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  const seen = { open: 0, busy: 0, longestTxMs: 0, samples: 0 };
  let stopped = false;
  const sampling = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query<{ open: number; busy: number; longest: number }>(
        `select count(*)::int as open,
           (count(*) filter (where state <> 'idle'))::int as busy,
           coalesce(max(extract(epoch from (now() - xact_start)) * 1000), 0)::float8 as longest
         from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
        [database],
      );
      const row = rows[0]!;
      seen.open = Math.max(seen.open, row.open);
      seen.busy = Math.max(seen.busy, row.busy);
      seen.longestTxMs = Math.max(seen.longestTxMs, row.longest);
      seen.samples++;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await client.end();
  })();
  return {
    async stop() {
      stopped = true;
      await sampling;
      return seen;
    },
  };
}

async function slowRun(engine: 'sqlite' | 'postgres') {
  const data = path.join(dir, `slow-${engine}`);
  const database = `slow_${Date.now().toString(36)}`;
  const url = engine === 'postgres' ? await createDb(database) : path.join(data, 'paybills.db');
  const base = await server({
    DATA_DIR: data,
    DATABASE_URL: engine === 'postgres' ? url : '',
    SANDBOX_LATENCY_MS: String(SLOW_PROVIDER_MS),
  });
  const pid = serverPids.get(base);
  const dbh = await openDb(engine, url);
  const many = await customers(dbh, base);
  const buyers = await dbh.db
    .selectFrom('users')
    .select('id')
    .where('email', 'like', 'buyer%@bench.example')
    .execute();
  const userUrl = `${base}/api/user`;

  // Idle: the same readers with nothing else going on (after a warm-up, not counted).
  const until = (ms: number) => {
    const end = performance.now() + ms;
    return () => performance.now() >= end;
  };
  await reads(userUrl, many, until(WARMUP * 1000));
  const idle = await reads(userUrl, many, until(SECONDS * 1000));
  const memoryBefore = memoryOf(pid);

  // Loaded: every purchase sent at once; the readers go on until the last purchase answered.
  const sampler =
    engine === 'postgres' && pgAdminUrl !== undefined
      ? sampleConnections(pgAdminUrl, database)
      : undefined;
  let peakRss = memoryBefore?.rss ?? 0;
  const memoryTimer = setInterval(() => {
    peakRss = Math.max(peakRss, memoryOf(pid)?.rss ?? 0);
  }, 200);
  const answers = new Map<string, number>();
  let answered = 0;
  const t0 = performance.now();
  let retried = 0;
  const purchases = Promise.all(
    Array.from({ length: SLOW_PURCHASES }, async (_, i) => {
      // Each purchase under its own X-Request-Id: a connection lost on the way (the client's
      // keep-alive race, a reset under load) is sent again and answered, never bought twice.
      const requestId = `bench-slow-${i}-${t0.toFixed(0)}`;
      let key = 'no answer';
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          const res = await fetch(`${base}/api/transactions/airtime`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-request-id': requestId,
              ...many[i % many.length],
            },
            body: JSON.stringify(airtime({}).body),
          });
          const body = (await res.json().catch(() => ({}))) as { message?: { status?: string } };
          key = res.status === 200 ? (body.message?.status ?? '200') : `HTTP ${res.status}`;
          break;
        } catch (err) {
          retried++;
          key = `network error (${(err as { cause?: { code?: string } }).cause?.code ?? 'fetch'})`;
        }
      }
      answers.set(key, (answers.get(key) ?? 0) + 1);
      answered++;
    }),
  );
  const loaded = await reads(userUrl, many, () => answered >= SLOW_PURCHASES);
  await purchases;
  const allAnsweredS = (performance.now() - t0) / 1000;
  clearInterval(memoryTimer);
  const connections = await sampler?.stop();
  const memoryAfter = memoryOf(pid);

  // Settled: nothing of the run pending (a requery decides any unknown answer), each purchase
  // debited once and refunded at most once (only when it failed), the ledger whole.
  const ids = buyers.map((b) => b.id);
  const pendingLeft = async () =>
    Number(
      (
        await dbh.db
          .selectFrom('transactions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', 'in', ids)
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const settleDeadline = performance.now() + 120_000;
  while ((await pendingLeft()) > 0 && performance.now() < settleDeadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const rows = await dbh.db
    .selectFrom('transactions as t')
    .select((eb) => [
      't.status',
      eb
        .selectFrom('movements as m')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('m.memo', '=', 't.id')
        .where('m.kind', '=', 'purchase')
        .as('debits'),
      eb
        .selectFrom('movements as m')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('m.memo', '=', 't.id')
        .where('m.kind', '=', 'reversal')
        .as('refunds'),
    ])
    .where('t.user_id', 'in', ids)
    .where('t.product', '=', 'Airtime')
    .execute();
  const byStatus = new Map<string, number>();
  for (const r of rows) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
  // A refusal (HTTP 4xx/5xx, e.g. 502 while the breaker pauses a provider) charges nothing
  // and records nothing: not lost.
  const refusedBeforeCharge = [...answers]
    .filter(([key]) => key.startsWith('HTTP '))
    .reduce((sum, [, n]) => sum + n, 0);
  const doubled = rows.filter((r) => Number(r.debits) > 1 || Number(r.refunds) > 1).length;
  const settled = rows.filter(
    (r) =>
      Number(r.debits) === 1 &&
      ((r.status === 'successful' && Number(r.refunds) === 0) ||
        (r.status === 'reversed' && Number(r.refunds) === 1)),
  ).length;
  const problems = await checkInvariants(dbh.db);
  await dbh.close();
  await stopServers();

  const idleP99 = quantile(idle, 0.99);
  const loadedP99 = quantile(loaded, 0.99);
  const list = (m: Map<string, number>) => [...m].map(([k, n]) => `${n} ${k}`).join(', ') || 'none';
  const mib = (m: { rss: number } | undefined) => (m ? `${m.rss.toFixed(0)} MiB` : 'n/a');
  table.push(
    {
      name: `GET /api/user idle (${engine}, slow run)`,
      rps: idle.length / SECONDS,
      p50: quantile(idle, 0.5),
      p99: idleP99,
    },
    {
      name: `GET /api/user, ${SLOW_PURCHASES} in flight (${engine})`,
      rps: loaded.length / allAnsweredS,
      p50: quantile(loaded, 0.5),
      p99: loadedP99,
    },
  );
  lines.push(
    `slow provider (${engine}): ${SLOW_PURCHASES} purchases from ${CUSTOMERS} customers sent at once, the simulators answering after ${SLOW_PROVIDER_MS / 1000} s; all answered in ${allAnsweredS.toFixed(1)} s (${list(answers)}; ${retried} sent again after a lost connection)`,
    `  settled: ${settled} of ${SLOW_PURCHASES} (target: all); ${rows.length} recorded (${SLOW_PURCHASES - rows.length - refusedBeforeCharge} lost, ${refusedBeforeCharge} refused before any money moved), ${doubled} debited or refunded twice; by status: ${list(byStatus)}; ledger invariants: ${problems.length === 0 ? 'OK' : problems.slice(0, 3).join('; ')}`,
    `  GET /api/user p99 with the purchases in flight ÷ idle: ${loadedP99.toFixed(2)} ms ÷ ${idleP99.toFixed(2)} ms = ${(loadedP99 / Math.max(idleP99, 0.01)).toFixed(2)}× (target ≤ 2×; ${loaded.length} reads)`,
    connections
      ? `  database connections of the server: at most ${connections.open} open, ${connections.busy} busy at once; longest transaction seen ${connections.longestTxMs.toFixed(0)} ms (a provider call takes ${SLOW_PROVIDER_MS} ms; ${connections.samples} samples)`
      : '  database connections: SQLite, one connection per process (writes serialised on it)',
    `  server memory: ${mib(memoryBefore)} before, ${peakRss.toFixed(0)} MiB at most under load, ${mib(memoryAfter)} after (RSS)`,
  );
  // Shown at once as well: a long run keeps what it measured if a later case fails.
  console.error(lines.slice(-5).join('\n'));
  if (STRICT && (settled !== SLOW_PURCHASES || doubled > 0 || problems.length > 0)) {
    throw new Error(`slow provider (${engine}): not every purchase settled once (see above)`);
  }
}

async function slowMode() {
  // BENCH_SLOW_ENGINES=postgres (or sqlite) runs one of them.
  const engines = (process.env.BENCH_SLOW_ENGINES || 'sqlite,postgres').split(',');
  if (engines.includes('sqlite')) await slowRun('sqlite');
  if (engines.includes('postgres')) await slowRun('postgres');
}

// ── Outcomes: time to a final state per failure kind, on a fake clock (ADR 0082) ──

/** A failure kind: the destination's last four digits (the outcome table) and a fault, if any. */
interface OutcomeKind {
  name: string;
  last4: string;
  /** Queued on the VTpass simulator's `pay` route, one per purchase of this kind. */
  fault?: SimulatorFault;
}

const OUTCOME_KINDS: OutcomeKind[] = [
  // https://www.vtpass.com/documentation/response-codes/: 016 TRANSACTION FAILED.
  {
    name: 'refused (fault: VTpass 016)',
    last4: '5678',
    fault: { kind: 'code', code: '016', message: 'TRANSACTION FAILED' },
  },
  { name: 'refused (outcome 0000)', last4: '0000' },
  { name: 'answer lost (outcome 3333)', last4: '3333' },
  { name: 'HTTP 503 (fault)', last4: '5678', fault: { kind: 'status', status: 503 } },
  { name: 'cut body (fault: malformed)', last4: '5678', fault: { kind: 'malformed' } },
  { name: 'hang past the time-out (fault)', last4: '5678', fault: { kind: 'hang' } },
  { name: 'pending then delivered (1111)', last4: '1111' },
  { name: 'pending then failed (2222)', last4: '2222' },
];

/** MTN prefixes: a distinct number per purchase (no "likely duplicate" among them). */
const MTN_PREFIXES = [
  '0803',
  '0806',
  '0813',
  '0816',
  '0703',
  '0706',
  '0810',
  '0814',
  '0903',
  '0906',
];
const outcomePhone = (i: number, last4: string) =>
  `${MTN_PREFIXES[Math.floor(i / 1000) % MTN_PREFIXES.length]}${String(i % 1000).padStart(3, '0')}${last4}`;

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function duration(ms: number): string {
  if (!Number.isFinite(ms)) return 'pending';
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 3_600_000) return `${(ms / 60_000).toFixed(1)} min`;
  return `${(ms / 3_600_000).toFixed(1)} h`;
}

async function outcomesMode() {
  const realNow = Date.now.bind(Date);
  let fakeNow = realNow();
  const timeoutMs = 1_000;
  const data = path.join(dir, 'outcomes');
  const config = loadConfig(
    {
      DATA_DIR: data,
      DATABASE_URL: `file:${path.join(data, 'outcomes.db')}`,
      SANDBOX_INSTANT: '1',
      RATE_LIMITS: 'off',
      PIN_SECRET,
      NODE_ENV: '',
      // One provider: a refusal is a refund, not a failover (ADR 0052), and no breaker pauses it.
      PROVIDER_ROUTES: 'airtime=vtpass',
      PROVIDER_BREAKER_FAILURES: '1000',
      PROVIDER_TIMEOUT_MS: String(timeoutMs),
    },
    {
      jwtSecret: 'bench-outcomes-jwt-secret-bench-outcomes-0000',
      workers: false,
      catalogueSyncMs: 0,
      webDir: undefined,
      clock: () => fakeNow,
    },
  );
  mkdirSync(data, { recursive: true });
  // The fake clock: every row's time is this process's Date.now (restored below).
  Date.now = () => fakeNow;
  const app = await buildApp({ config, logger: false });
  try {
    const ctx = app.ctx;
    await fundDemo(ctx.dbh);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`outcomes: login ${login.statusCode}`);
    const auth = { authorization: `Bearer ${(login.json() as { JWTtoken: string }).JWTtoken}` };
    const t0 = fakeNow;

    // The kinds in turn, up to 50 purchases of one kind at a time (its faults queued first, one
    // per purchase; 20 requests at once): the breaker never sees 1,000 failures in a row.
    const kindOf = new Map<string, string>();
    let refusedAnswers = 0;
    const CHUNK = 50;
    const chunks: { kind: OutcomeKind; indexes: number[] }[] = [];
    for (let start = 0; start < OUTCOME_PURCHASES; start += CHUNK * OUTCOME_KINDS.length) {
      for (const [k, kind] of OUTCOME_KINDS.entries()) {
        const indexes: number[] = [];
        const stop = Math.min(OUTCOME_PURCHASES, start + CHUNK * OUTCOME_KINDS.length);
        for (let i = start + k; i < stop; i += OUTCOME_KINDS.length) indexes.push(i);
        if (indexes.length) chunks.push({ kind, indexes });
      }
    }
    for (const { kind, indexes } of chunks) {
      const faults = ctx.providers.simulators.vtpass.faults;
      if (kind.fault) for (let n = 0; n < indexes.length; n++) faults.inject('pay', kind.fault);
      let next = 0;
      const buy = async () => {
        while (next < indexes.length) {
          const i = indexes[next++]!;
          const res = await app.inject({
            method: 'POST',
            url: '/api/transactions/airtime',
            headers: auth,
            payload: { pin: DEMO_PIN, phone_number: outcomePhone(i, kind.last4), amount: 100 },
          });
          const body = res.json() as { message?: { transaction_id?: string } };
          const id = body.message?.transaction_id;
          if (id) kindOf.set(id, kind.name);
          else refusedAnswers += 1;
          if (STRICT && res.statusCode >= 500)
            throw new Error(`outcomes: ${res.statusCode} ${res.body}`);
        }
      };
      await Promise.all(Array.from({ length: 20 }, buy));
      faults.clear();
    }
    // Purchases past their answer budget finish their provider call in the background.
    await new Promise((r) => setTimeout(r, timeoutMs + 1_500));

    // The requery worker on the fake clock: each pass at the next moment one is due, to 25 h.
    const end = t0 + DECISION_AGE_MS + 3_600_000;
    let passes = 0;
    for (;;) {
      const due = await ctx.db
        .selectFrom('transactions')
        .select((eb) => eb.fn.min<number>('next_requery_at').as('at'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      if (due.at === null) break;
      const at = Math.max(fakeNow + 1, Number(due.at));
      if (at > end) break;
      fakeNow = at;
      await runRequeryOnce(ctx, { limit: 10_000 });
      passes += 1;
    }
    fakeNow = end;
    await runRequeryOnce(ctx, { limit: 10_000 });

    const rows = await ctx.db
      .selectFrom('transactions')
      .select(['id', 'status', 'created_at', 'updated_at', 'overdue_at'])
      .where('direction', '=', 'debit')
      .where('product', '=', 'Airtime')
      .execute();
    const byKind = new Map<string, { ms: number[]; overdue: number }>();
    for (const kind of OUTCOME_KINDS) byKind.set(kind.name, { ms: [], overdue: 0 });
    for (const r of rows) {
      const entry = byKind.get(kindOf.get(r.id) ?? '');
      if (!entry) continue;
      const final = r.status !== 'pending';
      entry.ms.push(final ? Number(r.updated_at) - Number(r.created_at) : Infinity);
      if (r.overdue_at !== null) entry.overdue += 1;
    }
    const problems = await checkInvariants(ctx.db);
    const head = `${'kind'.padEnd(34)}${'n'.padStart(6)}${'p50'.padStart(10)}${'p99'.padStart(10)}${'max'.padStart(10)}${'> 30 s'.padStart(8)}${'> 24 h'.padStart(8)}`;
    const out = [
      `outcomes: ${OUTCOME_PURCHASES} purchases over ${OUTCOME_KINDS.length} failure kinds, VTpass simulator (SANDBOX_INSTANT, PROVIDER_TIMEOUT_MS ${timeoutMs}), requery worker on a fake clock to 25 h (requery passes: ${passes}); time from the purchase to a final state on that clock; the sandbox's first requery waits 5 s; a live provider's comes 5 s after a "pending" answer, or PROVIDER_TIMEOUT_MS + 5 s (35 s by default) after a call not answered (ADR 0092)`,
      head,
    ];
    let unsettled = 0;
    for (const [name, { ms, overdue }] of byKind) {
      const sorted = [...ms].sort((a, b) => a - b);
      const over30 = ms.filter((m) => m > REFUND_WITHIN_MS).length;
      const over24 = ms.filter((m) => m > DECISION_AGE_MS).length;
      unsettled += ms.filter((m) => !Number.isFinite(m)).length;
      out.push(
        `${name.padEnd(34)}${String(ms.length).padStart(6)}${duration(percentile(sorted, 50)).padStart(10)}${duration(percentile(sorted, 99)).padStart(10)}${duration(sorted[sorted.length - 1] ?? NaN).padStart(10)}${String(over30).padStart(8)}${String(over24).padStart(8)}${overdue ? `  (${overdue} overdue, customer told)` : ''}`,
      );
    }
    out.push(
      `  outcomes: ${kindOf.size} purchases answered with a transaction, ${refusedAnswers} refused before one; ${unsettled} still pending at 25 h; ledger invariants: ${problems.length === 0 ? 'hold' : problems.join('; ')}`,
    );
    lines.push(...out, '');
    if (STRICT && (problems.length > 0 || kindOf.size !== OUTCOME_PURCHASES)) {
      throw new Error('outcomes: a purchase was lost or the ledger does not balance (see above)');
    }
  } finally {
    await app.close();
    Date.now = realNow;
  }
}

async function main() {
  if (MODE === 'sqlite' || MODE === 'all') await sqliteMode();
  if (MODE === 'pg' || MODE === 'all') await pgMode();
  if (MODE === 'scale' || MODE === 'all') await scaleMode();
  if (MODE === 'slow' || MODE === 'all') await slowMode();
  if (MODE === 'outcomes' || MODE === 'all') await outcomesMode();
  const fmt = (n: number, d = 0) => n.toFixed(d).padStart(9);
  console.log(
    [
      `PayBills API benchmark (${MODE}): ${SECONDS} s per case, ${CONNECTIONS} connections unless noted (scale pages: one request at a time), ${WARMUP} s warm-up per case not counted, loopback, SANDBOX_INSTANT=1, production argon2 for passwords, HMAC pins`,
      '',
      `${'case'.padEnd(44)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'CPU ms'.padStart(9)}`,
      ...table.map(
        (r) =>
          `${r.name.padEnd(44)}${fmt(r.rps)}${fmt(r.p50, 2)}${fmt(r.p99, 2)}${r.cpu === undefined ? '' : fmt(r.cpu, 3)}`,
      ),
      '(CPU ms: per request of the server process that answered, or per op of an in-process limit)',
      '',
      ...lines,
    ].join('\n'),
  );
}

/** Stops the servers, then the throwaway PostgreSQL, and removes the run's files. */
function cleanUp(then?: () => void) {
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => {
    stopPostgres?.();
    rmSync(dir, { recursive: true, force: true });
    then?.();
  }, 500);
}

// Interrupted (Ctrl+C, a timeout): a PostgreSQL left running would outlive the run.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => cleanUp(() => process.exit(130)));
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
