import { z } from './zod';
import { endpoint, message } from './endpoint';
import { EpochMs } from './entities';

/**
 * Provider failover, circuit breaker and float alerts (ADR 0052). Each product
 * (or one of its services) has an ordered list of providers, set by an admin; a purchase the
 * first refuses definitely goes to the next, under the same record; a provider refusing or
 * timing out too often in a row is paused for a while (the breaker); each float has an alert
 * threshold.
 */

/** The floats a purchase can be routed to (VTpass; Flutterwave bill payments, ADR 0040). */
export const ROUTE_PROVIDERS = ['vtpass', 'flutterwave'] as const;
export type RouteProvider = (typeof ROUTE_PROVIDERS)[number];

export const ROUTE_PROVIDER_LABELS: Record<RouteProvider, string> = {
  vtpass: 'VTpass',
  flutterwave: 'Flutterwave',
};

/**
 * The float behind an adapter's name as a record keeps it (`providers_tried`, `provider`): the
 * sandbox adapters talk to that provider's simulator (ADR 0043); `sandbox-atg` is the second
 * float's sandbox before ADR 0040. Null for a name this list does not know.
 */
export function routeProviderOf(adapter: string): RouteProvider | null {
  if (adapter === 'vtpass' || adapter === 'sandbox-vt') return 'vtpass';
  if (['flutterwave', 'sandbox-flutterwave', 'sandbox-atg'].includes(adapter)) return 'flutterwave';
  return null;
}

/**
 * The operator's other floats (ADR 0086), polled and alerted by the same float poll as the two
 * above: the SMS account at Termii, and the Flutterwave NGN balance withdrawals are paid from.
 */
export const OPERATOR_FLOATS = ['termii', 'payouts'] as const;
export type OperatorFloat = (typeof OPERATOR_FLOATS)[number];

/** Every float the poll reads and an admin may set an alert threshold on. */
export const FLOAT_ACCOUNTS = [...ROUTE_PROVIDERS, ...OPERATOR_FLOATS] as const;
export type FloatAccount = (typeof FLOAT_ACCOUNTS)[number];

export const FLOAT_ACCOUNT_LABELS: Record<FloatAccount, string> = {
  ...ROUTE_PROVIDER_LABELS,
  termii: 'Termii (SMS)',
  payouts: 'Flutterwave payouts',
};

/** Products Flutterwave bill payments sell (exam pins are not among its bill categories). */
export const FLUTTERWAVE_ROUTE_PRODUCTS = ['airtime', 'data', 'cabletv', 'electricity'] as const;

export const PROVIDER_MSG = {
  routeUnknown: 'There is no such product or service to route.',
  routeTwice: 'Each provider can appear only once in the order.',
  routeEmpty: 'Choose at least one provider.',
  routeNotSold: 'Flutterwave does not sell exam pins: keep VTpass alone for education.',
  thresholdInvalid: 'Enter the alert threshold in naira, from ₦0 to ₦100,000,000, or clear it.',
  faultSandboxOnly: 'Provider faults can be injected in sandbox mode only.',
} as const;

/** Largest alert threshold: ₦100,000,000 in kobo. */
export const MAX_FLOAT_THRESHOLD = 10_000_000_000;

export const ProviderRouteSchema = z.object({
  /** A product (`data`) or a service id (`mtn-data`). */
  key: z.string(),
  kind: z.enum(['product', 'service']),
  label: z.string(),
  providers: z.array(z.enum(ROUTE_PROVIDERS)),
  /** True while no admin has set it: the configured route (PROVIDER_ROUTES) applies. */
  is_default: z.boolean(),
});
export type ProviderRoute = z.output<typeof ProviderRouteSchema>;

export const ProviderRouteBody = z.object({
  key: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, PROVIDER_MSG.routeUnknown),
      z.maxLength(64, PROVIDER_MSG.routeUnknown),
    ),
  providers: z.array(z.enum(ROUTE_PROVIDERS)).check(
    z.minLength(1, PROVIDER_MSG.routeEmpty),
    z.maxLength(ROUTE_PROVIDERS.length, PROVIDER_MSG.routeTwice),
    z.refine((list) => new Set(list).size === list.length, PROVIDER_MSG.routeTwice),
  ),
});

/** Closed: in use. Open: paused until `open_until`. Half-open: the next purchase tries it. */
export const BREAKER_STATES = ['closed', 'open', 'half_open'] as const;
export type BreakerState = (typeof BREAKER_STATES)[number];

export const ProviderHealthSchema = z.object({
  provider: z.enum(ROUTE_PROVIDERS),
  /** The adapter serving it (`vtpass`, `sandbox-vt`, …). */
  name: z.string(),
  state: z.enum(BREAKER_STATES),
  /** Definite refusals or timeouts in a row (reset by an answer that is neither). */
  failures: z.int().check(z.nonnegative()),
  open_until: z.nullable(EpochMs),
  /** The float as last polled (kobo); null until polled. */
  float: z.nullable(z.int()),
  float_polled_at: z.nullable(EpochMs),
  /** Why the last poll got no balance (the adapter's message). */
  float_error: z.nullable(z.string()),
  /** Alert below this (kobo); null: no alert. */
  threshold: z.nullable(z.int().check(z.nonnegative())),
  below_threshold: z.boolean(),
  /** Purchase calls in the last hour, the share delivered or accepted, the median latency. */
  calls: z.int().check(z.nonnegative()),
  success_rate: z.nullable(z.number().check(z.gte(0), z.lte(1))),
  median_latency_ms: z.nullable(z.int().check(z.nonnegative())),
});
export type ProviderHealth = z.output<typeof ProviderHealthSchema>;

