import {
  api,
  FLOAT_ACCOUNT_LABELS,
  FLUTTERWAVE_ROUTE_PRODUCTS,
  PROVIDER_MSG,
  TIER_PRODUCT_LABELS,
  type FloatAccount,
  type OperatorCosts,
  type OperatorFloatHealth,
  type ProviderHealth,
  type ProviderRoute,
  type RouteProvider,
} from '@contract';
import { MINUTE, now } from '../clock';
import { me } from '../contract-handler';
import { db } from '../db';
import { MockApiError } from '../errors';
import { recordAudit } from '../services/audit';
import { impl } from './impl';

/**
 * The Providers page (ADR 0052) over a small mock state: VTpass healthy with a
 * float above its threshold, Flutterwave paused by its breaker with a float below its
 * threshold, every product on VTpass alone. Order and threshold changes are kept (and
 * audited) until the mock store is reset.
 */
interface State {
  routes: Map<string, RouteProvider[]>;
  thresholds: Record<FloatAccount, number | null>;
  faults: number;
}

// Kept per seed: resetDb() replaces the store's arrays, so a reset starts a fresh state too.
const states = new WeakMap<object, State>();
function state(): State {
  let s = states.get(db.audit);
  if (!s) {
    s = {
      routes: new Map(),
      thresholds: {
        vtpass: 500_000_00,
        flutterwave: 1_500_000_00,
        termii: 5_000_00,
        payouts: 500_000_00,
      },
      faults: 0,
    };
    states.set(db.audit, s);
  }
  return s;
}

const PRODUCTS = ['airtime', 'data', 'cabletv', 'electricity', 'education'] as const;

function routes(): ProviderRoute[] {
  const s = state();
  return PRODUCTS.map((key) => ({
    key,
    kind: 'product' as const,
    label: TIER_PRODUCT_LABELS[key],
    providers: s.routes.get(key) ?? ['vtpass'],
    is_default: !s.routes.has(key),
  }));
}

function health(): ProviderHealth[] {
  const s = state();
  const at = now();
  const floats: Record<RouteProvider, number> = { vtpass: 2_412_350_00, flutterwave: 1_180_000_00 };
  return (['vtpass', 'flutterwave'] as const).map((provider) => {
    const threshold = s.thresholds[provider];
    const float = floats[provider];
    const paused = provider === 'flutterwave';
    return {
      provider,
      name: `sandbox-${provider === 'vtpass' ? 'vt' : 'flutterwave'}`,
      state: paused ? 'open' : 'closed',
      failures: 0,
      open_until: paused ? at + MINUTE : null,
      float,
      float_polled_at: at - 2 * MINUTE,
      float_error: null,
      threshold,
      below_threshold: threshold !== null && float < threshold,
      calls: paused ? 12 : 148,
      success_rate: paused ? 0.5 : 0.98,
      median_latency_ms: paused ? 4_200 : 850,
    };
  });
}

/**
 * The SMS account and the payout float (ADR 0086): Termii at ₦7,840 above its ₦5,000
 * threshold, Flutterwave's NGN balance at ₦1,180,000 above ₦500,000; polled two minutes ago.
 */
function operatorFloats(): OperatorFloatHealth[] {
  const s = state();
  const at = now();
  const balances = { termii: 7_840_00, payouts: 1_180_000_00 } as const;
  return (['termii', 'payouts'] as const).map((float) => {
    const threshold = s.thresholds[float];
    const balance = balances[float];
    return {
      float,
      name: float === 'termii' ? 'sandbox-termii' : 'sandbox-payouts',
      balance,
      polled_at: at - 2 * MINUTE,
      error: null,
      threshold,
      below_threshold: threshold !== null && balance < threshold,
    };
  });
}

export const providers = {
  adminProviders: impl(
    api.adminProviders,
    () => ({ message: { providers: health(), routes: routes() } }),
    () => ({
      message: {
        providers: health().map((p) => ({
          ...p,
          state: 'closed' as const,
          open_until: null,
          float: null,
          float_polled_at: null,
          threshold: null,
          below_threshold: false,
          calls: 0,
          success_rate: null,
          median_latency_ms: null,
        })),
        routes: routes(),
      },
    }),
  ),

  adminOperatorCosts: impl(
    api.adminOperatorCosts,
    (): { message: OperatorCosts } => ({
      message: { sms: { sent_today: 184, failed_today: 3, queued: 2 }, floats: operatorFloats() },
    }),
    () => ({
      message: {
        sms: { sent_today: 0, failed_today: 0, queued: 0 },
        floats: operatorFloats().map((f) => ({
          ...f,
          balance: null,
          polled_at: null,
          below_threshold: false,
        })),
      },
    }),
  ),

  setProviderRoute: impl(api.setProviderRoute, (ctx) => {
    const admin = me(ctx);
    const { key, providers: order } = ctx.body;
    const before = routes().find((r) => r.key === key);
    if (!before) throw new MockApiError('not_found', PROVIDER_MSG.routeUnknown);
    if (
      order.includes('flutterwave') &&
      !(FLUTTERWAVE_ROUTE_PRODUCTS as readonly string[]).includes(key)
    ) {
      throw new MockApiError('validation_error', PROVIDER_MSG.routeNotSold);
    }
    state().routes.set(key, order);
    recordAudit(admin, ctx.request, {
      action: 'provider.route',
      target_type: 'provider',
      target_id: key,
      target_label: before.label,
      before: { providers: before.providers.join(' → ') },
      after: { providers: order.join(' → ') },
    });
    return { message: routes().find((r) => r.key === key) as ProviderRoute };
  }),

  setFloatThreshold: impl(api.setFloatThreshold, (ctx) => {
    const admin = me(ctx);
    const s = state();
    const before = s.thresholds[ctx.body.provider];
    s.thresholds[ctx.body.provider] = ctx.body.threshold;
    recordAudit(admin, ctx.request, {
      action: 'provider.threshold',
      target_type: 'provider',
      target_id: ctx.body.provider,
      target_label: FLOAT_ACCOUNT_LABELS[ctx.body.provider],
      before: { threshold_kobo: before },
      after: { threshold_kobo: ctx.body.threshold },
    });
    const float = operatorFloats().find((f) => f.float === ctx.body.provider);
    if (float) return { message: float };
    return { message: health().find((p) => p.provider === ctx.body.provider) as ProviderHealth };
  }),

  devProviderFault: impl(api.devProviderFault, ({ body }) => {
    const s = state();
    s.faults = body.fault === 'clear' ? 0 : s.faults + body.count;
    return {
      message: { provider: body.provider, queued: body.fault === 'clear' ? 0 : body.count },
    };
  }),
};
