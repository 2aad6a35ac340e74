import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** POST /api/public/verify/coupon: load a coupon code and its fixed product (spec §4). */
export const verifyCouponKey = api.verifyCoupon.path;

export function useVerifyCoupon() {
  return useApiMutation(api.verifyCoupon);
}
