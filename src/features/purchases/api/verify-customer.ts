import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** POST /api/transactions/verify-customer: the name on a meter or smart card, before paying. */
export const verifyCustomerKey = api.verifyCustomer.path;

export function useVerifyCustomer() {
  return useApiMutation(api.verifyCustomer);
}
