import * as api from '@contract/api';
import { useIdle } from './idle';
import { useApiQuery } from './swr';

/**
 * The public catalogue lists (spec §7: "all run on app load"), shared by the purchase screens,
 * Buy Coupon and the admin price lists (docs/decisions/0011-shared-queries.md). They change
 * rarely; SWR's cache serves every screen from one request.
 */
export const useNetworks = () => useApiQuery(api.networks, {});
export const useDataProducts = () => useApiQuery(api.dataProducts, {});
export const useCableProducts = () => useApiQuery(api.cableProducts, {});
export const useElectricityProducts = () => useApiQuery(api.electricityProducts, {});
export const useEducationProducts = () => useApiQuery(api.educationProducts, {});

/**
 * Starts every public list when the signed-in app loads (spec §7: "all run on app load"), so
 * a purchase screen opens with its products instead of a skeleton: once the first screen has
 * painted and the main thread is idle (useIdle), so their requests and parsing do not delay
 * that screen (docs/decisions/0031). A purchase screen opened first asks for its own list at
 * once (useNetworks…), whatever this hook has started. The caller reads none of them, so it
 * never re-renders for them (useApiQuery's getters). `enabled` false (no session yet) starts
 * nothing; public pages never call this (they ship no app code).
 */
export function useCatalogueOnLoad(enabled: boolean): void {
  const idle = useIdle();
  const input = enabled && idle ? {} : null;
  useApiQuery(api.networks, input);
  useApiQuery(api.dataProducts, input);
  useApiQuery(api.cableProducts, input);
  useApiQuery(api.electricityProducts, input);
  useApiQuery(api.educationProducts, input);
}
