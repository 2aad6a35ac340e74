import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** POST /api/payment/initiate: starts a card payment; answers the checkout link. */
export const initiatePaymentKey = api.initiatePayment.path;

export function useInitiatePayment() {
  return useApiMutation(api.initiatePayment);
}
