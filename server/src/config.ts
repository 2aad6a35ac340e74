/**
 * Server configuration from the environment (docs/configuration.md, generated from ENVIRONMENT
 * below). Everything has an embedded default so `npm start` needs no setup (decisions §2).
 */
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import {
  ADJUSTMENT_MAX_KOBO,
  DEFAULT_ADJUSTMENT_APPROVAL_KOBO,
  DEFAULT_TRANSFER_FEE,
  toKobo,
  type TransferFee,
} from '@contract';
import { DEFAULT_CAPACITY } from './platform/capacity.ts';
import type { Engine } from './platform/db/engine.ts';
import { DEFAULT_LIMITS, type Limits } from './rate-limits.ts';

export type { Engine };

export interface Config {
  engine: Engine;
  /** SQLite file path, or the PostgreSQL connection string. */
  databaseUrl: string;
  dataDir: string;
  host: string;
  port: number;
  /** Origin used in e-mailed links. */
  publicUrl: string;
  production: boolean;
  jwtSecret: string;
  /** Key of the pin HMAC (ADR 0021): PIN_SECRET, or generated once in the data directory. */
  pinSecret: string;
  adminEmail: string;
  adminPassword: string;
  /** True when the admin password is the printed default (no ADMIN_PASSWORD). */
  adminPasswordIsDefault: boolean;
  smtpUrl?: string;
  mailFrom: string;
  /** Built web app to serve (dist/), if present. */
  webDir?: string;
  /** argon2 cost: OWASP in production; `ARGON2_TEST_FAST=1` (tests only) lowers it. */
  argon2Fast: boolean;
  /** Rate limits and attempt limits (ADR 0015); `RATE_LIMITS=off` turns the route limits off. */
  limits: Limits;
  /**
   * Which proxies to believe about the client's address (`TRUST_PROXY`): none, the number of
   * proxies in front of the server, or their addresses. Never "everyone" (ADR 0015).
   */
  trustProxy: false | number | string[];
  /** What a bank transfer costs and who pays it (TRANSFER_FEE, TRANSFER_FEE_BEARER; ADR 0024). */
  transferFee: TransferFee;
  /** Background workers (mail outbox); tests flush by hand instead. */
  workers: boolean;
  /**
   * How often the catalogue is synced with the providers (CATALOGUE_SYNC_INTERVAL_MS; ADR
   * 0044), once at start too; 0 turns the automatic syncs off ("Sync now" still works).
   */
  catalogueSyncMs: number;
  /**
   * The provider breaker's and float alerts' clock (ADR 0052), and the announcements' windows
   * (ADR 0059), and the day of the held credits' new-day release (ADR 0058): tests pass a fake
   * one.
   */
  clock?: () => number;
  /**
   * Announcement e-mails (ADR 0059): at most this many queued per pass of their worker, a pass
   * every `announcementMailEveryMs` (ANNOUNCEMENT_MAILS_PER_MINUTE, default 120, over six passes).
   */
  announcementMailsPerPass: number;
  announcementMailEveryMs: number;
  /**
   * Adjustments above this many kobo wait for a second admin's approval
   * (ADJUSTMENT_APPROVAL_KOBO; ADR 0050).
   */
  adjustmentApprovalKobo: number;
  /**
   * The Bearer token Prometheus sends for `/metrics` (METRICS_TOKEN; ADR 0049). Without it the
   * metrics are open in sandbox mode and not served at all in live mode.
   */
  metricsToken?: string;
  seed: boolean;
  /** Provider settings are read by src/providers from the same environment. */
  env: NodeJS.ProcessEnv;
}

export const DEFAULT_ADMIN_EMAIL = 'admin@paybills.local';
export const DEFAULT_ADMIN_PASSWORD = 'ChangeMe-Admin-2026';
export const DEMO_EMAIL = 'demo@paybills.local';
export const DEMO_PASSWORD = 'DemoPass2026';
export const DEMO_PIN = '123456';

/**
 * A server key from the environment (`JWT_SECRET`, `PIN_SECRET`), or one generated once and
 * kept (0600) in the data directory; printed nowhere.
 */
