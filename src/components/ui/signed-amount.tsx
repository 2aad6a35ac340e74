import type { Transaction } from '@contract/entities';
import { cn } from '@/lib/cn';
import { isAttempt, isCredit, isHeld, movedAmount } from '@/lib/statement';

import { Money } from './money';

/**
 * A wallet statement line's amount with its sign (ADR 0045): "+₦5,000.00" in (green),
 * "−₦980.00" out; screen readers hear "in" or "out". A line from before the statement (no
 * kind) shows its value, as it always did.
 */
export function SignedAmount({ transaction: tx }: { transaction: Transaction }) {
  if (tx.kind === undefined) return <Money kobo={tx.value} />;
  // A held credit moved nothing: its amount, unsigned and muted (ADR 0076).
  if (isHeld(tx) && tx.held) {
    return (
      <span data-slot="signed-amount" className="text-muted">
        <Money kobo={tx.held.amount} />
        <span className="sr-only"> held, not in your balance</span>
      </span>
    );
  }
  // A card payment that failed or was cancelled: what the checkout asked, unsigned and muted.
  if (isAttempt(tx)) {
    return (
      <span data-slot="signed-amount" className="text-muted">
        <Money kobo={tx.value} />
        <span className="sr-only"> {tx.status}, not in your balance</span>
      </span>
    );
  }
  const credit = isCredit(tx);
  const moved = movedAmount(tx);
  return <SignedMoney kobo={credit ? moved : -moved} credit={credit} />;
}

/**
 * An amount in kobo with its sign: "+₦5,000.00" in (green) when `credit` (by default, when it
 * is above zero), "−₦980.00" out; screen readers hear "in" or "out".
 */
export function SignedMoney({
  kobo,
  credit = kobo > 0,
  className,
}: {
  kobo: number;
  credit?: boolean;
  className?: string;
}) {
  return (
    <span data-slot="signed-amount" className={cn(credit && 'text-success', className)}>
      {credit ? <span aria-hidden="true">+</span> : null}
      <Money kobo={kobo} />
      <span className="sr-only">{credit ? ' in' : ' out'}</span>
    </span>
  );
}
