import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TRUST_MSG } from '@contract/messages';
import { FormAlert } from '@/components/ui/form-alert';
import { lazyComponent } from '@/lib/lazy-component';

/*
 * The card checkout's return (payment-return.tsx) happens once per funding, on a page the
 * customer opens many times a day without it: the overview loads it only when the checkout
 * has sent the customer back (about 2 KB gzip of the overview's first download,
 * with the verification call's schemas). Should its code fail to load, nothing is shown, as
 * when the verification itself fails (spec §4): the parameters stay in the URL, so a reload
 * confirms the payment, and the provider's webhook credits the wallet in any case.
 */
const ReturnFromCheckout = lazyComponent(
  () => import('./payment-return').then((module) => module.PaymentReturn),
  { loading: Confirming },
);

function Confirming() {
  return <FormAlert tone="info">{TRUST_MSG.confirmingPayment}</FormAlert>;
}

/**
 * `PaymentReturn` when the URL carries the checkout's `tx_ref`; it stays mounted after it has
 * taken the parameters off the URL, to say what reached the wallet.
 */
export function PaymentReturn() {
  const [params] = useSearchParams();
  const back = params.has('tx_ref');
  const [returned, setReturned] = useState(back);
  if (back && !returned) setReturned(true);
  return returned ? <ReturnFromCheckout /> : null;
}