function loadSecret(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  name: string,
  fileName: string,
): string {
  const value = env[name];
  if (value && value.length >= 32) return value;
  if (value) throw new Error(`${name} must be at least 32 characters long.`);
  const file = path.join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // Written to a private temp file, then linked into place: link fails if the file exists, so
  // of several instances started together on one data directory all end up with one key,
  // and none ever reads a half-written one.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, `${secret}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600);
  try {
    linkSync(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(temp);
  }
  return readFileSync(file, 'utf8').trim();
}

/** Names proxy-addr understands besides addresses and CIDR ranges. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `TRUST_PROXY`: unset or 0 → the socket's address; a number n → n proxies in front (the
 * client is the address the nearest trusted proxy saw); a list → exactly those proxies.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = (value ?? '').trim();
  if (text === '' || text === '0') return false;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const valid = (entry: string) => {
    if (PROXY_NAMES.has(entry)) return true;
    const [address, bits, ...rest] = entry.split('/');
    if (rest.length || !address || !isIP(address)) return false;
    return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= 128);
  };
  if (entries.length === 0 || !entries.every(valid)) {
    throw new Error(
      `TRUST_PROXY must be the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.1, 10.1.0.0/16), not "${text.slice(0, 40)}": trusting every X-Forwarded-For lets anyone pick their address.`,
    );
  }
  return entries;
}

/**
 * `TRANSFER_FEE`: unset (1 % capped at ₦300), `0` (free), `50` (a flat ₦50), `1.5%` or
 * `1% max 300` (percent, capped in naira). `TRANSFER_FEE_BEARER`: `customer` (default: the
 * fee comes out of the credit) or `business` (booked as an expense, as for cards).
 */
export function parseTransferFee(fee: string | undefined, bearer: string | undefined): TransferFee {
  const who = (bearer ?? '').trim().toLowerCase();
  if (who !== '' && who !== 'customer' && who !== 'business') {
    throw new Error('TRANSFER_FEE_BEARER must be customer or business.');
  }
  const customer_pays = who !== 'business';
  const text = (fee ?? '').trim().toLowerCase();
  if (text === '') return { ...DEFAULT_TRANSFER_FEE, customer_pays };
  const flat = /^(\d{1,7}(?:\.\d{1,2})?)$/.exec(text);
  if (flat) return { kind: 'flat', flat: toKobo(Number(flat[1])), bps: 0, cap: 0, customer_pays };
  const pct = /^(\d{1,2}(?:\.\d{1,2})?)\s*%(?:\s*max\s*(\d{1,7}(?:\.\d{1,2})?))?$/.exec(text);
  if (pct && Number(pct[1]) <= 100) {
    return {
      kind: 'percent',
      flat: 0,
      bps: Math.round(Number(pct[1]) * 100),
      cap: pct[2] ? toKobo(Number(pct[2])) : 0,
      customer_pays,
    };
  }
  throw new Error(
    `TRANSFER_FEE must be a flat naira amount (50), a percentage (1.5%) or a capped one (1% max 300), not "${text.slice(0, 40)}".`,
  );
}

const HOUR_MS = 3_600_000;

/**
 * `CATALOGUE_SYNC_INTERVAL_MS`: unset → 6 hours; `0` → no automatic sync; otherwise between a
 * minute (each run asks the provider once per service) and a week.
 */
export function parseCatalogueSyncInterval(value: string | undefined): number {
  const text = (value ?? '').trim();
  if (text === '') return 6 * HOUR_MS;
  const ms = /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
  if (ms === 0) return 0;
  if (!Number.isSafeInteger(ms) || ms < 60_000 || ms > 168 * HOUR_MS) {
    throw new Error(
      `CATALOGUE_SYNC_INTERVAL_MS must be 0 (off) or a number of milliseconds from 60000 to 604800000, not "${text.slice(0, 40)}".`,
    );
  }
  return ms;
}

/**
 * `ADJUSTMENT_APPROVAL_KOBO`: unset → ₦50,000; `0` → every adjustment needs a second admin;
 * never above the largest adjustment (that would switch the approval off unsaid).
 */
export function parseAdjustmentApproval(value: string | undefined): number {
  const text = (value ?? '').trim();
  if (text === '') return DEFAULT_ADJUSTMENT_APPROVAL_KOBO;
  const kobo = /^\d{1,13}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(kobo) || kobo > ADJUSTMENT_MAX_KOBO) {
    throw new Error(
      `ADJUSTMENT_APPROVAL_KOBO must be a whole number of kobo from 0 to ${ADJUSTMENT_MAX_KOBO}, not "${text.slice(0, 40)}".`,
    );
  }
  return kobo;
}

