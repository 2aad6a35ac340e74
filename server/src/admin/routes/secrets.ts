import { api } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/http/route.ts';
import { revealSecret, setAdminGrant } from '../bearer-secrets.ts';

/** Bearer secrets (ADR 0071): the reveal of one, and an owner's grant of it to support. */
export function secretRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.revealSecret, async ({ params, body, user, req }) => ({
    message: await revealSecret(ctx, { admin: user, req }, params.id, body),
  }));
  route(app, ctx, api.setAdminGrant, async ({ body, user, req }) => ({
    message: await setAdminGrant(ctx, { admin: user, req }, body),
  }));
}
