import { PageTitle } from '@/app/layouts/layout-parts';
import { BuyCouponScreen } from '@/features/coupons/components/buy-coupon-screen';

export function BuyCouponPage() {
  return (
    <>
      <PageTitle title="Buy Coupon" />
      <BuyCouponScreen />
    </>
  );
}
