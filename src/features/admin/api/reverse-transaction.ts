import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** POST /api/transactions/reverse: refunds a failed transaction; the list revalidates. */
export const reverseKey = api.reverse.path;

export function useReverseTransaction() {
  return useApiMutation(api.reverse, { invalidates: [api.transactions, api.adminOverview] });
}
