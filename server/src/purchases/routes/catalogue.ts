import { api } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/http/route.ts';
import * as catalogue from '../catalogue.ts';

export function publicRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.networks, async () => ({ message: await catalogue.networks(ctx.db) }));
  route(app, ctx, api.dataProducts, async () => ({
    message: await catalogue.dataVariations(ctx.db),
  }));
  route(app, ctx, api.cableProducts, async () => ({
    message: await catalogue.billVariations(ctx.db, 'cabletv'),
  }));
  route(app, ctx, api.educationProducts, async () => ({
    message: await catalogue.billVariations(ctx.db, 'education'),
  }));
  route(app, ctx, api.electricityProducts, async () => ({
    message: await catalogue.electricityVariations(ctx.db),
  }));
}
