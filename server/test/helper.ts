/**
 * Test helper (fastify/demo test/helper.ts): builds the app on a fresh database per test file
 * and calls it with `app.inject`. `engines` parameterises every suite: SQLite (temp file) and
 * PostgreSQL (a fresh database in the throwaway server of global-setup.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, type AdminRole, type Endpoint, pathFor } from '@contract';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config, type Engine } from '../src/config.ts';
import {
  checkInvariants,
  postMovement,
  systemAccountId,
  walletAccountId,
} from '../src/wallet/ledger.ts';
import type { DbHandle } from '../src/platform/db/index.ts';
import type { Hasher } from '../src/platform/secrets.ts';
import { checkAggregates } from '../src/platform/aggregates.ts';
import { insertUser } from '../src/accounts/auth.ts';

export const engines: Engine[] = ['sqlite', 'postgres'];
export const JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';
export const PIN_SECRET = 'test-pin-secret-test-pin-secret-0123456789';
export const PASSWORD = 'Sunny2026Day';
export const PIN = '246810';
/** The simulated card provider's webhook secret in tests (verif-hash). */
export const WEBHOOK_HASH = 'test-webhook-hash';

/** Everything live mode asks for (the keys are fakes: nothing calls a provider here). */
export const LIVE_ENV: Record<string, string> = {
  VTPASS_API_KEY: 'vt-api-key',
  VTPASS_PUBLIC_KEY: 'PK_vt-public',
  VTPASS_SECRET_KEY: 'SK_vt-secret',
  VTPASS_BASE_URL: 'https://vtpass.com/api',
  FLUTTERWAVE_SECRET_KEY: 'FLWSECK-live-secret-X',
  FLUTTERWAVE_WEBHOOK_HASH: 'live-webhook-hash',
  ADMIN_EMAIL: 'owner@business.example',
  ADMIN_PASSWORD: 'Harmattan-Sunrise-2026',
  JWT_SECRET: 'live-jwt-secret-live-jwt-secret-live-jwt-secret',
  PIN_SECRET: 'live-pin-secret-live-pin-secret-live-pin-secret',
  SMTP_URL: 'smtp://mailer:secret@127.0.0.1:2525',
  PUBLIC_URL: 'https://pay.business.example',
  // Test-only settings live mode refuses: unset over the test defaults
  // (createKit, serverEnv). A kit hashes quickly all the same (its `argon2Fast` override).
  ARGON2_TEST_FAST: '',
  SANDBOX_INSTANT: '',
};

export interface CallOptions {
  token?: string;
  body?: unknown;
  query?: Record<string, string>;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  requestId?: string;
}

export interface TestUser {
  id: string;
  email: string;
  token: string;
  refresh: string;
}

