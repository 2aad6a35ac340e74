/**
 * The provider set the server uses, chosen by configuration (decisions §2): sandbox by
 * default; a real adapter only when its keys are set. `PROVIDER_ROUTES` says which float
 * (VTpass "vt", or Flutterwave bill payments: the spec's second float, ADR 0040) serves each
 * product or service id.
 */
import { z } from 'zod';
import { CABLETV, DATA, DISCOS, EDUCATION, NETWORKS } from '@contract/catalogue';
import { createFlutterwaveProvider } from './flutterwave.ts';
import {
  FLUTTERWAVE_PRODUCTS,
  type FlutterwaveBillers,
  createFlutterwaveBillsProvider,
  hasBiller,
  parseFlutterwaveBillers,
} from './flutterwave-bills.ts';
import { type Simulators, createSimulators } from './simulators/index.ts';
import {
  SANDBOX_FLUTTERWAVE_SECRET,
  SIMULATOR_FLUTTERWAVE_BILLERS,
} from './simulators/flutterwave-bills.ts';
import type { FlutterwavePaymentsSimulator } from './simulators/flutterwave-payments.ts';
import { SANDBOX_VTPASS_KEYS } from './simulators/vtpass.ts';
import { createFlutterwaveTransferProvider } from './flutterwave-transfers.ts';
import { createFlutterwavePayoutProvider } from './flutterwave-payouts.ts';
import { instrument, type ProviderCallObserver } from './instrument.ts';
import {
  type CardProvider,
  type PayoutProvider,
  type TransferProvider,
  VTU_PRODUCTS,
  type VtuProduct,
  type VtuProvider,
} from './types.ts';
import { type FetchFn, memoryStore } from './util.ts';
import { createVtpassProvider } from './vtpass.ts';
import type { SmsProvider } from './sms.ts';
import { DEFAULT_TERMII_BASE_URL, createTermiiProvider } from './termii.ts';
import { SANDBOX_TERMII } from './simulators/termii.ts';

export * from './types.ts';
export { newVtpassRequestId, lagosTimestamp, isVtpassRequestId } from './request-id.ts';
export { ProviderError, type KeyValueStore, memoryStore } from './util.ts';
export {
  createVtpassProvider,
  outcomeFromVtpass,
  parseVtpassCallback,
  VTPASS_CALLBACK_REPLY,
} from './vtpass.ts';
export {
  createFlutterwaveBillsProvider,
  DOCUMENTED_BILLERS,
  parseFlutterwaveBillers,
  type FlutterwaveBillers,
} from './flutterwave-bills.ts';
export {
  accountNameOf,
  createFlutterwaveTransferProvider,
  readFlutterwaveWebhook,
  type WebhookRefs,
} from './flutterwave-transfers.ts';
export { createFlutterwaveProvider, parseFlutterwaveWebhook } from './flutterwave.ts';
export {
  createFlutterwavePayoutProvider,
  isTransferWebhook,
  readTransferWebhook,
} from './flutterwave-payouts.ts';
export type { SmsProvider, SmsSendResult, SmsBalance } from './sms.ts';
export { internationalNumber } from './sms.ts';
export { createTermiiProvider, DEFAULT_TERMII_BASE_URL } from './termii.ts';

export const DEFAULT_VTPASS_BASE_URL = 'https://sandbox.vtpass.com/api';
export const DEFAULT_FLUTTERWAVE_BASE_URL = 'https://api.flutterwave.com';

/**
 * Where a route sends a product: the VT float (VTpass), the second float (Flutterwave bill
 * payments; the spec's "ATG" wallet, which has no public API: ADR 0040), or always the sandbox.
 */
export type RouteTarget = 'vtpass' | 'flutterwave' | 'sandbox';

