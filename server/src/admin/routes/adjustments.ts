import { api } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/http/route.ts';
import * as adjustments from '../adjustments.ts';

/** Manual wallet adjustments with a second approver (ADR 0050, ADR 0070). */
export function adjustmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.adjustments, async ({ query, user }) =>
    adjustments.listAdjustments(ctx, user.id, query),
  );
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
