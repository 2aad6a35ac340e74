import { api, SERVER_MSG } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { ApiError } from '../../../http/errors.ts';
import { route } from '../../../http/route.ts';
import * as catalogue from '../../../services/catalogue.ts';
import { overview } from '../../../services/admin-stats.ts';
import { reconcile } from '../../../services/reconciliation.ts';

export function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.adminOverview, async () => ({ message: await overview(ctx) }));
  route(app, ctx, api.reconciliation, async () => ({ message: await reconcile(ctx) }));
  route(app, ctx, api.products, async () => ({
    message: await catalogue.wholeCatalogue(ctx.db),
  }));
  route(app, ctx, api.editProduct, async ({ body }) => {
    if (!(await catalogue.editPlan(ctx.db, body))) {
      throw new ApiError('not_found', SERVER_MSG.productNotFound);
    }
    return { message: SERVER_MSG.productUpdated };
  });
}
