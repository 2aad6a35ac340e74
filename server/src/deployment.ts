/**
 * Sandbox or live (ADR 0014). Sandbox: every provider is the in-process simulation and
 * NODE_ENV is not `production`; demo accounts, the default admin password and the dev mailbox
 * are allowed, since no real money can move. Live: anything else. A live start is refused,
 * one line per problem naming the variable to set, until nothing of the sandbox is left: a
 * strong admin password, the secrets, real e-mail, the public https address, a real provider
 * for every product and the real card checkout with its webhook hash, no test-only setting, and
 * a database that never ran in sandbox mode. In either mode, an instance whose JWT_SECRET or
 * PIN_SECRET is not the one the database was first used with is refused (issue 22 row 5).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { PASSWORD_PATTERN } from '@contract';
import { DEFAULT_ADMIN_PASSWORD, DEMO_EMAIL, type Config } from './config.ts';
import type { Db } from './db/index.ts';
import { isCommonPassword } from './domain/secrets.ts';
import { VTU_PRODUCTS, type Providers, type VtuProvider } from './providers/index.ts';

export type Mode = 'sandbox' | 'live';

const isSandbox = (provider: { name: string }) => provider.name.startsWith('sandbox');

export function modeOf(config: Config, providers: Providers): Mode {
  const real =
    !isSandbox(providers.vt) ||
    !isSandbox(providers.flutterwave) ||
    !providers.sandboxCard ||
    !providers.sandboxTransfer;
  return config.production || real ? 'live' : 'sandbox';
}

/** The refusal: each line names what to set. The message never holds a secret's value. */
export class StartRefused extends Error {
  constructor(
    readonly lines: string[],
    readonly mode: Mode = 'live',
  ) {
    super(lines.join('\n'));
    this.name = 'StartRefused';
  }
}

const set = (env: NodeJS.ProcessEnv, name: string) => (env[name] ?? '').trim() !== '';

/** What keeps a live start from running (empty in sandbox mode, and when all is set). */
export function configRefusals(config: Config, providers: Providers): string[] {
  if (modeOf(config, providers) === 'sandbox') return [];
  const { env } = config;
  const out: string[] = [];

  const admin = env.ADMIN_PASSWORD ?? '';
  if (!admin || admin === DEFAULT_ADMIN_PASSWORD) {
    out.push(
      'ADMIN_PASSWORD is not set: live mode never creates the admin with the default password; set a strong one (12 or more characters).',
    );
  } else if (admin.length < 12 || !PASSWORD_PATTERN.test(admin) || isCommonPassword(admin)) {
    out.push(
      'ADMIN_PASSWORD is too weak: use 12 or more characters with a run of 8 letters or digits, not a common password.',
    );
  }
  if (!set(env, 'JWT_SECRET')) {
    out.push(
      'JWT_SECRET is not set: live mode needs the access-token key in the environment (32 or more random characters, the same on every instance).',
    );
  }
  if (!set(env, 'PIN_SECRET')) {
    out.push(
      'PIN_SECRET is not set: live mode needs the transaction-pin key in the environment (32 or more random characters, the same on every instance, kept out of the database and its backups).',
    );
  }
  if (!config.smtpUrl) {
    out.push(
      'SMTP_URL is not set: live mode sends verification and reset e-mails for real (there is no dev mailbox).',
    );
  }
  if (!set(env, 'PUBLIC_URL')) {
    out.push(
      'PUBLIC_URL is not set: live mode needs the https:// address customers use (for e-mailed links and the card checkout’s return address).',
    );
  } else if (!config.publicUrl.startsWith('https://')) {
    out.push('PUBLIC_URL must start with https:// in live mode (real money never goes over http).');
  }
  if (providers.sandboxCard) {
    out.push(
      'FLUTTERWAVE_SECRET_KEY is not set: the sandbox card checkout never runs beside real providers (anyone could press Pay and buy real airtime).',
    );
  }
  // Without the hash every Flutterwave webhook is refused, silently: a customer's transfer
  // or card payment is not credited when it arrives.
  if (
    (!providers.sandboxCard || !providers.sandboxTransfer) &&
    !set(env, 'FLUTTERWAVE_WEBHOOK_HASH')
  ) {
    out.push(
      'FLUTTERWAVE_WEBHOOK_HASH is not set: with FLUTTERWAVE_SECRET_KEY every card and bank-transfer webhook would be refused, so customers’ transfers and payments are not credited when they arrive; set it to the secret hash of your Flutterwave webhook settings.',
    );
  }

  // With the card checkout real, transfers are too unless BANK_TRANSFER_PROVIDER=sandbox.
  if (providers.sandboxTransfer && !providers.sandboxCard) {
    out.push(
      'BANK_TRANSFER_PROVIDER=sandbox: the sandbox transfer page never runs beside real providers (anyone could send themselves money); remove it to use Flutterwave virtual accounts.',
    );
  }

  // Every product and service route must reach a real provider: real card money never buys
  // simulated airtime.
  const { routes } = providers.config;
  const onSandboxVt: string[] = [];
  const onSandboxFlutterwave: string[] = [];
  const routedToSandbox: string[] = [];
  const check = (name: string, target: string, provider: VtuProvider) => {
    if (target === 'sandbox') routedToSandbox.push(name);
    else if (isSandbox(provider)) {
      (target === 'flutterwave' ? onSandboxFlutterwave : onSandboxVt).push(name);
    }
  };
  for (const product of VTU_PRODUCTS) {
    const target = routes.products[product];
    check(product, target, target === 'flutterwave' ? providers.flutterwave : providers.vt);
  }
  for (const [service, target] of Object.entries(routes.services)) {
    check(service, target, target === 'flutterwave' ? providers.flutterwave : providers.vt);
  }
  if (onSandboxVt.length) {
    out.push(
      `VTPASS_API_KEY, VTPASS_PUBLIC_KEY and VTPASS_SECRET_KEY are not set: ${onSandboxVt.join(', ')} would be sold by the sandbox in live mode.`,
    );
  }
  if (onSandboxFlutterwave.length) {
    out.push(
      `FLUTTERWAVE_SECRET_KEY is not set, but PROVIDER_ROUTES sends ${onSandboxFlutterwave.join(', ')} to Flutterwave bill payments.`,
    );
  }
  if (routedToSandbox.length) {
    out.push(
      `PROVIDER_ROUTES sends ${routedToSandbox.join(', ')} to the sandbox: route it to vtpass or flutterwave in live mode.`,
    );
  }
  if (config.limits.off) {
    out.push('RATE_LIMITS=off is for benchmarks in sandbox mode only: remove it in live mode.');
  }
  // Test-only speed settings: read from the environment, the operator's input (tests pass
  // `argon2Fast` as a config override instead).
  if (set(env, 'ARGON2_TEST_FAST')) {
    out.push(
      'ARGON2_TEST_FAST is for tests only (it makes password hashes cheap to crack): remove it in live mode.',
    );
  }
  if (set(env, 'SANDBOX_INSTANT')) {
    out.push('SANDBOX_INSTANT is for tests and benchmarks of the sandbox: remove it in live mode.');
  }
  return out;
}

