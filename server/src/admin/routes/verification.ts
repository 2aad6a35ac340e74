import { api } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/http/route.ts';
import * as verification from '../../accounts/verification.ts';

/** Wallet limits by verification level (ADR 0058): levels and limits, audited (ADR 0070). */
export function verificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.verificationLimits, async () => ({
    message: await verification.levelLimits(ctx.db),
  }));
  route(app, ctx, api.setVerificationLimits, async ({ body, user, req }) => {
    const { levels, waits } = await verification.setLevelLimits(ctx, { admin: user, req }, body);
    return { message: levels, waits };
  });
  route(app, ctx, api.userVerification, async ({ query }) => ({
    message: await verification.verificationFor(ctx, query.user_id),
  }));
  route(app, ctx, api.setUserLevel, async ({ body, user, req }) => {
    const done = await verification.setUserLevel(ctx, { admin: user, req }, body);
    return { message: done.verification, waits: done.waits };
  });
}
