import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** POST /api/transactions/electricity: buy an electricity token. */
export const electricityPurchaseKey = api.electricity.path;

/** Revalidates the current user: the balance and the history change. */
export function useElectricityPurchase() {
  return useApiMutation(api.electricity, {
    invalidates: [api.currentUser, api.myTransactions, api.myCoupons, api.recipients],
  });
}
