import { Link } from '@/lib/link';
import { TRUST_MSG } from '@contract/messages';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import { paths } from '@/config/routes';
import { lazyComponent } from '@/lib/lazy-component';
import type { PurchaseResultProps } from './purchase-result';

export type { PurchaseResultProps } from './purchase-result';

/*
 * The result of a purchase (purchase-result.tsx: the outcome, the token or pins to keep, the
 * receipt to share) is shown only after the customer paid, so a purchase page does not
 * download it for its first paint (about 4 KB gzip on each of the five pages). The
 * forms start loading it as they send a purchase (`preloadPurchaseResult`), so it arrives
 * while the provider answers, long before the transaction does.
 */

/**
 * Shown when the money moved but the result view could not load: the purchase is never
 * hidden behind an error page; its history entry holds everything the result would show.
 */
export function ResultUnavailable({ onDone }: PurchaseResultProps) {
  return (
    <div className="flex flex-col gap-4" data-testid="purchase-result">
      <FormAlert tone="info">{TRUST_MSG.resultUnavailable}</FormAlert>
      <div className="flex flex-wrap items-center gap-4">
        <Button onClick={onDone}>Done</Button>
        <Link
          to={paths.user.transactions}
          className="inline-flex min-h-control items-center text-sm font-medium text-brand underline-offset-4 hover:underline"
        >
          Open transaction history
        </Link>
      </div>
    </div>
  );
}

/** What the result shows while its view loads: the shape of its outcome and details. */
function ResultSkeleton() {
  return (
    <SkeletonGroup label="Loading the result" className="flex flex-col gap-4">
      <Skeleton shape="block" className="h-16" />
      <Skeleton shape="block" className="h-24" />
    </SkeletonGroup>
  );
}

/**
 * `PurchaseResult` (purchase-result.tsx), loaded on first use; `preloadPurchaseResult` starts
 * the download as the purchase is sent. A failed download shows `ResultUnavailable`, and the
 * next result tries again.
 */
export const PurchaseResult = lazyComponent(
  () => import('./purchase-result').then((module) => module.PurchaseResult),
  { loading: ResultSkeleton, failed: ResultUnavailable },
);

export const preloadPurchaseResult = PurchaseResult.preload;
