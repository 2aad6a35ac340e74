import { z } from '../zod';
import { endpoint, message, PageQuery, paged } from '../endpoint';
import { CouponSchema } from '../entities';
import { CouponCodeBody } from '../forms';

/** Coupons: list and load (buying one is endpoints/buy-coupon.ts). */

export const myCoupons = endpoint({
  name: 'user.coupons',
  method: 'GET',
  path: '/api/user/coupons',
  access: 'user',
  summary: 'Your coupons, newest first, paged (ADR 0020).',
  query: z.omit(PageQuery, { q: true }),
  response: paged(CouponSchema),
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
