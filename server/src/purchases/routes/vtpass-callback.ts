import { api } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/http/route.ts';
import { VTPASS_CALLBACK_REPLY } from '../../providers/index.ts';
import { transactionUpdateHint } from '../requery.ts';

/** Callbacks from the VTU providers (the card provider's webhook is under /api/payment). */
export function providerWebhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.vtpassWebhook, async ({ body }) => {
    await transactionUpdateHint(ctx, body);
    // VTpass sends again until it reads exactly this (callback-api-integration page).
    return VTPASS_CALLBACK_REPLY;
  });
}
