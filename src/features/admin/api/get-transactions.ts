import type { TransactionStatus } from '@contract/entities';
import * as api from '@contract/api';
import { LIMITS } from '@contract/business-limits';
import { apiKey, useApiQuery } from '@/lib/swr';

/**
 * GET /api/transactions/all (admin): newest first, one server page; `q` user e-mail, `id` a
 * transaction id, `status` one status, `from`/`to` Lagos days `YYYY-MM-DD`, both inclusive
 * (ADR 0048).
 */
export type TransactionsQuery = {
  page: number;
  q?: string;
  id?: string;
  /** The phone, meter, smart card or provider reference it was for, exact (ADR 0078). */
  dest?: string;
  status?: TransactionStatus;
  from?: string;
  to?: string;
};

export const transactionsKey = (query: TransactionsQuery) =>
  apiKey(api.transactions, { query: { ...query, limit: LIMITS.pageSize } });

export function useAllTransactions(query: TransactionsQuery) {
  return useApiQuery(api.transactions, { query: { ...query, limit: LIMITS.pageSize } });
}
