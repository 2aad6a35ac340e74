import { api } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { route } from '../../../http/route.ts';
import { share } from '../../../services/wallet.ts';

export function transactionRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.share, async ({ user, body }) => ({ message: await share(ctx, user, body) }));
}
