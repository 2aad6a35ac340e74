import { api } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/http/route.ts';
import * as payments from '../payments.ts';
import * as transfers from '../transfers.ts';

export function paymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.payments, async ({ query }) => payments.listPayments(ctx, query));
  route(app, ctx, api.initiatePayment, async ({ user, body, req }) => ({
    message: await payments.initiate(ctx, user, body.amount, req),
  }));
  route(app, ctx, api.verifyPayment, async ({ user, body }) => ({
    message: await payments.verifyForUser(ctx, user, body),
  }));
  route(app, ctx, api.bankTransferInfo, async ({ user }) => ({
    message: await transfers.bankTransferInfo(ctx, user),
  }));
  route(app, ctx, api.createVirtualAccount, async ({ user, body }) => ({
    message: await transfers.createVirtualAccount(ctx, user, body),
  }));
  route(app, ctx, api.paymentWebhook, async ({ body, req }) => ({
    message: await payments.webhook(ctx, req.headers, body),
  }));
}
