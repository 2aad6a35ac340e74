import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import * as api from '@contract/api';
import { useSession } from '@/lib/session';
import { apiKey, isKeyOf, useApiMutation, useApiQuery } from '@/lib/swr';

/** GET /api/payment/virtual-account: the customer's account number (or none yet) and the fee rule. */
export const bankTransferInfoKey = apiKey(api.bankTransferInfo, {});

export function useBankTransferInfo() {
  return useApiQuery(api.bankTransferInfo, {});
}

/** POST /api/payment/virtual-account: gets the account number (BVN with consent), once. */
export function useCreateVirtualAccount() {
  return useApiMutation(api.createVirtualAccount, { invalidates: [api.bankTransferInfo] });
}

/**
 * While the account number is on screen the customer is likely sending a transfer from their
 * bank app: the balance is asked for this often, so the credit shows without a reload
 * (a word after every credit). Only while the tab is visible.
 */
export const AWAITING_TRANSFER_REFRESH_MS = 10_000;

export function useBalanceWhileAwaiting(awaiting: boolean) {
  const { tokens } = useSession();
  const { mutate } = useSWRConfig();
  const user = useApiQuery(api.currentUser, tokens && awaiting ? {} : null, {
    refreshInterval: AWAITING_TRANSFER_REFRESH_MS,
    refreshWhenHidden: false,
  });
  const balance = user.data?.message.wallet_balance;
  const seen = useRef(balance);
  useEffect(() => {
    // A new balance: the history shows the credit too.
    if (seen.current !== undefined && balance !== seen.current) {
      void mutate((key) => isKeyOf(api.myTransactions, key));
    }
    seen.current = balance;
  }, [balance, mutate]);
}
