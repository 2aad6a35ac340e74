/**
 * Sandbox or live (ADR 0014). Sandbox: every provider is the in-process simulation and
 * NODE_ENV is not `production`; demo accounts, the default admin password and the dev mailbox
 * are allowed, since no real money can move. Live: anything else. A live start is refused,
 * one line per problem naming the variable to set, until nothing of the sandbox is left: a
 * strong admin password, the secrets, real e-mail, the public https address, a real provider
 * for every product and the real card checkout, and a database that never ran in sandbox mode.
 */
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
    !isSandbox(providers.atg) ||
    !providers.sandboxCard ||
    !providers.sandboxTransfer;
  return config.production || real ? 'live' : 'sandbox';
}

/** The refusal: each line names what to set. The message never holds a secret's value. */
export class StartRefused extends Error {
  constructor(readonly lines: string[]) {
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
  const onSandboxAtg: string[] = [];
  const routedToSandbox: string[] = [];
  const check = (name: string, target: string, provider: VtuProvider) => {
    if (target === 'sandbox') routedToSandbox.push(name);
    else if (isSandbox(provider)) (target === 'atg' ? onSandboxAtg : onSandboxVt).push(name);
  };
  for (const product of VTU_PRODUCTS) {
    const target = routes.products[product];
    check(product, target, target === 'atg' ? providers.atg : providers.vt);
  }
  for (const [service, target] of Object.entries(routes.services)) {
    check(service, target, target === 'atg' ? providers.atg : providers.vt);
  }
  if (onSandboxVt.length) {
    out.push(
      `VTPASS_API_KEY, VTPASS_PUBLIC_KEY and VTPASS_SECRET_KEY are not set: ${onSandboxVt.join(', ')} would be sold by the sandbox in live mode.`,
    );
  }
  if (onSandboxAtg.length) {
    out.push(
      `ATG_API_KEY and ATG_BASE_URL are not set, but PROVIDER_ROUTES sends ${onSandboxAtg.join(', ')} to ATG.`,
    );
  }
  if (routedToSandbox.length) {
    out.push(
      `PROVIDER_ROUTES sends ${routedToSandbox.join(', ')} to the sandbox: route it to vtpass or atg in live mode.`,
    );
  }
  if (config.limits.off) {
    out.push('RATE_LIMITS=off is for benchmarks in sandbox mode only: remove it in live mode.');
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

/** One line for the start banner. */
export function describeMode(mode: Mode): string {
  return mode === 'sandbox'
    ? 'Mode: SANDBOX: simulated providers and card checkout, demo accounts, no real money. Set real provider keys to go live (README "Going live").'
    : 'Mode: LIVE: real providers and real money.';
}
