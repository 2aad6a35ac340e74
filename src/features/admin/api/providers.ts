import * as api from '@contract/api';
import type { RouteProvider } from '@contract/providers';
import { useApiQuery } from '@/lib/swr';

/**
 * A provider can be paused or come back while the overview stays open on an operator's screen
 * (the breaker's cooldown is a minute by default): read again every half minute.
 */
export const PROVIDERS_REFRESH_MS = 30_000;

/**
 * GET /api/admin/providers (ADR 0052): each provider's breaker state, polled float, alert
 * threshold and last hour of calls, and every product's (or service's) order of providers.
 */
export function useProviders() {
  return useApiQuery(api.adminProviders, {}, { refreshInterval: PROVIDERS_REFRESH_MS });
}

/**
 * The float read from the provider now (GET /api/user/vtwallet or …/atgwallet): only asked
 * while `enabled`, i.e. when no poll has given a float yet (polling off, or just started).
 */
export function useLiveFloat(provider: RouteProvider, enabled: boolean) {
  return useApiQuery(provider === 'vtpass' ? api.vtBalance : api.atgBalance, enabled ? {} : null);
}
