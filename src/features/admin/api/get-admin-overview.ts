import * as api from '@contract/api';
import { apiKey, useApiQuery } from '@/lib/swr';

/** GET /api/admin/overview: totals, recently active users and the last 30 days. */
export const adminOverviewKey = apiKey(api.adminOverview);

export function useAdminOverview() {
  return useApiQuery(api.adminOverview, {});
}
