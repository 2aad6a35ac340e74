import { api, type ProviderHealth, type ProviderRoute } from '@contract';
import { handle, SEED_NOW } from '@mocks/index';

/**
 * Provider states for the overview's cards and the Providers page (ADR 0052), on the seed's
 * clock so every time shown is the same on each run: SEED_NOW is 09:00 in Lagos.
 */
const MINUTE = 60_000;

export const HEALTHY: Record<'vtpass' | 'flutterwave', ProviderHealth> = {
  vtpass: {
    provider: 'vtpass',
    name: 'sandbox-vt',
    state: 'closed',
    failures: 0,
    open_until: null,
    float: 2_412_350_00,
    float_polled_at: SEED_NOW - 2 * MINUTE,
    float_error: null,
    threshold: 500_000_00,
    below_threshold: false,
    calls: 148,
    success_rate: 0.98,
    median_latency_ms: 850,
  },
  flutterwave: {
    provider: 'flutterwave',
    name: 'sandbox-flutterwave',
    state: 'closed',
    failures: 0,
    open_until: null,
    float: 1_800_000_00,
    float_polled_at: SEED_NOW - 2 * MINUTE,
    float_error: null,
    threshold: null,
    below_threshold: false,
    calls: 0,
    success_rate: null,
    median_latency_ms: null,
  },
};

const ROUTES: ProviderRoute[] = [
  { key: 'airtime', kind: 'product', label: 'Airtime', providers: ['vtpass'], is_default: true },
  {
    key: 'data',
    kind: 'product',
    label: 'Data',
    providers: ['vtpass', 'flutterwave'],
    is_default: false,
  },
  {
    key: 'mtn-data',
    kind: 'service',
    label: 'MTN Data',
    providers: ['flutterwave', 'vtpass'],
    is_default: false,
  },
];

/** GET /api/admin/providers answering these two providers (each a change of HEALTHY's). */
export function providersAnswer(
  vtpass: Partial<ProviderHealth> = {},
  flutterwave: Partial<ProviderHealth> = {},
) {
  return handle(api.adminProviders, () => ({
    message: {
      providers: [
        { ...HEALTHY.vtpass, ...vtpass },
        { ...HEALTHY.flutterwave, ...flutterwave },
      ],
      routes: ROUTES,
    },
  }));
}

/** Flutterwave paused by its breaker until 09:05 after five refusals in a row. */
export const ONE_PAUSED = providersAnswer(
  {},
  {
    state: 'open',
    failures: 5,
    open_until: SEED_NOW + 5 * MINUTE,
    calls: 12,
    success_rate: 0.5,
    median_latency_ms: 4_200,
  },
);

/** Its cooldown over: the next purchase routed to Flutterwave tries it. */
export const TRYING_AGAIN = providersAnswer(
  {},
  { state: 'half_open', failures: 5, open_until: SEED_NOW - MINUTE },
);

/** VTpass's float under the admin's ₦500,000 threshold. */
export const BELOW_THRESHOLD = providersAnswer({ float: 320_000_00, below_threshold: true });

/** The last poll got no balance from Flutterwave; the float before it stays shown. */
export const POLL_ERROR = providersAnswer(
  {},
  { float_error: 'Flutterwave did not answer the balance request (timed out after 15 s).' },
);

/** Never polled (FLOAT_POLL_INTERVAL_MS=0): the floats are read from the providers now. */
export const NOT_POLLED = providersAnswer(
  { float: null, float_polled_at: null, threshold: null },
  { float: null, float_polled_at: null },
);
