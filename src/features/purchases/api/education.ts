import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** POST /api/transactions/education: buy exam pins. */
export const educationPurchaseKey = api.education.path;

/** Revalidates the current user: the balance and the history change. */
export function useEducationPurchase() {
  return useApiMutation(api.education, {
    invalidates: [api.currentUser, api.myTransactions, api.myCoupons],
  });
}
