import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** POST /api/transactions/airtime: buy airtime from the wallet or a coupon. */
export const airtimePurchaseKey = api.airtime.path;

/** Revalidates the balance, the history, the coupons (a redeemed one reads Active NO) and the recipients. */
export function useAirtimePurchase() {
  return useApiMutation(api.airtime, {
    invalidates: [api.currentUser, api.myTransactions, api.myCoupons, api.recipients],
  });
}
