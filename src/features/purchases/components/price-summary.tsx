import type { PriceBreakdown } from '@contract/pricing';
import { Money } from '@/components/ui/money';
import { cn } from '@/lib/cn';

export type PriceSummaryProps = {
  /** The breakdown from contract/pricing; nothing is shown until it is known. */
  price: PriceBreakdown | undefined;
  /** Label of the face value row ("Amount", "Plan price", "2 × WAEC Result Checker PIN"). */
  valueLabel?: string;
  className?: string;
};

/**
 * What the wallet will be charged, shown before the pin is asked (decisions §5): value, fee,
 * discount and total, from the same pure functions the server charges with.
 */
export function PriceSummary({ price, valueLabel = 'Value', className }: PriceSummaryProps) {
  if (!price) return null;
  return (
    <section
      aria-label="Payment summary"
      className={cn('rounded-card border border-border bg-surface p-4 text-sm', className)}
    >
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5">
        <dt className="text-muted">{valueLabel}</dt>
        <dd className="text-right">
          <Money kobo={price.value} />
        </dd>
        {price.fee > 0 ? (
          <>
            <dt className="text-muted">Convenience fee</dt>
            <dd className="text-right">
              <Money kobo={price.fee} />
            </dd>
          </>
        ) : null}
        {price.discount > 0 ? (
          <>
            <dt className="text-muted">Discount</dt>
            <dd className="text-right">
              <Money kobo={-price.discount} />
            </dd>
          </>
        ) : null}
        <dt className="border-t border-border pt-1.5 font-semibold">Total to pay</dt>
        <dd className="border-t border-border pt-1.5 text-right font-semibold" data-testid="total">
          <Money kobo={price.total} />
        </dd>
      </dl>
    </section>
  );
}