/** A database that ran in sandbox mode holds the demo customer, funded from nowhere. */
export async function databaseRefusals(db: Db, mode: Mode): Promise<string[]> {
  if (mode === 'sandbox') return [];
  const demo = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_EMAIL)
    .executeTakeFirst();
  return demo
    ? [
        `This database ran in sandbox mode (it holds the demo customer ${DEMO_EMAIL}, funded from nowhere): set DATABASE_URL (or DATA_DIR) to a new database for live mode.`,
      ]
    : [];
}

/** The keys every instance on one database must share, and what a second key would break. */
const SHARED_SECRETS = [
  {
    name: 'JWT_SECRET',
    purpose: 'jwt',
    file: 'jwt-secret',
    key: (config: Config) => config.jwtSecret,
    breaks: 'sessions, reseller API keys and webhook signatures would hold on one instance only',
  },
  {
    name: 'PIN_SECRET',
    purpose: 'pin',
    file: 'pin-secret',
    key: (config: Config) => config.pinSecret,
    breaks: 'a right pin would be refused by every other instance and lock the customer out',
  },
] as const;

/** An HMAC of a constant under `secret`: tells two keys apart, gives the key away to no one. */
export function secretFingerprint(secret: string, purpose: string): string {
  return createHmac('sha256', secret)
    .update(`paybills:secret-check:${purpose}`)
    .digest('base64url');
}

/**
 * JWT_SECRET and PIN_SECRET must be one key on every instance of a database (ADR 0036): each
 * instance otherwise signs tokens and hashes pins its own way (a generated key is per data
 * directory). The first start records each key's fingerprint (`record`: only a start that
 * goes ahead); a start whose key gives another fingerprint is refused, naming the variable.
 * Insert if absent on the primary key: of instances started together, whatever the locks
 * around this, one row is kept and the others are compared with it.
 */
export async function secretRefusals(
  db: Db,
  config: Config,
  { record }: { record: boolean },
): Promise<string[]> {
  const mine = new Map(
    SHARED_SECRETS.map((s) => [s.name, secretFingerprint(s.key(config), s.purpose)]),
  );
  if (record) {
    const now = Date.now();
    await db
      .insertInto('secret_fingerprints')
      .values([...mine].map(([name, fingerprint]) => ({ name, fingerprint, created_at: now })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
  const recorded = await db
    .selectFrom('secret_fingerprints')
    .select(['name', 'fingerprint'])
    .execute();
  const out: string[] = [];
  for (const secret of SHARED_SECRETS) {
    const theirs = recorded.find((r) => r.name === secret.name)?.fingerprint;
    const ours = mine.get(secret.name) as string;
    if (theirs === undefined || safeEqual(theirs, ours)) continue;
    const generated = set(config.env, secret.name)
      ? ''
      : ` This instance has no ${secret.name} in its environment and generated its own (${path.join(config.dataDir, secret.file)}).`;
    out.push(
      `${secret.name} differs from the one this database was first used with: give every instance the same ${secret.name} (${secret.breaks}).${generated} Changing it on purpose: README "PostgreSQL and several instances".`,
    );
  }
  return out;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** One line for the start banner. */
export function describeMode(mode: Mode): string {
  return mode === 'sandbox'
    ? 'Mode: SANDBOX: simulated providers and card checkout, demo accounts, no real money. Set real provider keys to go live (README "Going live").'
    : 'Mode: LIVE: real providers and real money.';
}
