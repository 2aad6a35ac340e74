/**
 * The reseller API (ADR 0026): API keys and the webhook settings in Settings, the
 * delivery log and replay, the requery (with a session or a key), the OpenAPI document and its
 * docs page. The purchases themselves are the same routes as the app's (transactions/).
 */
import { api, PURCHASED_GOODS, SERVER_MSG } from '@contract';
import { openApiDocument } from '@contract/openapi';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import {
  createApiKey,
  currentApiKey,
  listApiKeys,
  requireKeyWithdrawals,
  revokeApiKey,
  setKeyWithdrawals,
  userApiKeys,
} from '../api-keys.ts';
import { transactionById } from '../../wallet/history.ts';
import { listDeliveries, replayDelivery, setWebhook, webhookSettings } from '../webhooks.ts';
import { docsPage, OPENAPI_DOCS_PATH } from './docs.ts';

export function resellerRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.apiKeys, async ({ user }) => ({ message: await listApiKeys(ctx, user) }));
  route(app, ctx, api.createApiKey, async ({ user, body, req, sessionId }) => ({
    message: await createApiKey(ctx, user, body, req, sessionId),
  }));
  route(app, ctx, api.revokeApiKey, async ({ user, params, req }) => ({
    message: await revokeApiKey(ctx, user, params.id, req),
  }));
  route(app, ctx, api.webhook, async ({ user }) => ({
    message: await webhookSettings(ctx, user),
  }));
  route(app, ctx, api.setWebhook, async ({ user, body, req, sessionId }) => ({
    message: await setWebhook(ctx, user, body.url, req, sessionId),
  }));
  route(app, ctx, api.webhookDeliveries, async ({ user, query }) =>
    listDeliveries(ctx, user, query),
  );
  route(app, ctx, api.replayDelivery, async ({ user, params }) => ({
    message: await replayDelivery(ctx, user, params.id),
  }));
  route(app, ctx, api.requery, async ({ user, query }) => {
    let found = ctx.db
      .selectFrom('transactions')
      .select(['id', 'product'])
      .where('user_id', '=', user.id);
    found = query.id
      ? found.where('id', '=', query.id)
      : found.where('client_request_id', '=', query.request_id as string);
    const row = await found.orderBy('created_at', 'desc').executeTakeFirst();
    if (!row) throw new ApiError('not_found', SERVER_MSG.transactionNotFound);
    // A withdrawal's line (the payee's account) is read by a key only if it may send them.
    const key = currentApiKey();
    if (key && row.product === 'Withdrawal') requireKeyWithdrawals(key);
    const purchase = await transactionById(ctx.db, row.id);
    // A key alone (leaked, say, with guessable request ids) never reads the goods: the
    // purchase sent again with its X-Request-Id and the pin answers them (ADR 0034).
    if (key) for (const field of PURCHASED_GOODS) delete purchase[field];
    return { message: purchase };
  });

  route(app, ctx, api.userApiKeys, async ({ params }) => ({
    message: await userApiKeys(ctx, params.id),
  }));
  route(app, ctx, api.setKeyWithdrawals, async ({ params, body, user, req }) =>
    setKeyWithdrawals(ctx, { admin: user, req }, params.id, body.enabled),
  );

  const document = JSON.stringify(openApiDocument({ serverUrl: ctx.config.publicUrl }));
  route(app, ctx, api.openapi, async () => JSON.parse(document) as Record<string, unknown>);
  app.get(OPENAPI_DOCS_PATH, (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(docsPage(JSON.parse(document))),
  );
}
