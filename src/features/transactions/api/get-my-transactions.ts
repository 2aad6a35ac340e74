import { api } from '@contract/endpoints';
import type { TransactionStatus } from '@contract/entities';
import { LIMITS } from '@contract/pricing';
import { apiKey, useApiQuery } from '@/lib/swr';

/** GET /api/user/transactions: one server page of your history, newest first (ADR 0020). */
export type MyTransactionsQuery = { page: number; status?: TransactionStatus };

const input = (query: MyTransactionsQuery) => ({
  query: { ...query, limit: LIMITS.pageSize },
});

export const myTransactionsKey = (query: MyTransactionsQuery) =>
  apiKey(api.myTransactions, input(query));

export function useMyTransactions(query: MyTransactionsQuery) {
  return useApiQuery(api.myTransactions, input(query));
}
