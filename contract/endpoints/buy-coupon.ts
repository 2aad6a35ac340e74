import { z } from '../zod';
import { endpoint, message } from '../endpoint';
import { CouponSchema } from '../entities';
import { CouponBuyBody } from '../forms';

/**
 * Buying coupons to gift. Its own module: the purchase pages name the coupon list (a purchase
 * refreshes it), and with this beside it they downloaded the coupon shop's rules.
 */
export const buyCoupon = endpoint({
  name: 'coupon.buy',
  method: 'POST',
  path: '/api/coupon/buy',
  access: 'user',
  summary: 'Buy coupons to gift; answers the codes.',
  body: CouponBuyBody,
  response: message(z.array(CouponSchema)),
  errors: [400, 401, 403, 404, 409, 422, 423, 429, 500],
});
