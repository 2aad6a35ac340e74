import * as api from '@contract/api';
import { LIMITS } from '@contract/business-limits';
import { apiKey, useApiQuery } from '@/lib/swr';

/** GET /api/user/coupons: one server page of your coupons, newest first (ADR 0020). */
const input = (page: number) => ({ query: { page, limit: LIMITS.pageSize } });

export const myCouponsKey = (page: number) => apiKey(api.myCoupons, input(page));

export function useMyCoupons(page: number) {
  return useApiQuery(api.myCoupons, input(page));
}