/** Service ids per product (a product route covers all of them). */
const PRODUCT_SERVICES: Record<VtuProduct, readonly string[]> = {
  airtime: NETWORKS.map((n) => n.service_id),
  data: [...new Set(DATA.map((d) => d.service_id))],
  cabletv: CABLETV.map((c) => c.service_id),
  electricity: DISCOS.map(([id]) => id),
  education: EDUCATION.map((e) => e.service_id),
};

/** Every service id the catalogue sells (a route key may name one instead of a product). */
const SERVICE_IDS: ReadonlySet<string> = new Set([
  ...NETWORKS.map((n) => n.service_id),
  ...DATA.map((d) => d.service_id),
  ...CABLETV.map((c) => c.service_id),
  ...DISCOS.map(([id]) => id),
  ...EDUCATION.map((e) => e.service_id),
]);

/** Blank values (as `.env` files leave them) count as unset. */
const setting = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v),
  z.string().optional(),
);
const httpUrl = (name: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.url({ protocol: /^https?$/, error: `${name} must be an http(s) URL.` }).optional(),
  );

export interface ProviderRoutes {
  products: Record<VtuProduct, RouteTarget>;
  /** Service-id overrides (e.g. `spectranet=vtpass`), checked before the product. */
  services: Record<string, RouteTarget>;
}

/** `data=flutterwave, airtime=vtpass, spectranet=sandbox` → routes; throws a clear message. */
export function parseProviderRoutes(text: string | undefined): ProviderRoutes {
  const products = Object.fromEntries(VTU_PRODUCTS.map((p) => [p, 'vtpass'])) as Record<
    VtuProduct,
    RouteTarget
  >;
  const services: Record<string, RouteTarget> = {};
  const seen = new Set<string>();
  for (const entry of (text ?? '').split(/[,;\s]+/).filter(Boolean)) {
    const match = /^([a-z0-9-]+)=([a-z]+)$/i.exec(entry);
    if (!match) {
      throw new Error(
        `PROVIDER_ROUTES: "${entry}" is not <product or service id>=<vtpass|flutterwave|sandbox>.`,
      );
    }
    const key = (match[1] as string).toLowerCase();
    let target = (match[2] as string).toLowerCase();
    if (target === 'vt') target = 'vtpass';
    if (target === 'atg') {
      throw new Error(
        `PROVIDER_ROUTES: "${entry}": ATG publishes no API; the second float is Flutterwave bill payments (use flutterwave).`,
      );
    }
    if (target !== 'vtpass' && target !== 'flutterwave' && target !== 'sandbox') {
      throw new Error(
        `PROVIDER_ROUTES: "${entry}": unknown provider "${match[2]}" (use vtpass, flutterwave or sandbox).`,
      );
    }
    const product = (Object.keys(PRODUCT_SERVICES) as VtuProduct[]).find(
      (p) => p === key || PRODUCT_SERVICES[p].includes(key),
    );
    if (target === 'flutterwave' && product && !FLUTTERWAVE_PRODUCTS.includes(product)) {
      throw new Error(
        `PROVIDER_ROUTES: "${entry}": Flutterwave bill payments do not sell ${product} (exam pins are not among its bill categories); route it to vtpass.`,
      );
    }
    if (seen.has(key)) throw new Error(`PROVIDER_ROUTES: "${key}" is routed twice.`);
    seen.add(key);
    if ((VTU_PRODUCTS as readonly string[]).includes(key)) {
      products[key as VtuProduct] = target;
    } else if (SERVICE_IDS.has(key)) {
      services[key] = target;
    } else {
      throw new Error(
        `PROVIDER_ROUTES: "${entry}": unknown product or service id "${key}" ` +
          `(products: ${VTU_PRODUCTS.join(', ')}; or a service id such as mtn-data).`,
      );
    }
  }
  return { products, services };
}

