/**
 * Server configuration from the environment (README "Configuration"). Everything has an
 * embedded default so `npm start` needs no setup (decisions §2).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type Engine = 'sqlite' | 'postgres';

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
  /** Login limits (decisions §7): failed tries per account, attempts per address, in a window. */
  loginMaxFailuresPerAccount: number;
  loginMaxAttemptsPerIp: number;
  loginWindowMs: number;
  /** Background workers (mail outbox); tests flush by hand instead. */
  workers: boolean;
  seed: boolean;
  /** Provider settings are read by src/providers from the same environment. */
  env: NodeJS.ProcessEnv;
}

export const DEFAULT_ADMIN_EMAIL = 'admin@paybills.local';
export const DEFAULT_ADMIN_PASSWORD = 'ChangeMe-Admin-2026';
export const DEMO_EMAIL = 'demo@paybills.local';
export const DEMO_PASSWORD = 'DemoPass2026';
export const DEMO_PIN = '123456';

/** JWT_SECRET, or one generated once and kept (0600) in the data directory; printed nowhere. */
function loadSecret(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.JWT_SECRET && env.JWT_SECRET.length >= 32) return env.JWT_SECRET;
  if (env.JWT_SECRET) throw new Error('JWT_SECRET must be at least 32 characters long.');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
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
    jwtSecret: overrides.jwtSecret ?? loadSecret(env, dataDir),
    adminEmail: (env.ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL).toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
    adminPasswordIsDefault: !env.ADMIN_PASSWORD,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'PayBills <no-reply@paybills.local>',
    webDir: existsSync(path.join(webDir, 'index.html')) ? webDir : undefined,
    argon2Fast: env.ARGON2_TEST_FAST === '1',
    loginMaxFailuresPerAccount: 5,
    loginMaxAttemptsPerIp: 50,
    loginWindowMs: 15 * 60_000,
    workers: true,
    seed: true,
    env,
    ...overrides,
  };
}
