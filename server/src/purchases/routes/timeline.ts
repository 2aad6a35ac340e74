import { api } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/http/route.ts';
import { adminTimeline, customerTimeline } from '../transaction-timeline.ts';

/** A transaction's story (ADR 0083): the admin's whole timeline, and the customer's part. */
export function timelineRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.transactionTimeline, async ({ params }) => ({
    message: await adminTimeline(ctx, params.id),
  }));
  route(app, ctx, api.myTransactionTimeline, async ({ user, params }) => ({
    message: await customerTimeline(ctx, user.id, params.id),
  }));
}
