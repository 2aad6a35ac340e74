import { api, SERVER_MSG } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { hideTransaction } from '../../wallet/hide-transaction.ts';
import { listTransactions, transactionById } from '../../wallet/history.ts';
import * as purchases from '../purchase-flow.ts';
import { reverse } from '../reversal.ts';
import { share, shareAnswer, shareRecipient } from '../../wallet/wallet.ts';
import { timelineRoutes } from './timeline.ts';

export function transactionRoutes(app: FastifyInstance, ctx: AppContext): void {
  timelineRoutes(app, ctx);
  route(
    app,
    ctx,
    api.share,
    async ({ user, body }) => ({ message: await share(ctx, user, body) }),
    {
      recover: async (id) => ({ message: await shareAnswer(ctx, id) }),
    },
  );
  route(app, ctx, api.shareRecipient, async ({ user, body }) => ({
    message: await shareRecipient(ctx, user, body.email),
  }));
  // A retry of a purchase whose money moved answers that purchase as it stands (ADR 0017); a
  // coupon's redemption keeps no answer, which shows the code (ADR 0071).
  const purchase = {
    recover: async (id: string) => ({ message: await transactionById(ctx.db, id) }),
    answerFromTransaction: (body: unknown) =>
      typeof (body as { coupon_code?: unknown } | null)?.coupon_code === 'string' &&
      (body as { coupon_code: string }).coupon_code.trim() !== '',
  };
  route(
    app,
    ctx,
    api.airtime,
    async ({ user, body }) => ({
      message: await purchases.airtime(ctx, user, body),
    }),
    purchase,
  );
  route(
    app,
    ctx,
    api.data,
    async ({ user, body }) => ({
      message: await purchases.data(ctx, user, body),
    }),
    purchase,
  );
  route(
    app,
    ctx,
    api.cabletv,
    async ({ user, body }) => ({
      message: await purchases.cabletv(ctx, user, body),
    }),
    purchase,
  );
  route(
    app,
    ctx,
    api.electricity,
    async ({ user, body }) => ({
      message: await purchases.electricity(ctx, user, body),
    }),
    purchase,
  );
  route(
    app,
    ctx,
    api.education,
    async ({ user, body }) => ({
      message: await purchases.education(ctx, user, body),
    }),
    purchase,
  );
  route(app, ctx, api.verifyCustomer, async ({ body }) => ({
    message: await purchases.verifyCustomer(ctx, body),
  }));
  route(app, ctx, api.transactions, async ({ query }) => listTransactions(ctx, query));
  route(app, ctx, api.deleteTransaction, async ({ user, params }) => ({
    message: await hideTransaction(ctx, user, params.id),
  }));
  route(app, ctx, api.reverse, async ({ body, user, req }) => {
    if (!body.transactionId) throw new ApiError('not_found', SERVER_MSG.transactionNotFound);
    return {
      message: await reverse(ctx, body.transactionId, body.userId, { admin: user, req }),
    };
  });
}
