import { lazy, Suspense, type ReactNode } from 'react';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import type { CouponTabProps } from './coupon-tab';

export type { CouponDestination, CouponTabProps } from './coupon-tab';

/**
 * The "Use Coupon" tab's form loads the first time the tab is opened: a purchase
 * page does not show it at first paint, and `PurchaseScreen` mounts the coupon panel only once
 * it has been chosen (then keeps it, as Tabs keep each form's state).
 */
const CouponTabModule = lazy(() =>
  import('./coupon-tab').then((module) => ({
    default: module.CouponTab as (props: CouponTabProps<unknown>) => ReactNode,
  })),
);

/** What the tab shows while its form loads: the shape of the code field and Load. */
function CouponTabSkeleton() {
  return (
    <SkeletonGroup label="Loading the coupon form" className="flex flex-col gap-3">
      <Skeleton shape="block" className="h-12" />
      <Skeleton shape="block" className="h-11 w-24" />
    </SkeletonGroup>
  );
}

/** `CouponTab` (coupon-tab.tsx), loaded on first use with a skeleton until it has come. */
export function CouponTab<Body>(props: CouponTabProps<Body>) {
  return (
    <Suspense fallback={<CouponTabSkeleton />}>
      <CouponTabModule {...(props as unknown as CouponTabProps<unknown>)} />
    </Suspense>
  );
}
