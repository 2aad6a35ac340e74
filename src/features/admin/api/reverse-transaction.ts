import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/**
 * POST /api/transactions/reverse: refunds a failed transaction, or saves the reversal to wait
 * for a second admin (ADR 0070); the lists revalidate.
 */
export const reverseKey = api.reverse.path;

export function useReverseTransaction() {
  return useApiMutation(api.reverse, {
    invalidates: [api.transactions, api.adminOverview, api.approvals],
  });
}
