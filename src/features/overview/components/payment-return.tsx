import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TRUST_MSG } from '@contract/messages';
import type { Payment } from '@contract/entities';
import { fundsHeldMessage } from '@contract/verification';
import { FormAlert } from '@/components/ui/form-alert';
import { formatNaira } from '@/lib/money';
import { useVerifyPayment } from '../api/verify-payment';

/** The query parameters the card checkout adds when it sends the customer back (spec §2). */
export const PAYMENT_RETURN_PARAMS = ['status', 'tx_ref', 'transaction_id'] as const;

const NOT_COMPLETED = new Set(['cancelled', 'failed'] as const);
const notCompleted = (status: string): status is 'cancelled' | 'failed' =>
  (NOT_COMPLETED as Set<string>).has(status);

/**
 * Payment return (spec §2, §4): reads `status`, `tx_ref`, `transaction_id`, calls
 * verification once, refreshes the balance and removes the parameters from the URL. A
 * verification failure is silently treated as done; a cancelled or failed checkout gets a
 * neutral note so the customer knows why the balance did not change.
 */
export function PaymentReturn() {
  const [params, setParams] = useSearchParams();
  const verify = useVerifyPayment();
  const started = useRef(false);
  // Back from the checkout, the first paint already says so (no blank frame before the effect).
  const [state, setState] = useState<'idle' | 'verifying' | 'done'>(() =>
    params.has('tx_ref') ? 'verifying' : 'idle',
  );
  const [returnedStatus, setReturnedStatus] = useState('');
  /** The verified payment, to say what reached the wallet (a word after every credit). */
  const [credited, setCredited] = useState<Payment | null>(null);
  const { trigger } = verify;

  const txRef = params.get('tx_ref') ?? '';
  const status = params.get('status') ?? '';
  const transactionId = params.get('transaction_id') ?? '';

  useEffect(() => {
    if (!txRef || started.current) return;
    started.current = true;
    setReturnedStatus(status.toLowerCase());
    setState('verifying');
    const body = {
      status,
      tx_ref: txRef,
      ...(transactionId ? { transaction_id: transactionId } : {}),
    };
    void trigger({ body })
      .then(({ message }) => setCredited(message))
      .catch(() => {
        // spec §4: a verification failure is treated as done
      })
      .finally(() => {
        setState('done');
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            for (const name of PAYMENT_RETURN_PARAMS) next.delete(name);
            return next;
          },
          { replace: true },
        );
      });
  }, [txRef, status, transactionId, trigger, setParams]);

  if (state === 'verifying') {
    return <FormAlert tone="info">{TRUST_MSG.confirmingPayment}</FormAlert>;
  }
  // Held by a level's limit (ADR 0076): not added, why, and how it reaches the wallet.
  if (state === 'done' && credited?.status === 'completed' && credited.held?.status === 'held') {
    const { reason, limit, level } = credited.held;
    return (
      <FormAlert tone="info" title="Payment received, held" data-testid="funds-held">
        {fundsHeldMessage(formatNaira(credited.credited), reason, limit, level)}
      </FormAlert>
    );
  }
  if (state === 'done' && credited?.status === 'completed' && credited.credited > 0) {
    return (
      <FormAlert tone="success" data-testid="funds-added">
        {TRUST_MSG.fundsAdded(formatNaira(credited.credited))}
      </FormAlert>
    );
  }
  if (state === 'done' && notCompleted(returnedStatus)) {
    return (
      <FormAlert tone="info" title="Payment not completed">
        {TRUST_MSG.paymentNotCompleted(returnedStatus)}
      </FormAlert>
    );
  }
  return null;
}
