import * as api from '@contract/api';
import { LIMITS } from '@contract/business-limits';
import { apiKey, useApiQuery } from '@/lib/swr';

/** GET /api/payment/all (an admin endpoint under `payments`): one server page; `q` user, `reference` a payment reference. */
export type PaymentsQuery = { page: number; q?: string; reference?: string };

export const paymentsKey = (query: PaymentsQuery) =>
  apiKey(api.payments, { query: { ...query, limit: LIMITS.pageSize } });

export function useAllPayments(query: PaymentsQuery) {
  return useApiQuery(api.payments, { query: { ...query, limit: LIMITS.pageSize } });
}
