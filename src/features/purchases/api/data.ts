import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** POST /api/transactions/data: buy a data plan. */
export const dataPurchaseKey = api.data.path;

/** Revalidates the current user: the balance and the history change. */
export function useDataPurchase() {
  return useApiMutation(api.data, {
    invalidates: [api.currentUser, api.myTransactions, api.myCoupons, api.recipients],
  });
}
