import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** POST /api/payment/verify: settles a returned card payment; refreshes the balance. */
export const verifyPaymentKey = api.verifyPayment.path;

export function useVerifyPayment() {
  return useApiMutation(api.verifyPayment, { invalidates: [api.currentUser] });
}
