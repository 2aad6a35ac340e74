import { useState } from 'react';
import { FALLBACK } from '@contract/messages';
import type { Transaction } from '@contract/entities';
import { errorMessage } from '@/lib/api-error';
import { preloadPurchaseResult } from './lazy-purchase-result';

export interface PurchaseMutation<B> {
  trigger(input: { body: B }): Promise<{ message: Transaction }>;
  reset(): void;
  error: unknown;
}

/**
 * The part every purchase form shares: send the body, keep the transaction the server answered
 * (successful, pending or failed) for the result view, and word a refusal as spec §8 says
 * (the server's message, else "Oops!! a problem occured while trying to connect.").
 */
export function usePurchaseFlow<B>(buy: PurchaseMutation<B>) {
  const [result, setResult] = useState<Transaction | null>(null);
  return {
    result,
    serverError: buy.error ? errorMessage(buy.error, FALLBACK.purchase) : '',
    async submit(body: B) {
      // The result view loads while the provider answers (lazy-purchase-result.tsx).
      void preloadPurchaseResult().catch(() => {});
      try {
        setResult((await buy.trigger({ body })).message);
      } catch {
        // The refusal is shown from buy.error (serverError).
      }
    },
    /** Back to an empty form after the result was read. */
    done() {
      setResult(null);
      buy.reset();
    },
  };
}
