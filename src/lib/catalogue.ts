import { api } from '@contract/endpoints';
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
