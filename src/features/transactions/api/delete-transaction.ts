import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** DELETE /api/transactions/delete/:id: hides one of your finished transactions. */
export const deleteTransactionKey = api.deleteTransaction.path;

export function useDeleteTransaction() {
  return useApiMutation(api.deleteTransaction, {
    invalidates: [api.currentUser, api.myTransactions],
  });
}