/**
 * `WITHDRAWAL_APPROVER_DAILY_KOBO` is no longer read: the approvers' daily total is owner-set with
 * the other withdrawal settings (ADR 0088 addendum). A server that still has it set refuses to
 * start rather than run on another figure than the one its operator wrote.
 */
export const APPROVER_DAILY_ENV_RETIRED =
  "WITHDRAWAL_APPROVER_DAILY_KOBO is no longer read: an owner sets the approvers' daily total with the other withdrawal settings, on the admin Withdrawals page (or PUT /api/admin/withdrawal-settings, approver_daily). Remove the variable and set the figure there.";
export function refuseRetiredApproverDaily(value: string | undefined): void {
  if ((value ?? '').trim() !== '') throw new Error(APPROVER_DAILY_ENV_RETIRED);
}

/** `METRICS_TOKEN`: unset, or 32 to 256 characters (a guessable token would open the metrics). */
export function parseMetricsToken(value: string | undefined): string | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  if (text.length < 32 || text.length > 256 || /\s/.test(text)) {
    throw new Error(
      'METRICS_TOKEN must be 32 to 256 characters without spaces (e.g. openssl rand -hex 32).',
    );
  }
  return text;
}

/**
 * ANNOUNCEMENT_MAILS_PER_MINUTE (ADR 0059): how fast announcement e-mails enter the outbox,
 * 6 to 6,000 a minute (default 120), queued in six passes a minute. The outbox sends in order,
 * so this keeps a customer's reset link from waiting behind a large audience's notices.
 */
export function parseAnnouncementMails(value: string | undefined): number {
  const text = (value ?? '').trim();
  const perMinute = text === '' ? 120 : Number(text);
  if (!/^\d*$/.test(text) || !Number.isInteger(perMinute) || perMinute < 6 || perMinute > 6000) {
    throw new Error('ANNOUNCEMENT_MAILS_PER_MINUTE must be a whole number from 6 to 6000.');
  }
  return Math.ceil(perMinute / 6);
}

function parseRateLimits(value: string | undefined): Limits {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'on') return DEFAULT_LIMITS;
  if (text === 'off') return { ...DEFAULT_LIMITS, off: true };
  throw new Error('RATE_LIMITS must be on or off.');
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
): Config {
  const cwd = process.cwd();
  const dataDir = path.resolve(cwd, env.DATA_DIR || 'data');
  const url = env.DATABASE_URL || '';
  let engine: Engine = 'sqlite';
  let databaseUrl = path.join(dataDir, 'paybills.db');
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    engine = 'postgres';
    databaseUrl = url;
  } else if (url.startsWith('file:')) {
    databaseUrl = path.resolve(cwd, url.slice('file:'.length));
  } else if (url) {
    throw new Error('DATABASE_URL must start with postgres:// or file:');
  }
  const port = Number(env.PORT || 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  }
  refuseRetiredApproverDaily(env.WITHDRAWAL_APPROVER_DAILY_KOBO);
  const host = env.HOST || '127.0.0.1';
  const webDir = path.resolve(cwd, 'dist');
  return {
    engine,
    databaseUrl,
    dataDir,
    host,
    port,
    publicUrl: (env.PUBLIC_URL || `http://${host}:${port}`).replace(/\/$/, ''),
    production: env.NODE_ENV === 'production',
    jwtSecret: overrides.jwtSecret ?? loadSecret(env, dataDir, 'JWT_SECRET', 'jwt-secret'),
    pinSecret: overrides.pinSecret ?? loadSecret(env, dataDir, 'PIN_SECRET', 'pin-secret'),
    adminEmail: (env.ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL).toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
    adminPasswordIsDefault: !env.ADMIN_PASSWORD,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'PayBills <no-reply@paybills.local>',
    webDir: existsSync(path.join(webDir, 'index.html')) ? webDir : undefined,
    argon2Fast: env.ARGON2_TEST_FAST === '1',
    limits: parseRateLimits(env.RATE_LIMITS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    transferFee: parseTransferFee(env.TRANSFER_FEE, env.TRANSFER_FEE_BEARER),
    workers: true,
    catalogueSyncMs: parseCatalogueSyncInterval(env.CATALOGUE_SYNC_INTERVAL_MS),
    adjustmentApprovalKobo: parseAdjustmentApproval(env.ADJUSTMENT_APPROVAL_KOBO),
    announcementMailsPerPass: parseAnnouncementMails(env.ANNOUNCEMENT_MAILS_PER_MINUTE),
    announcementMailEveryMs: 10_000,
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    seed: true,
    env,
    ...overrides,
  };
}

