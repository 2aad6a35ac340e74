import { api } from '@contract/endpoints';
import { LIMITS } from '@contract/pricing';
import { apiKey, useApiQuery } from '@/lib/swr';

/** GET /api/transactions/all (admin): newest first, one server page; `q` user e-mail, `id` a transaction id. */
export type TransactionsQuery = { page: number; q?: string; id?: string };

export const transactionsKey = (query: TransactionsQuery) =>
  apiKey(api.transactions, { query: { ...query, limit: LIMITS.pageSize } });

export function useAllTransactions(query: TransactionsQuery) {
  return useApiQuery(api.transactions, { query: { ...query, limit: LIMITS.pageSize } });
}