export interface Kit {
  app: FastifyInstance;
  engine: Engine;
  config: Config;
  // Answers are asserted field by field in tests: `any` keeps them short.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call(endpoint: Endpoint, options?: CallOptions): Promise<{ status: number; body: any }>;
  /** A user straight in the database (verified, pin set, funded as asked), then logged in. */
  user(options?: {
    verified?: boolean;
    pin?: boolean;
    funds?: number;
    admin?: boolean;
    role?: AdminRole;
    email?: string;
    name?: string;
    phone?: string;
    level?: 1 | 2 | 3;
  }): Promise<TestUser>;
  fund(userId: string, kobo: number): Promise<void>;
  balance(userId: string): Promise<number>;
  invariants(): Promise<string[]>;
  mail(to: string): Promise<{ subject: string; text: string }[]>;
  expiredToken(userId: string): Promise<string>;
  /** Closes the app and builds a new one on the same database (a restart). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

let counter = 0;

/** Credits a wallet straight through the ledger (from card clearing, like a top-up). */
export async function fundWallet(dbh: DbHandle, userId: string, kobo: number): Promise<void> {
  await dbh.writeTx((trx) =>
    postMovement(trx, {
      kind: 'test_funding',
      legs: [
        { accountId: systemAccountId('card_clearing'), amount: -kobo },
        { accountId: walletAccountId(userId), amount: kobo },
      ],
    }),
  );
}

/**
 * A customer straight in the database (password PASSWORD, pin PIN unless `pin: false`,
 * verified unless told otherwise, funded as asked): for a kit, or a server process's database
 * (live mode has no demo customer).
 */
export async function insertCustomer(
  dbh: DbHandle,
  hasher: Hasher,
  o: {
    email: string;
    verified?: boolean;
    pin?: boolean;
    funds?: number;
    admin?: boolean;
    /** An admin's role (ADR 0070); read from the account on every call. */
    role?: AdminRole;
    name?: string;
    phone?: string;
    /**
     * Verification level (ADR 0058). Level 3 by default, so the suites' large amounts meet no
     * limit; the limits' own tests ask for 1 or 2.
     */
    level?: 1 | 2 | 3;
  },
): Promise<string> {
  const hash = await hasher.hash(PASSWORD);
  const id = await dbh.writeTx((trx) =>
    insertUser(
      trx,
      {
        name: o.name ?? 'Test Person',
        email: o.email,
        phone: o.phone ?? '08031234567',
        password: '',
      },
      hash,
      {
        verified: o.verified ?? true,
        admin: o.admin || o.role !== undefined,
      },
    ),
  );
  await dbh.db
    .updateTable('users')
    .set({
      verification_level: o.level ?? 3,
      ...(o.role ? { admin_role: o.role } : {}),
      ...((o.pin ?? true) ? { pin_hash: await hasher.hash(PIN) } : {}),
    })
    .where('id', '=', id)
    .execute();
  if (o.funds) await fundWallet(dbh, id, o.funds);
  return id;
}

/** A fresh, empty database in the run's throwaway PostgreSQL (global-setup.ts). */
export async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  if (!adminUrl) throw new Error(`PostgreSQL tests cannot run: ${inject('pgError')}`);
  const name = `t_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: adminUrl.replace(/\/postgres$/, `/${name}`),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createKit(
  engine: Engine,
  options: {
    config?: Partial<Config>;
    logger?: FastifyServerOptions['logger'];
    /** Extra environment (AUTO_REVERSE_FAILED, CARD_FEE_BEARER, …). */
    env?: Record<string, string>;
  } = {},
): Promise<Kit> {
  let databaseUrl: string;
  let cleanup: () => Promise<void>;
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'paybills-sqlite-'));
    databaseUrl = `file:${path.join(dir, 'test.db')}`;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const database = await createPgDatabase();
    databaseUrl = database.url;
    cleanup = database.drop;
  }
  const config = loadConfig(
    {
      ARGON2_TEST_FAST: '1',
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'test',
      SANDBOX_INSTANT: '1',
      FLUTTERWAVE_WEBHOOK_HASH: WEBHOOK_HASH,
      ...options.env,
    },
    {
      jwtSecret: JWT_SECRET,
      pinSecret: PIN_SECRET,
      argon2Fast: true,
      workers: false,
      // No catalogue sync at start or on a schedule unless a test asks (ADR 0044).
      catalogueSyncMs: 0,
      webDir: undefined,
      ...options.config,
    },
  );
  let app = await buildApp({ config, logger: options.logger ?? false });
  let ctx = app.ctx;

  const call: Kit['call'] = async (endpoint, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.requestId) headers['x-request-id'] = o.requestId;
    const qs = o.query ? `?${new URLSearchParams(o.query).toString()}` : '';
    const res = await app.inject({
      method: endpoint.method,
      url: pathFor(endpoint.path, o.params) + qs,
      headers,
      ...(o.body !== undefined ? { payload: o.body as object } : {}),
    });
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {
      // not JSON
    }
    return { status: res.statusCode, body };
  };

  const fund = (userId: string, kobo: number) => fundWallet(ctx.dbh, userId, kobo);

  const kit: Kit = {
    app,
    engine,
    config,
    call,
    async user(o = {}) {
      const email = o.email ?? `user${++counter}-${randomUUID().slice(0, 8)}@example.com`;
      const id = await insertCustomer(ctx.dbh, ctx.hasher, { ...o, email });
      const res = await call(api.login, { body: { username: email, password: PASSWORD } });
      if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
      const token: string = res.body.JWTtoken;
      // Live mode lets an admin reach nothing before two-factor enrolment (ADR 0051): a test's
      // admin enrols at once, as an operator would on first sign-in.
      if ((o.admin || o.role) && app.ctx.mode === 'live') {
        const start = await call(api.twoFactorStart, { token });
        const secret = Secret.fromBase32(start.body.message.secret);
        const confirm = await call(api.twoFactorConfirm, {
          token,
          body: { otp: TOTP.generate({ secret, timestamp: Date.now() }) },
        });
        if (confirm.status !== 200) throw new Error(`2FA: ${JSON.stringify(confirm.body)}`);
      }
      return { id, email, token, refresh: res.body.refresh_token };
    },
    fund,
    async balance(userId) {
      const row = await ctx.db
        .selectFrom('accounts')
        .select('balance')
        .where('id', '=', walletAccountId(userId))
        .executeTakeFirstOrThrow();
      return Number(row.balance);
    },
    invariants: async () => [
      ...(await checkInvariants(ctx.db)),
      ...(await checkAggregates(ctx.db)),
    ],
    async mail(to) {
      const res = await call(api.devMail, { query: { to } });
      return res.body.message;
    },
    async expiredToken(userId) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt(now - 3600)
        .setExpirationTime(now - 1800)
        .sign(new TextEncoder().encode(JWT_SECRET));
    },
    async restart() {
      await app.close();
      app = await buildApp({ config, logger: options.logger ?? false });
      ctx = app.ctx;
      kit.app = app;
    },
    async close() {
      await app.close();
      await cleanup();
    },
  };
  return kit;
}

/**
 * Presses Pay (`successful`), Fail or Cancel on the sandbox checkout page of `txRef`, as the
 * browser's form does; answers where the page sends the browser back and its parameters.
 */
export async function chooseAtCheckout(
  kit: Kit,
  txRef: string,
  outcome: 'successful' | 'failed' | 'cancelled',
): Promise<{ to: URL; params: Record<string, string> }> {
  const res = await kit.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${encodeURIComponent(txRef)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
  if (res.statusCode !== 302) throw new Error(`checkout answered ${res.statusCode}: ${res.body}`);
  const to = new URL(res.headers.location as string);
  return { to, params: Object.fromEntries(to.searchParams) };
}

/**
 * Rewrites what the Flutterwave payments simulator remembers of a checkout (its amount, its
 * status), as a tampered or disputed payment would look to us; answers a function that puts it
 * back.
 */
export async function alterCheckoutSession(
  kit: Kit,
  txRef: string,
  change: Record<string, unknown>,
): Promise<() => Promise<void>> {
  const db = kit.app.ctx.db;
  const key = `checkout:${txRef}`;
  const row = await db
    .selectFrom('kv_store')
    .select('value')
    .where('namespace', '=', SIMULATOR_NAMESPACE)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  const write = (value: string) =>
    db
      .updateTable('kv_store')
      .set({ value })
      .where('namespace', '=', SIMULATOR_NAMESPACE)
      .where('key', '=', key)
      .execute();
  await write(JSON.stringify({ ...JSON.parse(row.value), ...change }));
  return async () => {
    await write(row.value);
  };
}

/**
 * Loses every simulator callback (Flutterwave webhooks, VTpass transaction updates) until the
 * answered function is called, as when the provider's webhook never reaches us.
 */
export function loseWebhooks(kit: Kit): () => void {
  const simulators = kit.app.ctx.providers.simulators;
  const previous = simulators.connect(async () => 0);
  return () => {
    if (previous) simulators.connect(previous);
  };
}

/** Where the payments simulator keeps its records (providers/simulators/index.ts). */
const SIMULATOR_NAMESPACE = 'sim-flutterwave-payments';

/** A bank transfer's webhook, in the shape the payments simulator sends by default. */
export interface TransferWebhook {
  headers: Record<string, string>;
  body: { event: string; data: Record<string, unknown> };
}

/**
 * A bank transfer into `accountNumber` at the sandbox bank (the payments simulator), its
 * webhook NOT delivered: answers the transfer's id and the signed webhook, for the test to
 * deliver (or forge) as it likes.
 */
export async function bankTransfer(
  kit: Kit,
  t: { accountNumber: string; amount: number; sender: string },
): Promise<{ transfer: { id: string }; webhook: TransferWebhook }> {
  const sent = await kit.app.ctx.providers.simulators.payments.sendTransfer({
    accountNumber: t.accountNumber,
    amountKobo: t.amount,
    sender: t.sender,
    deliveries: 0,
  });
  return { transfer: { id: sent.id }, webhook: sent.webhook as unknown as TransferWebhook };
}

/** Admin seeded on first start (the kit's default config). */
export async function adminLogin(kit: Kit): Promise<string> {
  const res = await kit.call(api.login, {
    body: { username: kit.config.adminEmail, password: kit.config.adminPassword },
  });
  return res.body.JWTtoken;
}
