import * as api from '@contract/api';
import type { Kobo } from '@contract/money';
import { useApiMutation, useApiQuery } from '@/lib/swr';

/** POST /api/transactions/share: sends wallet funds by e-mail; refreshes the balance. */
export const shareFundsKey = api.share.path;

export function useShareFunds() {
  return useApiMutation(api.share, { invalidates: [api.currentUser, api.myTransactions] });
}

/** POST /api/transactions/share/recipient: the masked name behind an e-mail (ADR 0046). */
export function useShareRecipient() {
  return useApiMutation(api.shareRecipient);
}

/** What a share answered and what the customer confirmed: enough to find its line. */
export type SentShare = { amount: Kobo; email: string; name: string; balance: Kobo };

/**
 * The sender's statement line of a share just sent (ADR 0075): the share answers the new
 * balance only, so the line is the newest `share_out` of that amount whose balance after is the
 * one answered. It carries the transaction id and time, and is what the receipt is made of, as
 * History's receipt of the same line.
 */
export function useSentShareLine(sent: SentShare | null) {
  const lines = useApiQuery(
    api.myTransactions,
    sent ? { query: { kind: 'share_out', page: 1, limit: 5 } } : null,
  );
  const line = sent
    ? lines.data?.message.find(
        (l) => l.amountCharged === sent.amount && l.balance_after === sent.balance,
      )
    : undefined;
  return { line, isLoading: lines.isLoading, failed: !!lines.error || (!!lines.data && !line) };
}
