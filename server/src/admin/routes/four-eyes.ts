import { api } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/http/route.ts';
import { APPROVAL_ACTIONS } from '../approval-actions.ts';
import * as fourEyes from '../four-eyes.ts';

/** Four eyes (ADR 0070): the waiting actions, their decisions, and the daily totals. */
export function fourEyesRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.approvals, async ({ query, user }) =>
    fourEyes.listApprovals(ctx, user.id, query),
  );
  route(app, ctx, api.approveApproval, async ({ body, user, req }) => ({
    message: await fourEyes.decide(ctx, APPROVAL_ACTIONS, { admin: user, req }, body.id, 'approve'),
  }));
  route(app, ctx, api.rejectApproval, async ({ body, user, req }) => ({
    message: await fourEyes.decide(ctx, APPROVAL_ACTIONS, { admin: user, req }, body.id, 'reject'),
  }));
  route(app, ctx, api.fourEyes, async ({ user }) => ({
    message: await fourEyes.fourEyesState(ctx, user.id),
  }));
  route(app, ctx, api.setFourEyes, async ({ body, user, req }) => ({
    message: await fourEyes.setFourEyes(ctx, { admin: user, req }, body),
  }));
}
