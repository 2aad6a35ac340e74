import { z } from '../zod';
import { endpoint, message, PageQuery, paged } from '../endpoint';
import { CouponSchema } from '../entities';
import { CouponBuyBody, CouponCodeBody } from '../forms';

/** Coupons: buy, list, load. */

export const myCoupons = endpoint({
  name: 'user.coupons',
  method: 'GET',
  path: '/api/user/coupons',
  access: 'user',
  summary: 'Your coupons, newest first, paged (ADR 0020).',
  query: z.omit(PageQuery, { q: true }),
  response: paged(CouponSchema),
});

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

export const verifyCoupon = endpoint({
  name: 'coupon.verify',
  method: 'POST',
  path: '/api/public/verify/coupon',
  access: 'public',
  summary: 'Load a coupon code: its product details.',
  body: CouponCodeBody,
  response: message(CouponSchema),
  errors: [400, 404, 422, 429, 500],
});
