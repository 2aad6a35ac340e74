import { api } from '@contract/endpoints';
import { apiKey, useApiMutation, useApiQuery } from '@/lib/swr';

/** GET /api/payment/virtual-account: the customer's account number (or none yet) and the fee rule. */
export const bankTransferInfoKey = apiKey(api.bankTransferInfo, {});

export function useBankTransferInfo() {
  return useApiQuery(api.bankTransferInfo, {});
}

/** POST /api/payment/virtual-account: gets the account number (BVN with consent), once. */
export function useCreateVirtualAccount() {
  return useApiMutation(api.createVirtualAccount, { invalidates: [api.bankTransferInfo] });
}
