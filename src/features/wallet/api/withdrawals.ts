import * as api from '@contract/api';
import { useApiMutation, useApiQuery } from '@/lib/swr';

/** Withdrawals to a bank account (ADR 0084): one hook per endpoint. */

/** GET /api/wallet/banks: Flutterwave's banks, by name. Rarely changes: no revalidation on focus. */
export function useBanks() {
  return useApiQuery(api.banks, {}, { revalidateOnFocus: false });
}

/** GET /api/wallet/withdrawals/state: on, or paused with the owner's message. */
export function useWithdrawalState() {
  return useApiQuery(api.withdrawalState, {});
}

/** GET /api/wallet/beneficiaries: accounts paid before, last used first. */
export function useBeneficiaries() {
  return useApiQuery(api.beneficiaries, {});
}

/** DELETE /api/wallet/beneficiaries/:id; the list refreshes. */
export function useDeleteBeneficiary() {
  return useApiMutation(api.deleteBeneficiary, { invalidates: [api.beneficiaries] });
}

/** POST /api/wallet/withdrawals/resolve: the name on the account, from the bank. */
export function useResolveAccount() {
  return useApiMutation(api.resolveAccount);
}

/** GET /api/wallet/withdrawals/quote?amount=<naira>: fee, stamp duty and total; null: not yet. */
export function useWithdrawalQuote(naira: number | null) {
  return useApiQuery(api.withdrawalQuote, naira === null ? null : { query: { amount: naira } });
}

/**
 * POST /api/wallet/withdrawals: the balance, the statement, the list and the saved accounts
 * change at once.
 */
export function useWithdraw() {
  return useApiMutation(api.withdraw, {
    invalidates: [api.currentUser, api.myTransactions, api.myWithdrawals, api.beneficiaries],
  });
}

/** How often a processing withdrawal is asked about again while its screen is open. */
export const FOLLOW_MS = 5_000;

/**
 * GET /api/wallet/withdrawals?page=: the customer's withdrawals, newest first. `follow`:
 * refresh every FOLLOW_MS while one of them is still processing.
 */
export function useMyWithdrawals(page: number, { follow = false } = {}) {
  return useApiQuery(
    api.myWithdrawals,
    { query: { page, limit: 5 } },
    {
      refreshInterval: (latest) =>
        follow && latest?.message.some((w) => w.status === 'pending') ? FOLLOW_MS : 0,
    },
  );
}
