import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** POST /api/transactions/cabletv: pay a cable TV subscription. */
export const cabletvPurchaseKey = api.cabletv.path;

/** Revalidates the current user: the balance and the history change. */
export function useCableTvPurchase() {
  return useApiMutation(api.cabletv, {
    invalidates: [api.currentUser, api.myTransactions, api.myCoupons, api.recipients],
  });
}
