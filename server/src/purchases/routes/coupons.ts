import { api } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/http/route.ts';
import * as coupons from '../coupons.ts';

export function couponRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(
    app,
    ctx,
    api.buyCoupon,
    async ({ user, body }) => ({ message: await coupons.buyCoupons(ctx, user, body) }),
    {
      recover: async (id) => ({ message: await coupons.couponsOfPurchase(ctx, id) }),
      answerFromTransaction: true,
    },
  );
  route(app, ctx, api.verifyCoupon, async ({ body }) => ({
    message: await coupons.verifyCoupon(ctx, body.coupon_code),
  }));
}