export const ProvidersOverviewSchema = z.object({
  providers: z.array(ProviderHealthSchema),
  routes: z.array(ProviderRouteSchema),
});
export type ProvidersOverview = z.output<typeof ProvidersOverviewSchema>;

export const FloatThresholdBody = z.object({
  provider: z.enum(FLOAT_ACCOUNTS),
  threshold: z.nullable(
    z
      .number({ error: PROVIDER_MSG.thresholdInvalid })
      .check(
        z.int(PROVIDER_MSG.thresholdInvalid),
        z.gte(0, PROVIDER_MSG.thresholdInvalid),
        z.lte(MAX_FLOAT_THRESHOLD, PROVIDER_MSG.thresholdInvalid),
      ),
  ),
});

/** One of the operator's other floats as last polled (ADR 0086). */
export const OperatorFloatSchema = z.object({
  float: z.enum(OPERATOR_FLOATS),
  /** The adapter asked (`termii`, `sandbox-termii`, `flutterwave-payouts`…); null: none. */
  name: z.nullable(z.string()),
  /** Kobo, as last polled; null until a poll gave one. */
  balance: z.nullable(z.int()),
  polled_at: z.nullable(EpochMs),
  /** Why the last poll got no balance (the adapter's message). */
  error: z.nullable(z.string()),
  threshold: z.nullable(z.int().check(z.nonnegative())),
  below_threshold: z.boolean(),
});
export type OperatorFloatHealth = z.output<typeof OperatorFloatSchema>;

/** What the operator pays for SMS today and the floats behind SMS and withdrawals (ADR 0086). */
export const OperatorCostsSchema = z.object({
  sms: z.object({
    /** SMS the provider took since Lagos midnight. */
    sent_today: z.int().check(z.nonnegative()),
    /** SMS created since Lagos midnight that ended failed (refused, or given up). */
    failed_today: z.int().check(z.nonnegative()),
    /** SMS waiting to be sent now (queued or being sent), whenever made. */
    queued: z.int().check(z.nonnegative()),
  }),
  floats: z.array(OperatorFloatSchema),
});
export type OperatorCosts = z.output<typeof OperatorCostsSchema>;

// What became of each provider a purchase tried (TriedProviderSchema) lives in entities.ts:
// the admin's transaction shape carries it, and entities.ts cannot import this file.

/**
 * What the sandbox fault switch reaches: a purchase provider's purchase calls, or Flutterwave
 * Transfers' create calls (withdrawals, ADR 0084).
 */
export const FAULT_PROVIDERS = [...ROUTE_PROVIDERS, 'flutterwave-transfers'] as const;
export type FaultProvider = (typeof FAULT_PROVIDERS)[number];

export const ProviderFaultBody = z.object({
  provider: z.enum(FAULT_PROVIDERS),
  /**
   * `refuse`: a documented definite refusal; `timeout`: no answer (the adapter times out);
   * `error`: an HTTP 500; `malformed`: a 200 whose JSON body is cut. Except `refuse`, the
   * simulator has done the call's work first, as a provider that failed while answering.
   */
  fault: z.enum(['refuse', 'timeout', 'error', 'malformed', 'clear']),
  /** How many of the next purchase (or transfer) calls meet it. */
  count: z._default(z.int().check(z.gte(1), z.lte(50)), 1),
});

export const adminProviders = endpoint({
  name: 'admin.providers',
  method: 'GET',
  path: '/api/admin/providers',
  access: 'admin',
  summary:
    "Each provider's breaker state, float, alert threshold and last hour (success rate, median latency); the routes (ADR 0052).",
  response: message(ProvidersOverviewSchema),
});
export const setProviderRoute = endpoint({
  name: 'admin.setProviderRoute',
  method: 'PUT',
  path: '/api/admin/providers/route',
  access: 'admin',
  summary: 'Sets the ordered providers of a product or service (audited).',
  body: ProviderRouteBody,
  response: message(ProviderRouteSchema),
  errors: [400, 401, 403, 404, 429, 500],
});
export const setFloatThreshold = endpoint({
  name: 'admin.setFloatThreshold',
  method: 'PUT',
  path: '/api/admin/providers/threshold',
  access: 'admin',
  summary:
    "Sets (or clears) a float's alert threshold in kobo (audited): a purchase provider's, the SMS account's or the payout float's (ADR 0086).",
  body: FloatThresholdBody,
  response: message(z.union([ProviderHealthSchema, OperatorFloatSchema])),
  errors: [400, 401, 403, 429, 500],
});
export const devProviderFault = endpoint({
  name: 'dev.providerFault',
  method: 'POST',
  path: '/api/dev/provider-fault',
  access: 'dev',
  summary:
    'Sandbox only: the simulator of a provider refuses, never answers, answers HTTP 500 or a cut body on its next purchase (or withdrawal transfer) calls, to try failover, the breaker and the requery.',
  body: ProviderFaultBody,
  response: message(z.object({ provider: z.enum(FAULT_PROVIDERS), queued: z.int() })),
  errors: [400, 404, 500],
});
export const adminOperatorCosts = endpoint({
  name: 'admin.operatorCosts',
  method: 'GET',
  path: '/api/admin/operator-costs',
  access: 'admin',
  summary:
    'SMS sent, failed and queued today, and the SMS (Termii) and payout (Flutterwave) floats as last polled, with their alert thresholds (ADR 0086).',
  response: message(OperatorCostsSchema),
  errors: [401, 403, 429, 500],
});