/**
 * One environment variable the project reads: what applies when it is unset and what it means.
 * docs/configuration.md is generated from ENVIRONMENT (scripts/configuration-doc.ts), and
 * scripts/configuration-doc.test.ts fails when a variable the code reads is missing here, when
 * one listed here is read nowhere, or when the document is stale.
 */
export interface EnvSetting {
  name: string;
  /** What applies when the variable is unset. */
  default: string;
  meaning: string;
}

export interface EnvGroup {
  title: string;
  about: string;
  settings: readonly EnvSetting[];
}

/** Every environment variable, grouped by who reads it (the server first, then the tools). */
export const ENVIRONMENT: readonly EnvGroup[] = [
  {
    title: 'Server and database',
    about: 'Read by the API server at start (`loadConfig` in server/src/config.ts).',
    settings: [
      {
        name: 'PORT',
        default: '`3000`',
        meaning:
          "port the server listens on; also `npm run start:mock`'s port, and the first of the two e2e ports (default 4173)",
      },
      {
        name: 'HOST',
        default: '`127.0.0.1`',
        meaning: 'address the server listens on (`0.0.0.0` for a LAN or a container)',
      },
      {
        name: 'DATABASE_URL',
        default: 'SQLite in `./data/`',
        meaning: '`postgres://user@host/db` for PostgreSQL, or `file:/path/to.db`',
      },
      {
        name: 'DATA_DIR',
        default: '`./data`',
        meaning: 'where the SQLite file and a generated `JWT_SECRET` and `PIN_SECRET` are kept',
      },
      {
        name: 'NODE_ENV',
        default: 'unset',
        meaning:
          '`production` is live mode (real providers required); HSTS is on with it or an https `PUBLIC_URL`. Builds are production builds whatever it says',
      },
      {
        name: 'PUBLIC_URL',
        default: '`http://HOST:PORT`',
        meaning:
          "origin used in e-mailed links and the card checkout's and BVN consent's return address (else the request's origin); required in live mode, `https://`",
      },
      {
        name: 'TRUST_PROXY',
        default: "unset: the socket's address",
        meaning:
          'behind reverse proxies: their number (`1`) or their addresses (`10.0.0.1, 10.1.0.0/16`), used for rate limits; never `true`',
      },
      {
        name: 'DATABASE_POOL_SIZE',
        default: `\`${DEFAULT_CAPACITY.databasePoolSize}\``,
        meaning: 'PostgreSQL connections of this process, 1 to 1000 (SQLite has one)',
      },
      {
        name: 'PURCHASE_CONCURRENCY',
        default: `\`${DEFAULT_CAPACITY.purchaseConcurrency}\``,
        meaning:
          'purchases doing their database work at once (pin, price, debit; then the settlement), 1 to 1000; the others wait their turn in memory. Never held across the provider call (docs/decisions/0060)',
      },
      {
        name: 'LISTEN_BACKLOG',
        default: `\`${DEFAULT_CAPACITY.listenBacklog}\``,
        meaning:
          'connections the kernel holds for the server and the simulators until accepted, 1 to 65535 (capped by `net.core.somaxconn`)',
      },
      {
        name: 'PURCHASE_ANSWER_MS',
        default: `\`${DEFAULT_CAPACITY.purchaseAnswerMs}\``,
        meaning:
          'the longest a purchase waits for its provider before answering the customer with the purchase pending, 1 to 300000; the call goes on in the background (docs/decisions/0075)',
      },
    ],
  },
  {
    title: 'Keys and the first admin',
    about:
      'Keys must be the same on every instance (docs/decisions/0036): see [going-live.md](going-live.md).',
    settings: [
      {
        name: 'JWT_SECRET',
        default: 'generated once, kept in `DATA_DIR`',
        meaning:
          'HS256 key of access tokens and idempotency fingerprints (32+ characters); required in live mode, the same on every instance',
      },
      {
        name: 'PIN_SECRET',
        default: 'generated once, kept in `DATA_DIR`',
        meaning:
          'HMAC key of transaction pins, and the key two-factor secrets and coupon codes are sealed under (32+ characters, docs/decisions/0021); required in live mode, the same on every instance, backed up apart',
      },
      {
        name: 'ADMIN_EMAIL',
        default: '`admin@paybills.local`',
        meaning: 'admin (an owner) created on the first start',
      },
      {
        name: 'ADMIN_PASSWORD',
        default: '`ChangeMe-Admin-2026`',
        meaning:
          'its password (printed on the first start when not set); required in live mode: 12+ characters, not a common password',
      },
    ],
  },
  {
    title: 'E-mail, logs, limits and metrics',
    about: 'Read by the server.',
    settings: [
      {
        name: 'SMTP_URL',
        default: 'unset: dev mailbox',
        meaning:
          'e.g. `smtps://user:pass@smtp.example.com`; sends e-mail for real (bodies blanked once sent); required in live mode',
      },
      {
        name: 'MAIL_FROM',
        default: '`PayBills <no-reply@paybills.local>`',
        meaning: 'sender of e-mails',
      },
      {
        name: 'LOG_LEVEL',
        default: '`info`',
        meaning:
          'pino log level: `info` shows one line per API call, `debug` pages and static files too',
      },
      {
        name: 'LOG_FORMAT',
        default: 'terminal: short lines; else `json`',
        meaning:
          '`json` or `pretty`; bodies, passwords, pins and tokens (also in link paths) are never logged',
      },
      {
        name: 'RATE_LIMITS',
        default: '`on`',
        meaning:
          '`off` turns the route rate limits off, for benchmarks in sandbox mode only (pin and password attempt limits stay on)',
      },
      {
        name: 'METRICS_TOKEN',
        default: 'unset',
        meaning:
          'Bearer token Prometheus sends for `/metrics` (32 to 256 characters); unset: `/metrics` open in sandbox mode, not served in live mode',
      },
      {
        name: 'ARGON2_TEST_FAST',
        default: 'unset',
        meaning: '`1` makes password hashing cheap, for tests only; live mode refuses it',
      },
    ],
  },
  {
    title: 'Money and background work',
    about: "Read by the server's services and workers.",
    settings: [
      {
        name: 'AUTO_REVERSE_FAILED',
        default: '`1`',
        meaning:
          'a failed purchase is refunded automatically; `0` leaves it `failed` for an admin to reverse',
      },
      {
        name: 'CARD_FEE_BEARER',
        default: '`business`',
        meaning:
          'who bears the card charge (1.4 %, capped at ₦2,000): `business` books it as an expense, `customer` deducts it from the credit',
      },
      {
        name: 'TRANSFER_FEE',
        default: '`1% max 300`',
        meaning:
          "a bank transfer's cost: flat naira (`50`), a percentage (`1.5%`) or a capped one (`1% max 300`); `0` is free",
      },
      {
        name: 'TRANSFER_FEE_BEARER',
        default: '`customer`',
        meaning:
          'who bears it: `customer` (deducted from the credit, shown on the Wallet page) or `business` (booked as an expense)',
      },
      {
        name: 'PENDING_ALERT_HOURS',
        default: '`24`',
        meaning:
          'a purchase the provider has not settled after this long is flagged for an admin (log, reconciliation, Pending purchases); it is never guessed',
      },
      {
        name: 'CATALOGUE_SYNC_INTERVAL_MS',
        default: '`21600000` (6 h)',
        meaning:
          "data, TV and education plans synced with their provider's list and prices, at start and this often (60000 to 604800000); `0`: off (docs/decisions/0044)",
      },
      {
        name: 'ADJUSTMENT_APPROVAL_KOBO',
        default: '`5000000` (₦50,000)',
        meaning:
          'an admin action that moves money above this (kobo) waits for a second admin (docs/decisions/0050, 0070); `0`: every one does',
      },
      {
        name: 'WITHDRAWAL_APPROVER_DAILY_KOBO',
        default: 'unset',
        meaning:
          "no longer read: the server refuses to start while it is set. An owner sets the approvers' daily total with the other withdrawal settings, on the admin Withdrawals page (docs/decisions/0088)",
      },
      {
        name: 'ANNOUNCEMENT_MAILS_PER_MINUTE',
        default: '`120`',
        meaning:
          'announcement e-mails queued per minute (6 to 6,000), in six batches; each customer is mailed once (docs/decisions/0059)',
      },
      {
        name: 'WEBHOOK_ALLOW_LOOPBACK',
        default: 'on in sandbox mode',
        meaning:
          '`0`: reseller webhooks to 127.0.0.1/::1 are refused in sandbox mode too (live mode always refuses them; docs/decisions/0026)',
      },
      {
        name: 'PROVIDER_BREAKER_FAILURES',
        default: '`5`',
        meaning:
          'refusals or unanswered calls in a row that pause a provider, 1 to 1000 (docs/decisions/0052)',
      },
      {
        name: 'PROVIDER_BREAKER_COOLDOWN_MS',
        default: '`60000`',
        meaning:
          'how long a paused provider is left alone before one purchase tries it again, 1000 to 86400000',
      },
      {
        name: 'FLOAT_POLL_INTERVAL_MS',
        default: '`300000` (5 min)',
        meaning:
          'how often provider floats are polled for the low-float alert; `0`: off, else at least 10000',
      },
    ],
  },
  {
    title: 'Providers',
    about:
      'Read by server/src/providers (its `ProvidersConfigSchema`). Without keys every provider is a simulator: see [sandbox.md](sandbox.md).',
    settings: [
      {
        name: 'VTPASS_API_KEY',
        default: 'unset: sandbox',
        meaning: 'VTpass key for the "VT" float (all three VTpass keys, or none)',
      },
      {
        name: 'VTPASS_PUBLIC_KEY',
        default: 'unset: sandbox',
        meaning: 'VTpass public key (with the other two)',
      },
      {
        name: 'VTPASS_SECRET_KEY',
        default: 'unset: sandbox',
        meaning: 'VTpass secret key (with the other two)',
      },
      {
        name: 'VTPASS_BASE_URL',
        default: '`https://sandbox.vtpass.com/api`',
        meaning: 'VTpass API (`https://vtpass.com/api` for live; must be set in live mode)',
      },
      {
        name: 'FLUTTERWAVE_SECRET_KEY',
        default: 'unset: sandbox checkout',
        meaning:
          "Flutterwave secret key: real card payments, bank transfers, BVN consent and the second float's bill payments",
      },
      {
        name: 'FLUTTERWAVE_WEBHOOK_HASH',
        default: 'unset: webhooks refused',
        meaning:
          'the `verif-hash` Flutterwave sends; required with `FLUTTERWAVE_SECRET_KEY` (live mode refuses to start without it)',
      },
      {
        name: 'FLUTTERWAVE_BASE_URL',
        default: '`https://api.flutterwave.com`',
        meaning: 'Flutterwave API',
      },
      {
        name: 'FLUTTERWAVE_BILLERS',
        default: 'documented codes only',
        meaning:
          'our service ids → Flutterwave biller/item codes for the second float, e.g. `mtn-data=BIL108, mtn-data/200mb=BIL108/MD142` (docs/decisions/0040); `service/plan=biller/item` for one plan or meter type; live mode needs one for every service routed to `flutterwave`',
      },
      {
        name: 'PROVIDER_ROUTES',
        default: 'every product → `vtpass`',
        meaning:
          'which float sells what when no admin has ordered the providers, e.g. `data=flutterwave, spectranet=sandbox` (→ `vtpass`, `flutterwave`, `sandbox`; no exam pins)',
      },
      {
        name: 'PROVIDER_TIMEOUT_MS',
        default: '`30000`',
        meaning:
          'upstream call timeout (100 to 300000); a timeout leaves the purchase pending for the requery',
      },
      {
        name: 'BANK_TRANSFER_PROVIDER',
        default: '`flutterwave` if keyed, else sandbox',
        meaning: '`sandbox` keeps the sandbox bank beside a real card key; live mode refuses it',
      },
      {
        name: 'TERMII_API_KEY',
        default: 'unset: simulator in sandbox mode, no SMS live',
        meaning: 'Termii key: SMS for real (docs/decisions/0079); needs `TERMII_SENDER_ID`',
      },
      {
        name: 'TERMII_SENDER_ID',
        default: 'unset',
        meaning: 'the sender ID registered with Termii, 3 to 11 characters',
      },
      {
        name: 'TERMII_BASE_URL',
        default: '`https://api.ng.termii.com`',
        meaning: 'the base URL shown on the Termii dashboard',
      },
      {
        name: 'SANDBOX_INSTANT',
        default: '`0`',
        meaning:
          "`1` removes the sandbox's simulated latency (tests, benchmarks; live mode refuses it)",
      },
      {
        name: 'SANDBOX_LATENCY_MS',
        default: '`0`',
        meaning:
          "every simulator answers after this many ms, 0 to 300000 (the benchmark's slow provider; live mode refuses it)",
      },
    ],
  },
  {
    title: 'Backups',
    about:
      'Read by `npm run backup` and `npm run restore` (see [operating.md](operating.md#backups-and-restore)).',
    settings: [
      {
        name: 'BACKUP_DIR',
        default: '`./backups`',
        meaning: 'where snapshots are written (`--dir` overrides)',
      },
      {
        name: 'BACKUP_KEEP',
        default: '`14`',
        meaning: 'how many of the newest snapshots are kept (`--keep` overrides)',
      },
      {
        name: 'PG_BIN',
        default: 'newest `/usr/lib/postgresql/<n>/bin`, else `PATH`',
        meaning:
          'where `pg_dump`, `pg_restore`, `initdb` and `pg_ctl` are (backups, and the throwaway PostgreSQL of tests and benchmarks)',
      },
    ],
  },
  {
    title: 'Development and the web build',
    about: 'Read by scripts/, vite.config.ts and the web app.',
    settings: [
      {
        name: 'API_PORT',
        default: '`3001`',
        meaning: "`npm run dev`: the API server's port, which Vite proxies `/api` to",
      },
      {
        name: 'VITE_API_MODE',
        default: '`server`',
        meaning: '`mock` answers `/api` in the browser with MSW (`VITE_API_MODE=mock npm run dev`)',
      },
      {
        name: 'VITE_API_BASE',
        default: 'empty: same origin',
        meaning: "prefix of the web app's API URLs",
      },
      {
        name: 'REPORT_MODULES',
        default: 'the entry, login, overview and heaviest pages',
        meaning: '`all`: `npm run build` lists the modules behind every route',
      },
      { name: 'REPORT_TOP', default: '`8`', meaning: 'lines of that list per route' },
      {
        name: 'BASE_URL',
        default: '`http://127.0.0.1:3000`',
        meaning: 'the server `node scripts/reseller-demo.mjs` talks to (its first argument wins)',
      },
    ],
  },
  {
    title: 'Tests',
    about: 'Read by the test tools (see [testing.md](testing.md)).',
    settings: [
      {
        name: 'CHROMIUM_PATH',
        default: '`/usr/bin/chromium`',
        meaning: 'the Chromium the tests and benchmarks drive',
      },
      {
        name: 'FC_SEED',
        default: 'a fixed seed',
        meaning:
          "property tests' seed: a whole number, or `random` for a new one each run; a failure prints the command that replays it",
      },
      {
        name: 'FC_RUNS',
        default: "each property's own",
        meaning:
          'tries of every property, for a longer soak (`FC_SEED=random FC_RUNS=500 npm run test:unit`)',
      },
      {
        name: 'E2E_DATA_DIR',
        default: 'a fresh temporary directory',
        meaning: "the data directory of the e2e journeys' server",
      },
      {
        name: 'SIM_PLANT',
        default: 'unset (no planted bug)',
        meaning:
          "a known bug planted in the fault simulation's harness only (`failed-withdrawal-paid`), to prove a failure is reported, shrunk and replayed (sim/shrinking.test.ts); never read by the server",
      },
      {
        name: 'SIM_CLOCK_FILE',
        default: 'unset (the real clock)',
        meaning:
          "set by the fault simulation for each server of a world: the file holding the offset of the world's clock, read by `sim/clock.mjs`, which the harness alone loads (docs/decisions/0096-simulation-clock.md); never read by the server's own code",
      },
    ],
  },
  {
    title: 'Benchmarks',
    about: 'Read by `npm run bench` and `npm run bench:web` (see [benchmarks.md](benchmarks.md)).',
    settings: [
      { name: 'BENCH_SECONDS', default: '`5`', meaning: 'seconds of each measured case' },
      {
        name: 'BENCH_WARMUP',
        default: '`1`',
        meaning: 'seconds of load before each case, not counted',
      },
      {
        name: 'BENCH_CUSTOMERS',
        default: '`100`',
        meaning: 'funded customers the purchases are spread over',
      },
      {
        name: 'BENCH_SCALE_ROWS',
        default: '`1000000`',
        meaning: "transactions in the scale mode's large database",
      },
      {
        name: 'BENCH_MIN_OPS',
        default: '`0`',
        meaning:
          'the in-process limit loops (the debit transaction, the pin check) run at least this many times, however short `BENCH_SECONDS` is',
      },
      {
        name: 'BENCH_STRICT',
        default: 'unset',
        meaning:
          '`1`: fail on any answer but 2xx and on a lost, doubled or unsettled purchase (the smoke test)',
      },
      {
        name: 'BENCH_SLOW_PROVIDER_MS',
        default: '`10000`',
        meaning: "the slow mode's provider answer time",
      },
      {
        name: 'BENCH_SLOW_PURCHASES',
        default: '`1000`',
        meaning: "the slow mode's purchases in flight",
      },
      {
        name: 'BENCH_OUTCOME_PURCHASES',
        default: '`1000`',
        meaning:
          "the outcomes mode's purchases, spread over every documented failure kind (docs/decisions/0082)",
      },
      {
        name: 'BENCH_SLOW_ENGINES',
        default: '`sqlite,postgres`',
        meaning: 'the engines the slow mode runs',
      },
      {
        name: 'BENCH_RUNS',
        default: '`3`',
        meaning: 'Lighthouse (or profile) runs per page; the median is kept',
      },
      {
        name: 'BENCH_WEB_PORT',
        default: '`4311` (`4321` for the profile)',
        meaning: 'port of the server the web benchmarks start',
      },
      {
        name: 'BENCH_WEB_PAGES',
        default: 'every page',
        meaning: 'some pages only, e.g. `airtime,dashboard`',
      },
      {
        name: 'BENCH_WEB_REPORTS',
        default: 'unset',
        meaning: "a directory to keep each page's Lighthouse report in",
      },
      {
        name: 'BENCH_PROFILE_ROUTE',
        default: '`/user/dashboard`',
        meaning: 'the page `npx tsx bench/web-profile.ts` profiles',
      },
      {
        name: 'BENCH_CPU_SLOWDOWN',
        default: '`4`',
        meaning: "the profile's CPU throttling factor",
      },
      {
        name: 'BENCH_PROFILE_OUT',
        default: 'unset',
        meaning: "a file to write the profile's raw data to",
      },
      {
        name: 'BENCH_QUIET',
        default: 'unset',
        meaning: 'set: the profile prints its summary only',
      },
    ],
  },
];
