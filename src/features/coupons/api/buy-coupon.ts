import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** POST /api/coupon/buy: buy coupons to gift; answers the generated codes. */
export const buyCouponKey = api.buyCoupon.path;

/** Revalidates the current user: the balance and the coupon list change. */
export function useBuyCoupon() {
  return useApiMutation(api.buyCoupon, {
    invalidates: [api.currentUser, api.myCoupons, api.myTransactions],
  });
}
