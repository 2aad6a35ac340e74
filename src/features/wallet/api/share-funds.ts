import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** POST /api/transactions/share: sends wallet funds by e-mail; refreshes the balance. */
export const shareFundsKey = api.share.path;

export function useShareFunds() {
  return useApiMutation(api.share, { invalidates: [api.currentUser, api.myTransactions] });
}

/** POST /api/transactions/share/recipient: the masked name behind an e-mail (ADR 0046). */
export function useShareRecipient() {
  return useApiMutation(api.shareRecipient);
}
