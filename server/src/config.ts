/**
 * Server configuration from the environment (README "Configuration"). Everything has an
 * embedded default so `npm start` needs no setup (decisions §2).
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
import type { Engine } from './db/engine.ts';
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
