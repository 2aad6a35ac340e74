import { api } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { route } from '../../../http/route.ts';
import * as adjustments from '../../../services/adjustments.ts';

/** Manual wallet adjustments with a second approver (issue 25 §2; ADR 0050). */
export function adjustmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.adjustments, async ({ query }) => adjustments.listAdjustments(ctx, query));
  route(app, ctx, api.createAdjustment, async ({ body, user, req }) => ({
    message: await adjustments.createAdjustment(ctx, { admin: user, req }, body),
  }));
  route(app, ctx, api.approveAdjustment, async ({ body, user, req }) => ({
    message: await adjustments.approveAdjustment(ctx, { admin: user, req }, body.id),
  }));
  route(app, ctx, api.rejectAdjustment, async ({ body, user, req }) => ({
    message: await adjustments.rejectAdjustment(ctx, { admin: user, req }, body.id),
  }));
}
