import * as api from '@contract/api';
import { apiKey, useApiQuery } from '@/lib/swr';

/** GET /api/product/all (admin): the whole catalogue, plans off sale included. */
export const productsKey = apiKey(api.products);

export function useProducts() {
  return useApiQuery(api.products, {});
}
