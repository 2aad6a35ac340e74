/**
 * Sandbox or live (ADR 0014). Sandbox: every provider is its simulator (ADR 0043) and
 * NODE_ENV is not `production`; demo accounts, the default admin password and the dev mailbox
 * are allowed, since no real money can move. Live: anything else. A live start is refused,
 * one line per problem naming the variable to set, until nothing of the sandbox is left: a
 * strong admin password, the secrets, real e-mail, the public https address, a real provider
 * for every product and the real card checkout with its webhook hash, no test-only setting, and
 * a database that never ran in sandbox mode. In either mode, an instance whose JWT_SECRET or
 * PIN_SECRET is not the one the database was first used with is refused.
 */
import { timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { PASSWORD_PATTERN } from '@contract';
import { DEFAULT_ADMIN_PASSWORD, DEMO_EMAIL, type Config } from './config.ts';
import type { Db } from './platform/db/index.ts';
import { isCommonPassword, secretFingerprint } from './platform/secrets.ts';
import {
  newVtpassRequestId,
  ProviderError,
  VTU_PRODUCTS,
  type Providers,
  type VtuProvider,
} from './providers/index.ts';
import type { HttpResult } from './providers/util.ts';

export type Mode = 'sandbox' | 'live';

const isSandbox = (provider: { name: string }) => provider.name.startsWith('sandbox');

export function modeOf(config: Config, providers: Providers): Mode {
  const real =
    !isSandbox(providers.vt) ||
    !isSandbox(providers.flutterwave) ||
    !providers.sandboxCard ||
    !providers.sandboxTransfer ||
    // Real SMS reach real people and cost money (ADR 0079).
    providers.sms?.name === 'termii';
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
  // The default host is VTpass's sandbox: real keys sent there are refused on every call, and
  // the live host differs between VTpass's own pages (README "Going live"), so it is chosen.
  if (providers.vt.name === 'vtpass' && !set(env, 'VTPASS_BASE_URL')) {
    out.push(
      'VTPASS_BASE_URL is not set: live mode needs the VTpass API host set explicitly (the live one, e.g. https://vtpass.com/api, not the sandbox https://sandbox.vtpass.com/api).',
    );
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
  // `argon2Fast` as a config override instead), and refused only when on as config.ts and
  // providers/index.ts read them: `0`, the README's default, is off.
  if (env.ARGON2_TEST_FAST === '1') {
    out.push(
      'ARGON2_TEST_FAST is for tests only (it makes password hashes cheap to crack): remove it in live mode.',
    );
  }
  if (['1', 'true'].includes((env.SANDBOX_INSTANT ?? '').trim().toLowerCase())) {
    out.push('SANDBOX_INSTANT is for tests and benchmarks of the sandbox: remove it in live mode.');
  }
  if (providers.config.SANDBOX_LATENCY_MS > 0) {
    out.push('SANDBOX_LATENCY_MS is for benchmarks of the sandbox: remove it in live mode.');
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

/** What the start probe found: refusals (one line per provider), warnings, and who answered. */
export interface ProbeReport {
  refusals: string[];
  warnings: string[];
  answered: string[];
}

interface ProbeTarget {
  who: 'VTpass' | 'Flutterwave' | 'Termii';
  baseVar: 'VTPASS_BASE_URL' | 'FLUTTERWAVE_BASE_URL' | 'TERMII_BASE_URL';
  baseUrl: string;
  keyVars: string;
  path: string;
}

/**
 * VTpass codes that refuse every call we would make until the operator acts (keys, account,
 * server IP), as opposed to the provider having a bad moment (VTPASS_DOCS.codes).
 */
const VTPASS_ACCOUNT_CODES: Readonly<Record<string, string>> = {
  '087': 'INVALID CREDENTIALS',
  '021': 'ACCOUNT LOCKED',
  '022': 'ACCOUNT SUSPENDED',
  '023': 'API ACCESS NOT ENABLE FOR USER',
  '024': 'ACCOUNT INACTIVE',
  '027': 'IP NOT WHITELISTED, CONTACT SUPPORT',
};

/** Network failures that say the address is wrong, not that the provider is down. */
const WRONG_ADDRESS: Readonly<Record<string, string>> = {
  ENOTFOUND: 'is not a known host',
  ECONNREFUSED: 'refused the connection',
  ERR_TLS_CERT_ALTNAME_INVALID: 'presented a certificate for another host',
};

const isHttpResult = (raw: unknown): raw is HttpResult =>
  typeof raw === 'object' && raw !== null && 'kind' in raw;

function vtpassCode(raw: unknown): string | undefined {
  const body = isHttpResult(raw) && raw.kind === 'http' ? raw.body : raw;
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined;
  const code = (body as { code: unknown }).code;
  return typeof code === 'string' || typeof code === 'number' ? String(code) : undefined;
}

/**
 * A failed balance (or auth) call → a refusal when it can only be configuration (a key
 * refused, a redirect, a wrong path, an unknown host or a closed port), else a warning: a 5xx,
 * a timeout or an odd answer is the provider's bad moment, and refusing to start over it would
 * take every other provider down with it (ADR 0042).
 */
function judge(t: ProbeTarget, raw: unknown, what: string): { refusal?: string; warning?: string } {
  const code = t.who === 'VTpass' ? vtpassCode(raw) : undefined;
  if (code && VTPASS_ACCOUNT_CODES[code]) {
    const said = `${code} ${VTPASS_ACCOUNT_CODES[code]}`;
    return {
      refusal:
        code === '087'
          ? `${t.keyVars} ${t.keyVars.includes(' and ') ? 'were' : 'was'} refused by VTpass (${said}): check the keys (live keys with the live host, sandbox keys with the sandbox host).`
          : code === '027'
            ? `${t.keyVars}: VTpass refused this server's IP (${said}): send VTpass support this server's public IP to whitelist.`
            : `${t.keyVars}: VTpass refused the account (${said}): settle it with VTpass.`,
    };
  }
  if (isHttpResult(raw)) {
    if (raw.kind === 'redirect') {
      const to = raw.location ? ` to ${raw.location}` : '';
      return {
        refusal: `${t.baseVar}: ${t.baseUrl} redirected${to} (HTTP ${raw.status}); set the API host itself.`,
      };
    }
    if (raw.kind === 'http' && (raw.status === 401 || raw.status === 403)) {
      const verb = t.keyVars.includes(' and ') ? 'were' : 'was';
      return {
        refusal: `${t.keyVars} ${verb} refused by ${t.who} (${raw.status}): check the key${verb === 'were' ? 's' : ''}.`,
      };
    }
    if (raw.kind === 'http' && (raw.status === 404 || raw.status === 405)) {
      return {
        refusal: `${t.baseVar}: ${t.baseUrl} has no ${t.path} (HTTP ${raw.status}); set the API base URL.`,
      };
    }
    if (raw.kind === 'network' && raw.code && WRONG_ADDRESS[raw.code]) {
      return {
        refusal: `${t.baseVar}: ${new URL(t.baseUrl).host} ${WRONG_ADDRESS[raw.code]} (${raw.code}); set the API host.`,
      };
    }
  }
  const why = !isHttpResult(raw)
    ? what
    : raw.kind === 'http'
      ? `HTTP ${raw.status}`
      : raw.kind === 'network'
        ? `network error${raw.code ? ` ${raw.code}` : ''}`
        : raw.kind;
  return {
    warning: `${t.who} did not answer the start check (${t.path}: ${why}): started anyway; its purchases stay pending for the requery until it answers. Check ${t.baseVar} and ${t.who}'s status if this lasts.`,
  };
}

/**
 * Live start probe (ADR 0042): one balance call per configured provider (and
 * for VTpass a requery of an unused id, the only call that checks VTPASS_SECRET_KEY without
 * buying anything), before the server listens. Run by the process start path, not buildApp:
 * the in-process test kits use fake keys and no network.
 */
export async function probeProviders(providers: Providers): Promise<ProbeReport> {
  const { config } = providers;
  const probes: Promise<ProbeReport>[] = [];
  const run = async (
    t: ProbeTarget,
    balance: () => Promise<number>,
    after?: (report: ProbeReport) => Promise<void>,
  ): Promise<ProbeReport> => {
    const report: ProbeReport = { refusals: [], warnings: [], answered: [] };
    try {
      const kobo = await balance();
      report.answered.push(`${t.who} (balance ₦${(kobo / 100).toFixed(2)})`);
    } catch (error) {
      const raw = error instanceof ProviderError ? error.raw : undefined;
      const verdict = judge(t, raw, error instanceof Error ? error.message : String(error));
      if (verdict.refusal) report.refusals.push(verdict.refusal);
      if (verdict.warning) report.warnings.push(verdict.warning);
      return report;
    }
    await after?.(report);
    return report;
  };
  if (providers.vt.name === 'vtpass') {
    const vt = providers.vt;
    const target: ProbeTarget = {
      who: 'VTpass',
      baseVar: 'VTPASS_BASE_URL',
      baseUrl: config.VTPASS_BASE_URL,
      keyVars: 'VTPASS_API_KEY and VTPASS_PUBLIC_KEY',
      path: '/balance',
    };
    probes.push(
      run(
        target,
        () => vt.balance(),
        async (report) => {
          // The balance GET sends the public key; POSTs send the secret key. An unused request
          // id answers 015 with good keys, 087 with a bad secret key; nothing else is judged.
          const outcome = await vt.requery(newVtpassRequestId());
          const raw = outcome.raw;
          const refused =
            vtpassCode(raw) === '087' ||
            (isHttpResult(raw) &&
              raw.kind === 'http' &&
              (raw.status === 401 || raw.status === 403));
          if (!refused) return;
          const secret = { ...target, keyVars: 'VTPASS_SECRET_KEY', path: '/requery' };
          const verdict = judge(secret, raw, outcome.message ?? '');
          if (verdict.refusal) {
            report.refusals.push(verdict.refusal);
            report.answered = [];
          }
        },
      ),
    );
  }
  if (providers.flutterwave.name === 'flutterwave') {
    const flutterwave = providers.flutterwave;
    probes.push(
      run(
        {
          who: 'Flutterwave',
          baseVar: 'FLUTTERWAVE_BASE_URL',
          baseUrl: config.FLUTTERWAVE_BASE_URL,
          keyVars: 'FLUTTERWAVE_SECRET_KEY',
          path: '/v3/balances/NGN',
        },
        () => flutterwave.balance(),
        // Withdrawals (ADR 0084): with the key accepted, Flutterwave Transfers answers its fee
        // for ₦100; a wrong path stops the start, a bad moment only warns.
        providers.sandboxPayout
          ? undefined
          : async (report) => {
              const transfers: ProbeTarget = {
                who: 'Flutterwave',
                baseVar: 'FLUTTERWAVE_BASE_URL',
                baseUrl: config.FLUTTERWAVE_BASE_URL,
                keyVars: 'FLUTTERWAVE_SECRET_KEY',
                path: '/v3/transfers/fee',
              };
              try {
                const fee = await providers.payout.fee(10_000);
                report.answered.push(
                  `Flutterwave transfers (fee ₦${(fee / 100).toFixed(2)} on ₦100)`,
                );
              } catch (error) {
                const raw = error instanceof ProviderError ? error.raw : undefined;
                const verdict = judge(
                  transfers,
                  raw,
                  error instanceof Error ? error.message : String(error),
                );
                if (verdict.refusal) report.refusals.push(verdict.refusal);
                if (verdict.warning) report.warnings.push(verdict.warning);
              }
            },
      ),
    );
  }
  // Termii (ADR 0079): a refused TERMII_API_KEY stops the start like any other bad key; a
  // Termii that is down only warns (the SMS wait in their outbox).
  const sms = providers.sms;
  if (sms?.name === 'termii') {
    probes.push(
      run(
        {
          who: 'Termii',
          baseVar: 'TERMII_BASE_URL',
          baseUrl: config.TERMII_BASE_URL,
          keyVars: 'TERMII_API_KEY',
          path: '/api/get-balance',
        },
        async () => (await sms.balance()).amount,
      ),
    );
  }
  // In a fixed order (VTpass, then Flutterwave, then Termii), whichever answers first.
  const reports = await Promise.all(probes);
  return {
    refusals: reports.flatMap((r) => r.refusals),
    warnings: reports.flatMap((r) => r.warnings),
    answered: reports.flatMap((r) => r.answered),
  };
}
