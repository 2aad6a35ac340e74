import * as api from '@contract/api';
import type { StatementKind, TransactionStatus } from '@contract/entities';
import { LIMITS } from '@contract/business-limits';
import { apiKey, useApiQuery } from '@/lib/swr';

/**
 * GET /api/user/transactions: one server page of your wallet statement, newest first (ADR
 * 0020, 0045), by status and kind, `q` an id, a reference or where it went.
 */
export type MyTransactionsQuery = {
  page: number;
  status?: TransactionStatus;
  kind?: StatementKind;
  q?: string;
  /** Rows per page; the spec's 5 unless the screen chooses (`historyPageSize`). */
  limit?: number;
};

const input = ({ limit = LIMITS.pageSize, ...query }: MyTransactionsQuery) => ({
  query: { ...query, limit },
});

export const myTransactionsKey = (query: MyTransactionsQuery) =>
  apiKey(api.myTransactions, input(query));

export function useMyTransactions(query: MyTransactionsQuery) {
  return useApiQuery(api.myTransactions, input(query));
}
