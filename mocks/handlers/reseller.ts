import {
  api,
  API_KEY_PREFIX,
  RESELLER_LIMITS,
  RESELLER_MSG,
  SERVER_MSG,
  type ApiKey,
} from '@contract';
import { now } from '../clock';
import { me } from '../contract-handler';
import { db, nextId } from '../db';
import { MockApiError } from '../errors';
import { recordAudit } from '../services/audit';
import { paginate } from '../services/paging';
import { toTransaction } from '../services/views';
import { impl } from './impl';

/**
 * The reseller API's Settings calls (API keys, webhook address, delivery log), the requery and
 * the OpenAPI document, and an admin's view of a customer's keys. The mock does not take API
 * keys: the app never sends one. Addresses on
 * `.internal`, `localhost` or a private IP are refused as the server's SSRF guard would.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const PRIVATE_HOST =
  /^(localhost|.*\.internal|.*\.local|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|169\.254\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|\[.*\])$/i;

const keysOf = (userId: string): ApiKey[] => (db.reseller.keys[userId] ??= []);

export const reseller = {
  apiKeys: impl(
    api.apiKeys,
    (ctx) => ({ message: keysOf(me(ctx).id) }),
    () => ({ message: [] }),
  ),

  createApiKey: impl(api.createApiKey, (ctx) => {
    const keys = keysOf(me(ctx).id);
    if (keys.filter((k) => k.revoked_at === null).length >= RESELLER_LIMITS.keysPerAccount) {
      throw new MockApiError('conflict', RESELLER_MSG.tooManyKeys);
    }
    const key = `${API_KEY_PREFIX}${db.rng.chars(43, ALPHABET)}`;
    const row: ApiKey = {
      id: nextId('key'),
      name: ctx.body.name,
      prefix: key.slice(0, API_KEY_PREFIX.length + 8),
      rate_limit: ctx.body.rate_limit,
      created_at: now(),
      last_used_at: null,
      revoked_at: null,
      withdrawals_on_at: null,
    };
    keys.unshift(row);
    return { message: { ...row, key, webhook_secret: `whsec_${db.rng.chars(43, ALPHABET)}` } };
  }),

  revokeApiKey: impl(api.revokeApiKey, (ctx) => {
    const key = keysOf(me(ctx).id).find((k) => k.id === ctx.params.id);
    if (!key) throw new MockApiError('not_found', RESELLER_MSG.keyNotFound);
    key.revoked_at ??= now();
    return { message: RESELLER_MSG.keyRevoked };
  }),

  // A customer's keys as an admin reads them, and an owner's switch for a key's withdrawals
  // (ADR 0091), with the server's refusals.
  userApiKeys: impl(api.userApiKeys, ({ params }) => ({ message: keysOf(params.id) })),

  setKeyWithdrawals: impl(api.setKeyWithdrawals, (ctx) => {
    const admin = me(ctx);
    const found = Object.entries(db.reseller.keys)
      .flatMap(([userId, keys]) => keys.map((key) => ({ userId, key })))
      .find(({ key }) => key.id === ctx.params.id);
    if (!found) throw new MockApiError('not_found', RESELLER_MSG.keyNotFound);
    const { userId, key } = found;
    if (userId === admin.id) throw new MockApiError('forbidden', RESELLER_MSG.keyWithdrawalsOwn);
    if (key.revoked_at !== null) {
      throw new MockApiError('conflict', RESELLER_MSG.keyRevokedAlready);
    }
    const on = ctx.body.enabled;
    if ((key.withdrawals_on_at !== null) !== on) {
      const owner = db.users.find((u) => u.id === userId);
      recordAudit(admin, ctx.request, {
        action: 'apiKey.withdrawals',
        target_type: 'api_key',
        target_id: key.id,
        target_label: `${key.prefix}… of ${owner?.email ?? userId}`,
        before: { withdrawals: key.withdrawals_on_at !== null },
        after: { withdrawals: on },
      });
      key.withdrawals_on_at = on ? now() : null;
    }
    return {
      message: on ? RESELLER_MSG.keyWithdrawalsOn : RESELLER_MSG.keyWithdrawalsOffDone,
      key,
    };
  }),

  webhook: impl(
    api.webhook,
    (ctx) => ({ message: { url: db.reseller.webhooks[me(ctx).id] ?? null } }),
    () => ({ message: { url: null } }),
  ),

  setWebhook: impl(api.setWebhook, (ctx) => {
    const user = me(ctx);
    const { url } = ctx.body;
    if (url === '') {
      delete db.reseller.webhooks[user.id];
      return { message: RESELLER_MSG.webhookRemoved };
    }
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new MockApiError('validation_error', RESELLER_MSG.webhookUrl);
    }
    if (PRIVATE_HOST.test(parsed.hostname)) {
      throw new MockApiError('validation_error', RESELLER_MSG.webhookRefused);
    }
    if (parsed.protocol !== 'https:') {
      throw new MockApiError('validation_error', RESELLER_MSG.webhookUrl);
    }
    db.reseller.webhooks[user.id] = parsed.href;
    return { message: RESELLER_MSG.webhookSaved };
  }),

  webhookDeliveries: impl(
    api.webhookDeliveries,
    (ctx) => paginate(db.reseller.deliveries[me(ctx).id] ?? [], ctx.query),
    (ctx) => paginate([], ctx.query),
  ),

  replayDelivery: impl(api.replayDelivery, (ctx) => {
    const delivery = (db.reseller.deliveries[me(ctx).id] ?? []).find((d) => d.id === ctx.params.id);
    if (!delivery) throw new MockApiError('not_found', RESELLER_MSG.deliveryNotFound);
    Object.assign(delivery, { status: 'pending', next_attempt_at: now(), created_at: now() });
    return { message: RESELLER_MSG.deliveryQueued };
  }),

  requery: impl(api.requery, (ctx) => {
    const user = me(ctx);
    // The mock keeps no request ids: only our transaction id is found.
    const record = db.transactions.find(
      (t) => t.user_id === user.id && t.transaction_id === ctx.query.id,
    );
    if (!record) throw new MockApiError('not_found', SERVER_MSG.transactionNotFound);
    return { message: toTransaction(record) };
  }),

  openapi: impl(api.openapi, () => ({
    message: 'The OpenAPI document is served by the server at /api/openapi.json.',
  })),
};
