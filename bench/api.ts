/**
 * `npm run bench`: a benchmark, never a test. Starts the real server (its own process) on a
 * temp SQLite with SANDBOX_INSTANT=1 and production argon2 settings, drives it over loopback
 * with autocannon (5 s per case), and measures, in the same run, the limits each figure is
 * bounded by: a bare Fastify route, the raw DB debit transaction loop (postMovement), and pin
 * verification alone (argon2 verify). Prints one table with each figure as a ratio of its limit,
 * and how fast a 60 KB username is refused. Route rate limits are off (RATE_LIMITS=off).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { children, spawnNode } from './spawn.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_PIN, DEFAULT_ADMIN_EMAIL } from '../server/src/config.ts';
import { openDb } from '../server/src/db/index.ts';
import {
  createWallet,
  ensureSystemAccounts,
  postMovement,
  systemAccountId,
  walletAccountId,
} from '../server/src/domain/ledger.ts';
import { createHasher } from '../server/src/domain/secrets.ts';

const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const CONNECTIONS = 10;
const dir = mkdtempSync(path.join(tmpdir(), 'paybills-bench-'));

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  limit?: string;
}

async function cannon(
  name: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
  limit?: string,
): Promise<Row> {
  const r = await autocannon({
    url,
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  if (r.non2xx || r.errors) console.warn(`  ${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, limit };
}

/** Runs `op` back to back for SECONDS: ops/s and per-op p50/p99 (ms). */
async function loop(name: string, op: () => Promise<unknown>): Promise<Row> {
  const times: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  while (performance.now() < end) {
    const t = performance.now();
    await op();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { name, rps: times.length / SECONDS, p50: at(0.5), p99: at(0.99) };
}

async function main() {
  const port = 43_000 + Math.floor(Math.random() * 1_000);
  const base = `http://127.0.0.1:${port}`;
  const dbFile = path.join(dir, 'paybills.db');
  await spawnNode(['server/src/server.ts'], {
    DATA_DIR: dir,
    PORT: String(port),
    SANDBOX_INSTANT: '1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    // Throughput, not abuse: the route limits would answer 429 after a few hundred calls
    // (sandbox mode only; attempt limits on pins and passwords stay on).
    RATE_LIMITS: 'off',
  });

  // Enough money for every purchase and transfer of the run (straight into the ledger).
  const dbh = await openDb('sqlite', dbFile);
  const demo = await dbh.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_EMAIL)
    .executeTakeFirstOrThrow();
  await dbh.writeTx((trx) =>
    postMovement(trx, {
      kind: 'bench_funding',
      legs: [
        { accountId: systemAccountId('card_clearing'), amount: -1_000_000_000_00 },
        { accountId: walletAccountId(demo.id), amount: 1_000_000_000_00 },
      ],
    }),
  );
  await dbh.close();

  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  const { JWTtoken } = (await login.json()) as { JWTtoken: string };
  const auth = { authorization: `Bearer ${JWTtoken}` };

  const rows: Row[] = [];
  rows.push(await cannon('GET /api/user', `${base}/api/user`, { headers: auth }, 'empty route'));
  rows.push(
    await cannon(
      'POST airtime',
      `${base}/api/transactions/airtime`,
      {
        method: 'POST',
        headers: auth,
        body: { pin: DEMO_PIN, phone_number: '08031235678', amount: 100 },
      },
      'pin verify',
    ),
  );
  rows.push(
    await cannon(
      'POST share',
      `${base}/api/transactions/share`,
      {
        method: 'POST',
        headers: auth,
        body: { amount: 1, email: DEFAULT_ADMIN_EMAIL, pin: DEMO_PIN },
      },
      'pin verify',
    ),
  );
  // An unauthenticated 60 KB username shaped to make the old e-mail pattern backtrack (issue 13
  // row 5: 2.3–4.8 s of CPU each before the length limit): answered 400 by the length check.
  const hugeUsername = `a@${'a.'.repeat(30_000)} x`;
  rows.push(
    await loop('login, 60 KB username', async () => {
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: hugeUsername, password: 'x' }),
      });
      await res.arrayBuffer();
      if (res.status !== 400) throw new Error(`60 KB username answered ${res.status}`);
    }),
  );
  for (const child of children.splice(0)) child.kill('SIGTERM');

  // ── Limits ──
  const barePort = port + 1;
  await spawnNode(['bench/bare.ts'], { PORT: String(barePort) });
  const limits: Row[] = [];
  limits.push(await cannon('limit: empty route', `http://127.0.0.1:${barePort}/empty`));
  for (const child of children.splice(0)) child.kill('SIGTERM');

  const raw = await openDb('sqlite', path.join(dir, 'raw.db'));
  await ensureSystemAccounts(raw.db);
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
    })
    .execute();
  await raw.writeTx((trx) => createWallet(trx, 'bench'));
  await raw.writeTx((trx) =>
    postMovement(trx, {
      kind: 'fund',
      legs: [
        { accountId: systemAccountId('card_clearing'), amount: -1_000_000_000_00 },
        { accountId: walletAccountId('bench'), amount: 1_000_000_000_00 },
      ],
    }),
  );
  limits.push(
    await loop('limit: DB debit tx', () =>
      raw.writeTx((trx) =>
        postMovement(trx, {
          kind: 'purchase',
          legs: [
            { accountId: walletAccountId('bench'), amount: -98_00 },
            { accountId: systemAccountId('provider_float'), amount: 98_00 },
          ],
        }),
      ),
    ),
  );
  await raw.close();

  const hasher = createHasher(false);
  const hash = await hasher.hash(DEMO_PIN);
  limits.push(await loop('limit: pin verify', () => hasher.verify(hash, DEMO_PIN)));

  const byName: Record<string, Row> = {
    'empty route': limits[0]!,
    'DB debit': limits[1]!,
    'pin verify': limits[2]!,
  };
  const fmt = (n: number, d = 0) => n.toFixed(d).padStart(9);
  const lines = [
    `PayBills API benchmark: ${SECONDS} s per case, ${CONNECTIONS} connections, loopback, SQLite, SANDBOX_INSTANT=1, production argon2`,
    '',
    `${'case'.padEnd(22)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}   ratio of its limit`,
  ];
  for (const r of [...rows, ...limits]) {
    let ratio = '';
    if (r.limit) {
      const l = byName[r.limit]!;
      ratio = `${((r.rps / l.rps) * 100).toFixed(1)} % of ${r.limit} (${l.rps.toFixed(0)}/s)`;
      if (r.limit === 'pin verify') {
        ratio += `; ${((r.rps / byName['DB debit']!.rps) * 100).toFixed(1)} % of DB debit`;
      }
    }
    lines.push(`${r.name.padEnd(22)}${fmt(r.rps)}${fmt(r.p50, 2)}${fmt(r.p99, 2)}   ${ratio}`);
  }
  console.log(lines.join('\n'));
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of children) child.kill('SIGTERM');
    setTimeout(() => rmSync(dir, { recursive: true, force: true }), 500);
  });
