import { PlaceholderScreen } from '@/app/layouts/placeholder-screen';

export function BuyCouponPage() {
  return <PlaceholderScreen title="Buy Coupon" />;
}