export const ProvidersConfigSchema = z
  .object({
    VTPASS_BASE_URL: httpUrl('VTPASS_BASE_URL').default(DEFAULT_VTPASS_BASE_URL),
    VTPASS_API_KEY: setting,
    VTPASS_PUBLIC_KEY: setting,
    VTPASS_SECRET_KEY: setting,
    /** Our service ids → Flutterwave biller/item codes (flutterwave-bills.ts). */
    FLUTTERWAVE_BILLERS: setting.refine((v) => v === undefined || v.length <= 4_000, {
      error: 'FLUTTERWAVE_BILLERS is too long (at most 4000 characters).',
    }),
    FLUTTERWAVE_SECRET_KEY: setting,
    FLUTTERWAVE_WEBHOOK_HASH: setting,
    FLUTTERWAVE_BASE_URL: httpUrl('FLUTTERWAVE_BASE_URL').default(DEFAULT_FLUTTERWAVE_BASE_URL),
    /** SMS through Termii (ADR 0079): without it a live server sends no SMS. */
    TERMII_API_KEY: setting,
    /** The sender ID registered with Termii: 3 to 11 characters (its messaging-api page). */
    TERMII_SENDER_ID: setting.refine((v) => v === undefined || (v.length >= 3 && v.length <= 11), {
      error: 'TERMII_SENDER_ID must be 3 to 11 characters (Termii sender IDs).',
    }),
    /** The base URL on the Termii dashboard (its pages write https://BASE_URL/api/…). */
    TERMII_BASE_URL: httpUrl('TERMII_BASE_URL').default(DEFAULT_TERMII_BASE_URL),
    PROVIDER_ROUTES: setting,
    /** Bank-transfer funding: `flutterwave` (default with FLUTTERWAVE_SECRET_KEY) or `sandbox`. */
    BANK_TRANSFER_PROVIDER: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
      z
        .enum(['flutterwave', 'sandbox'], {
          error: 'BANK_TRANSFER_PROVIDER must be flutterwave or sandbox.',
        })
        .optional(),
    ),
    PROVIDER_TIMEOUT_MS: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.coerce
        .number({ error: 'PROVIDER_TIMEOUT_MS must be a number of milliseconds.' })
        .int('PROVIDER_TIMEOUT_MS must be a whole number of milliseconds.')
        .min(100, 'PROVIDER_TIMEOUT_MS must be at least 100.')
        .max(300_000, 'PROVIDER_TIMEOUT_MS must be at most 300000.')
        .default(30_000),
    ),
    SANDBOX_INSTANT: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
      z
        .enum(['', '0', '1', 'true', 'false'], { error: 'SANDBOX_INSTANT must be 0 or 1.' })
        .optional()
        .transform((v) => v === '1' || v === 'true'),
    ),
    /** Sandbox only: every simulator answers after this many ms (the bench's slow provider). */
    SANDBOX_LATENCY_MS: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.coerce
        .number({ error: 'SANDBOX_LATENCY_MS must be a number of milliseconds.' })
        .int('SANDBOX_LATENCY_MS must be a whole number of milliseconds.')
        .min(0, 'SANDBOX_LATENCY_MS must be 0 or more.')
        .max(300_000, 'SANDBOX_LATENCY_MS must be at most 300000.')
        .default(0),
    ),
  })
  .superRefine((env, ctx) => {
    for (const message of keyProblems(env)) ctx.addIssue({ code: 'custom', message });
  })
  .transform((env, ctx) => {
    try {
      const routes = parseProviderRoutes(env.PROVIDER_ROUTES);
      const billers = parseFlutterwaveBillers(env.FLUTTERWAVE_BILLERS);
      if (env.FLUTTERWAVE_SECRET_KEY) {
        const missing = unbilled(routes, billers);
        if (missing.length) throw new Error(missingBillers(missing));
      }
      return { ...env, routes, billers };
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  });

/** Service ids routed to Flutterwave that FLUTTERWAVE_BILLERS names no biller for. */
function unbilled(routes: ProviderRoutes, billers: FlutterwaveBillers): string[] {
  const routed = new Set<string>();
  for (const product of VTU_PRODUCTS) {
    for (const service of PRODUCT_SERVICES[product]) {
      if ((routes.services[service] ?? routes.products[product]) === 'flutterwave') {
        routed.add(service);
      }
    }
  }
  return [...routed].filter((service) => !hasBiller(billers, service));
}

const missingBillers = (services: string[]) =>
  `PROVIDER_ROUTES sends ${services.join(', ')} to Flutterwave, but FLUTTERWAVE_BILLERS names no Flutterwave biller for ${services.length > 1 ? 'them' : 'it'} (e.g. glo=<biller_code>/<item_code>, from GET /v3/bill-categories).`;

/** Settings that only make sense together (checked even when other fields are invalid). */
function keyProblems(env: Record<string, unknown>): string[] {
  const set = (name: string) => {
    const value = env[name];
    return typeof value === 'string' && value.trim() !== '';
  };
  const problems: string[] = [];
  const vtpass = ['VTPASS_API_KEY', 'VTPASS_PUBLIC_KEY', 'VTPASS_SECRET_KEY'].map(set);
  if (vtpass.some(Boolean) && !vtpass.every(Boolean)) {
    problems.push(
      'VTpass needs all of VTPASS_API_KEY, VTPASS_PUBLIC_KEY and VTPASS_SECRET_KEY (some are missing).',
    );
  }
  const transfers = env.BANK_TRANSFER_PROVIDER;
  if (
    typeof transfers === 'string' &&
    transfers.trim().toLowerCase() === 'flutterwave' &&
    !set('FLUTTERWAVE_SECRET_KEY')
  ) {
    problems.push('BANK_TRANSFER_PROVIDER=flutterwave needs FLUTTERWAVE_SECRET_KEY.');
  }
  if (set('TERMII_API_KEY') && !set('TERMII_SENDER_ID')) {
    problems.push(
      'TERMII_API_KEY needs TERMII_SENDER_ID (the sender ID registered with Termii, 3 to 11 characters).',
    );
  }
  return problems;
}

export type ProvidersConfig = z.output<typeof ProvidersConfigSchema>;
export type ProvidersEnv = Record<string, string | undefined>;

/** Parses process.env-like input; throws one Error listing every problem (never a secret). */
export function parseProvidersConfig(env: ProvidersEnv): ProvidersConfig {
  const parsed = ProvidersConfigSchema.safeParse(env);
  // The schema drops unknown names, so settings it no longer reads are looked for here.
  const retired = ['ATG_API_KEY', 'ATG_BASE_URL']
    .filter((name) => (env[name] ?? '').trim() !== '')
    .map(
      (name) =>
        `${name} is no longer read: ATG publishes no API; the second float is Flutterwave bill payments with FLUTTERWAVE_SECRET_KEY (ADR 0040). Remove it.`,
    );
  if (parsed.success && !retired.length) return parsed.data;
  // zod skips the cross-field check when a field is invalid: list those problems too.
  const issues = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  const messages = new Set([...issues, ...keyProblems(env), ...retired]);
  const lines = [...messages].map((message) => `- ${message}`);
  throw new Error(`Invalid provider configuration:\n${lines.join('\n')}`);
}

export interface ProvidersDeps {
  fetch?: FetchFn;
  /**
   * The provider simulators the sandbox adapters talk to (ADR 0043); default: a set of its
   * own, kept in memory.
   */
  simulators?: Simulators;
  /** Told of every adapter call (provider, operation, outcome, duration): the app's metrics. */
  observe?: ProviderCallObserver;
}

export interface Providers {
  /** The "VT" float: VTpass when its keys are set, else the sandbox. */
  vt: VtuProvider;
  /**
   * The second float (the spec's `atgwallet`): Flutterwave bill payments when
   * FLUTTERWAVE_SECRET_KEY is set, else the sandbox.
   */
  flutterwave: VtuProvider;
  card: CardProvider;
  /**
   * The Flutterwave payments simulator when the card adapter talks to it (the sandbox: mount
   * the hosted checkout page that drives it); null with FLUTTERWAVE_SECRET_KEY.
   */
  sandboxCard: FlutterwavePaymentsSimulator | null;
  /** Virtual accounts and incoming transfers. */
  transfer: TransferProvider;
  /** The same simulator when the transfer adapter talks to it (mount the sandbox bank page). */
  sandboxTransfer: FlutterwavePaymentsSimulator | null;
  /**
   * Withdrawals to bank accounts (ADR 0084): Flutterwave Transfers v3 with the same choice as
   * bank-transfer funding (BANK_TRANSFER_PROVIDER, else FLUTTERWAVE_SECRET_KEY), else its
   * simulator through the live adapter.
   */
  payout: PayoutProvider;
  /** True when `payout` talks to the simulator. */
  sandboxPayout: boolean;
  /**
   * SMS (ADR 0079): Termii when TERMII_API_KEY is set; else, when every other provider is
   * simulated (sandbox mode), the Termii adapter against its simulator; else none (a live
   * server without a Termii key sends no SMS).
   */
  sms: SmsProvider | null;
  /** The simulators behind the sandbox adapters (always built; only sandbox routes use them). */
  simulators: Simulators;
  /** Who sells this product (service-id route first, then product route). */
  forProduct(product: VtuProduct, serviceId?: string): VtuProvider;
  /** The configured route of a product or service: the default provider order (ADR 0052). */
  routeOf(product: VtuProduct, serviceId?: string): RouteTarget;
  /** The adapter a route target names. */
  byTarget(target: RouteTarget): VtuProvider;
  /** The provider a stored transaction names (requery the one that sold it). */
  byName(name: string): VtuProvider | undefined;
  config: ProvidersConfig;
}

export function createProviders(
  env: ProvidersEnv | ProvidersConfig,
  deps: ProvidersDeps = {},
): Providers {
  const config = 'routes' in env ? (env as ProvidersConfig) : parseProvidersConfig(env);
  const timeoutMs = config.PROVIDER_TIMEOUT_MS;
  const instant = config.SANDBOX_INSTANT;
  // Every adapter is timed here, as it is made, so no caller can reach one untimed (ADR 0049).
  const timed = <T extends { name: string }>(adapter: T): T =>
    deps.observe ? instrument(adapter, deps.observe) : adapter;

  // The sandbox is the live adapters against the providers' simulators (ADR 0043).
  const simulators =
    deps.simulators ??
    createSimulators({
      store: () => memoryStore<never>(),
      instant,
      latencyMs: config.SANDBOX_LATENCY_MS,
      webhookHash: config.FLUTTERWAVE_WEBHOOK_HASH,
    });
  const sandboxVt = timed(
    createVtpassProvider({
      name: 'sandbox-vt',
      baseUrl: simulators.vtpassBaseUrl,
      ...SANDBOX_VTPASS_KEYS,
      timeoutMs,
      fetch: simulators.fetch,
    }),
  );
  const sandboxFlutterwave = timed(
    createFlutterwaveBillsProvider({
      name: 'sandbox-flutterwave',
      baseUrl: simulators.flutterwaveBaseUrl,
      secretKey: SANDBOX_FLUTTERWAVE_SECRET,
      billers: parseFlutterwaveBillers(SIMULATOR_FLUTTERWAVE_BILLERS),
      timeoutMs,
      fetch: simulators.fetch,
    }),
  );

  const vt =
    config.VTPASS_API_KEY && config.VTPASS_PUBLIC_KEY && config.VTPASS_SECRET_KEY
      ? timed(
          createVtpassProvider({
            baseUrl: config.VTPASS_BASE_URL,
            apiKey: config.VTPASS_API_KEY,
            publicKey: config.VTPASS_PUBLIC_KEY,
            secretKey: config.VTPASS_SECRET_KEY,
            timeoutMs,
            fetch: deps.fetch,
          }),
        )
      : sandboxVt;
  const flutterwave = config.FLUTTERWAVE_SECRET_KEY
    ? timed(
        createFlutterwaveBillsProvider({
          secretKey: config.FLUTTERWAVE_SECRET_KEY,
          baseUrl: config.FLUTTERWAVE_BASE_URL,
          billers: config.billers,
          timeoutMs,
          fetch: deps.fetch,
        }),
      )
    : sandboxFlutterwave;

  // Card checkout and bank transfers: the same live adapters against the payments simulator,
  // named `sandbox-…` so the mode shows (deployment.ts) and stored accounts say where they are.
  // They accept the hash the simulator signs with, so its webhooks reach the app unconfigured.
  const simulatedPayments = {
    baseUrl: simulators.flutterwaveBaseUrl,
    secretKey: SANDBOX_FLUTTERWAVE_SECRET,
    webhookHash: simulators.webhookHash,
    timeoutMs,
    fetch: simulators.fetch,
  };
  const livePayments = {
    secretKey: config.FLUTTERWAVE_SECRET_KEY as string,
    webhookHash: config.FLUTTERWAVE_WEBHOOK_HASH,
    baseUrl: config.FLUTTERWAVE_BASE_URL,
    timeoutMs,
    fetch: deps.fetch,
  };
  const sandboxCard = config.FLUTTERWAVE_SECRET_KEY ? null : simulators.payments;
  const card: CardProvider = timed(
    sandboxCard
      ? createFlutterwaveProvider({ ...simulatedPayments, name: 'sandbox-card' })
      : createFlutterwaveProvider(livePayments),
  );

  const realTransfers =
    (config.BANK_TRANSFER_PROVIDER ??
      (config.FLUTTERWAVE_SECRET_KEY ? 'flutterwave' : 'sandbox')) === 'flutterwave';
  const sandboxTransfer = realTransfers ? null : simulators.payments;
  const transfer: TransferProvider = timed(
    sandboxTransfer
      ? createFlutterwaveTransferProvider({ ...simulatedPayments, name: 'sandbox-transfer' })
      : createFlutterwaveTransferProvider(livePayments),
  );

  const payout: PayoutProvider = timed(
    sandboxTransfer
      ? createFlutterwavePayoutProvider({ ...simulatedPayments, name: 'sandbox-payouts' })
      : createFlutterwavePayoutProvider(livePayments),
  );

  // No provider publishes Spectranet's plan codes (ADR 0044): with both floats simulated and
  // no route of its own, the sandbox sells it through the second float's simulator.
  const routes: ProviderRoutes =
    vt === sandboxVt &&
    flutterwave === sandboxFlutterwave &&
    !config.routes.services.spectranet &&
    config.routes.products.data === 'vtpass'
      ? { ...config.routes, services: { ...config.routes.services, spectranet: 'flutterwave' } }
      : config.routes;

  // Real SMS reach real people: the simulator only while every money provider is simulated.
  const allSimulated =
    vt === sandboxVt &&
    flutterwave === sandboxFlutterwave &&
    sandboxCard !== null &&
    sandboxTransfer !== null;
  const sms: SmsProvider | null = config.TERMII_API_KEY
    ? timed(
        createTermiiProvider({
          apiKey: config.TERMII_API_KEY,
          senderId: config.TERMII_SENDER_ID as string,
          baseUrl: config.TERMII_BASE_URL,
          timeoutMs,
          fetch: deps.fetch,
        }),
      )
    : allSimulated
      ? timed(
          createTermiiProvider({
            name: 'sandbox-termii',
            apiKey: SANDBOX_TERMII.apiKey,
            senderId: SANDBOX_TERMII.senderId,
            baseUrl: simulators.termiiBaseUrl,
            timeoutMs,
            fetch: simulators.fetch,
          }),
        )
      : null;

  const routeOf = (product: VtuProduct, serviceId?: string): RouteTarget =>
    (serviceId ? routes.services[serviceId.toLowerCase()] : undefined) ?? routes.products[product];
  const byTarget: Record<RouteTarget, VtuProvider> = {
    vtpass: vt,
    flutterwave,
    sandbox: sandboxVt,
  };
  const all = new Map<string, VtuProvider>(
    [sandboxVt, sandboxFlutterwave, vt, flutterwave].map((p) => [p.name, p]),
  );
  // Sandbox purchases stored before ADR 0040 name the second float's sandbox `sandbox-atg`.
  all.set('sandbox-atg', sandboxFlutterwave);

  return {
    vt,
    flutterwave,
    card,
    sandboxCard,
    transfer,
    sandboxTransfer,
    payout,
    sandboxPayout: sandboxTransfer !== null,
    sms,
    simulators,
    forProduct(product, serviceId) {
      return byTarget[routeOf(product, serviceId)];
    },
    routeOf,
    byTarget: (target) => byTarget[target],
    byName: (name) => all.get(name),
    config: { ...config, routes },
  };
}

/** One paragraph for the startup log: which adapter serves what, and why (no secrets). */
export function describeProviders(providers: Providers): string {
  const { config } = providers;
  const host = (url: string) => new URL(url).host;
  const vt =
    providers.vt.name === 'vtpass'
      ? `VTpass at ${host(config.VTPASS_BASE_URL)}`
      : 'VTpass simulator, through the live adapter (set VTPASS_API_KEY, VTPASS_PUBLIC_KEY, VTPASS_SECRET_KEY for VTpass)';
  const second =
    providers.flutterwave.name === 'flutterwave'
      ? `Flutterwave bill payments at ${host(config.FLUTTERWAVE_BASE_URL)}`
      : 'Flutterwave bill-payments simulator, through the live adapter (set FLUTTERWAVE_SECRET_KEY for Flutterwave bill payments)';
  let card =
    'sandbox checkout, the Flutterwave payments simulator through the live adapter (set FLUTTERWAVE_SECRET_KEY for Flutterwave)';
  if (!providers.sandboxCard) {
    card = `Flutterwave at ${host(config.FLUTTERWAVE_BASE_URL)}`;
    if (!config.FLUTTERWAVE_WEBHOOK_HASH) {
      card += ' (FLUTTERWAVE_WEBHOOK_HASH not set: webhooks are refused)';
    }
  }
  const transfers = providers.sandboxTransfer
    ? 'sandbox transfers (page /sandbox/transfer), the Flutterwave payments simulator through the live adapter'
    : `Flutterwave virtual accounts and transfers to banks at ${host(config.FLUTTERWAVE_BASE_URL)}`;
  const routes = VTU_PRODUCTS.map((p) => `${p} → ${providers.forProduct(p).name}`);
  for (const [service, target] of Object.entries(config.routes.services)) {
    const provider =
      target === 'flutterwave' ? providers.flutterwave : target === 'vtpass' ? providers.vt : null;
    routes.push(`${service} → ${provider?.name ?? 'sandbox-vt'}`);
  }
  const sms =
    providers.sms?.name === 'termii'
      ? `Termii at ${host(config.TERMII_BASE_URL)} (sender ID ${config.TERMII_SENDER_ID ?? ''})`
      : providers.sms
        ? 'Termii simulator, outbox at /api/dev/sms?to=… (through the live adapter; set TERMII_API_KEY and TERMII_SENDER_ID for Termii)'
        : 'none: no SMS are sent (set TERMII_API_KEY and TERMII_SENDER_ID to send them through Termii)';
  return [
    `Providers: VT float = ${vt}; second float = ${second}; card = ${card}; bank transfers = ${transfers}.`,
    `SMS: ${sms}.`,
    `Routes: ${routes.join(', ')}.`,
    `Timeout ${config.PROVIDER_TIMEOUT_MS} ms${config.SANDBOX_INSTANT ? '; sandbox instant' : ''}.`,
  ].join('\n');
}
