/**
 * The reseller API (ADR 0026): API keys a customer creates in Settings, the
 * purchase endpoints called with a key in the `X-Api-Key` header, a requery by our id or the
 * caller's request id, signed webhooks with a delivery log, and the OpenAPI document.
 */
import { z } from './zod';
import { endpoint, IdParams, message, PageQuery, paged, type Endpoint } from './endpoint';
import { EpochMs, TransactionSchema } from './entities';
import { REVEAL_MSG } from './bearer-secrets';
import { ERROR_STATUS, type ApiErrorBody } from './errors';
import { requiredId, text } from './rules';
import { ApiKeySchema } from './api-key';

/** The header a reseller sends its key in (one header, never a query parameter). */
export const API_KEY_HEADER = 'X-Api-Key';
/** Every key starts with this, so a leaked one is easy to recognise (secret scanners). */
export const API_KEY_PREFIX = 'pbk_';
/** Webhook headers: the Unix time in seconds and `v1=<hex HMAC-SHA-256>` of `<t>.<raw body>`. */
export const WEBHOOK_HEADERS = {
  timestamp: 'X-PayBills-Timestamp',
  signature: 'X-PayBills-Signature',
  event: 'X-PayBills-Event',
  delivery: 'X-PayBills-Delivery',
} as const;
/** A receiver should refuse a webhook whose timestamp is further than this from its clock. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const RESELLER_LIMITS = {
  keyName: 60,
  /** Requests a key may make per minute: at most this, by default `defaultPerMinute`. */
  maxPerMinute: 600,
  defaultPerMinute: 60,
  keysPerAccount: 10,
  /** The longest webhook URL. */
  url: 500,
  requestId: 128,
} as const;

export const RESELLER_MSG = {
  keyName: 'Give the key a name (at most 60 characters).',
  keyRate: 'The rate limit must be a whole number of requests per minute from 1 to 600.',
  tooManyKeys: 'You already have 10 active keys. Revoke one first.',
  keyCreated: 'Copy the key now: it will not be shown again.',
  keyRevoked: 'API key revoked.',
  keyNotFound: 'API key not found.',
  keyInvalid: 'This API key is invalid or has been revoked.',
  keyNotAccepted: 'This endpoint does not accept an API key.',
  requestIdRequired:
    'Send a unique X-Request-Id header (at most 128 characters) with every purchase.',
  requeryBy: 'Give either id or request_id.',
  webhookUrl: 'Enter an https:// address of at most 500 characters.',
  webhookRefused:
    'This address is not allowed: webhooks go only to public internet addresses (not private, loopback or link-local).',
  webhookUnresolved: 'This address could not be found (DNS).',
  webhookSaved: 'Webhook address saved.',
  webhookRemoved: 'Webhook address removed.',
  deliveryNotFound: 'Delivery not found.',
  deliveryQueued: 'Delivery queued again.',
  /** A retry (same X-Request-Id) of a key's creation: the secrets are never kept (ADR 0034). */
  keyShownOnce: (id: string, prefix: string) =>
    `This request already created the API key ${prefix}… (id ${id}). Its key and webhook secret were shown once, in the first answer, and cannot be shown again: if they were not copied, revoke that key and create a new one.`,
  /** Wrong pins through keys pause that key (or all keys), never the app (ADR 0034). */
  /** A key's withdrawal call while withdrawals are off for it (ADR 0091). */
  keyWithdrawalsOff:
    'This API key may not send withdrawals. Withdrawals through the API are off for every key until we turn them on for it: contact support.',
  keyWithdrawalsOn: 'Withdrawals turned on for this key.',
  keyWithdrawalsOffDone: 'Withdrawals turned off for this key.',
  keyRevokedAlready: 'This key is revoked: it cannot send anything.',
  keyWithdrawalsOwn: 'You cannot turn on withdrawals for an API key of your own account.',
  keyPinLocked: (minutes: number) =>
    `Too many wrong pins through API keys. Purchases with this key are paused for ${minutes} more minute${minutes === 1 ? '' : 's'}; the app is not affected.`,
} as const;

// ── Entities ────────────────────────────────────────────────────────────────

export { ApiKeySchema, type ApiKey } from './api-key';

/** Answered once, at creation: the key and its webhook signing secret. */
export const NewApiKeySchema = z.extend(ApiKeySchema, {
  key: z.string(),
  webhook_secret: z.string(),
});
export type NewApiKey = z.output<typeof NewApiKeySchema>;

export const WebhookSettingsSchema = z.object({ url: z.nullable(z.string()) });
export type WebhookSettings = z.output<typeof WebhookSettingsSchema>;

export const WebhookEventSchema = z.enum([
  'transaction.successful',
  'transaction.failed',
  'transaction.reversed',
]);
export type WebhookEvent = z.output<typeof WebhookEventSchema>;

export const DeliveryStatusSchema = z.enum(['pending', 'delivered', 'failed']);
export const WebhookDeliverySchema = z.object({
  id: z.string(),
  event: WebhookEventSchema,
  transaction_id: z.string(),
  status: DeliveryStatusSchema,
  attempts: z.int().check(z.nonnegative()),
  /** The receiver's HTTP status of the last attempt, or null if none answered. */
  last_status: z.nullable(z.int()),
  last_error: z.nullable(z.string()),
  next_attempt_at: z.nullable(EpochMs),
  created_at: EpochMs,
  delivered_at: z.nullable(EpochMs),
});
export type WebhookDelivery = z.output<typeof WebhookDeliverySchema>;

/** The JSON body of every webhook (the signed raw body). */
export const WebhookPayloadSchema = z.object({
  id: z.string().check(z.describe('delivery id')),
  event: WebhookEventSchema,
  created_at: EpochMs,
  data: z.extend(TransactionSchema, { request_id: z.nullable(z.string()) }),
});

// ── Bodies ──────────────────────────────────────────────────────────────────

export const ApiKeyBody = z.object({
  name: text([[(v) => v.length > 0, RESELLER_MSG.keyName]], { max: RESELLER_LIMITS.keyName }),
  rate_limit: z._default(
    z
      .number({ error: RESELLER_MSG.keyRate })
      .check(
        z.int(RESELLER_MSG.keyRate),
        z.gte(1, RESELLER_MSG.keyRate),
        z.lte(RESELLER_LIMITS.maxPerMinute, RESELLER_MSG.keyRate),
      ),
    RESELLER_LIMITS.defaultPerMinute,
  ),
});

/** An https:// address (http:// only to this machine in sandbox mode: the server decides). */
export const WebhookBody = z.object({
  url: text([[(v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), RESELLER_MSG.webhookUrl]], {
    max: RESELLER_LIMITS.url,
  }).check(z.describe('empty to remove the address')),
});

export const RequeryQuery = z
  .object({
    id: z.optional(requiredId(RESELLER_MSG.requeryBy)),
    request_id: z.optional(requiredId(RESELLER_MSG.requeryBy, RESELLER_LIMITS.requestId)),
  })
  .check(
    z.refine((q) => (q.id === undefined) !== (q.request_id === undefined), {
      message: RESELLER_MSG.requeryBy,
    }),
  );

// ── Endpoints ───────────────────────────────────────────────────────────────

const Text = message(z.string());

export const apiKeys = endpoint({
  name: 'reseller.keys',
  method: 'GET',
  path: '/api/user/api-keys',
  access: 'user',
  summary: 'The API keys of the signed-in customer (never the keys themselves).',
  response: message(z.array(ApiKeySchema)),
});
export const createApiKey = endpoint({
  name: 'reseller.createKey',
  method: 'POST',
  path: '/api/user/api-keys',
  access: 'user',
  summary:
    'Create an API key; the key and its webhook secret are answered once (a retry with the same X-Request-Id is 409, naming the key).',
  body: ApiKeyBody,
  response: message(NewApiKeySchema),
  errors: [400, 401, 403, 409, 423, 429, 500],
});
export const revokeApiKey = endpoint({
  name: 'reseller.revokeKey',
  method: 'DELETE',
  path: '/api/user/api-keys/:id',
  access: 'user',
  summary: 'Revoke an API key: it is refused from then on.',
  params: IdParams,
  response: Text,
  errors: [400, 401, 403, 404, 423, 429, 500],
});
export const webhook = endpoint({
  name: 'reseller.webhook',
  method: 'GET',
  path: '/api/user/webhook',
  access: 'user',
  summary: 'The webhook address purchase status changes are sent to.',
  response: message(WebhookSettingsSchema),
});
export const setWebhook = endpoint({
  name: 'reseller.setWebhook',
  method: 'PUT',
  path: '/api/user/webhook',
  access: 'user',
  summary: 'Set (or, with an empty url, remove) the webhook address; private addresses refused.',
  body: WebhookBody,
  response: Text,
});
export const webhookDeliveries = endpoint({
  name: 'reseller.deliveries',
  method: 'GET',
  path: '/api/user/webhook/deliveries',
  access: 'user',
  summary: 'The webhook delivery log, newest first.',
  query: PageQuery,
  response: paged(WebhookDeliverySchema),
});
export const replayDelivery = endpoint({
  name: 'reseller.replayDelivery',
  method: 'POST',
  path: '/api/user/webhook/deliveries/:id/replay',
  access: 'user',
  summary: 'Send a delivery again (a new attempt, signed afresh).',
  params: IdParams,
  response: Text,
  errors: [400, 401, 403, 404, 423, 429, 500],
});
export const requery = endpoint({
  name: 'transactions.requery',
  method: 'GET',
  path: '/api/transactions/requery',
  access: 'user',
  summary:
    "A purchase as it stands, by our transaction id or the caller's X-Request-Id; with an API key without the goods (token, purchased_code): resend the purchase with its X-Request-Id and pin for them.",
  query: RequeryQuery,
  response: message(TransactionSchema),
  errors: [400, 401, 403, 404, 423, 429, 500],
});
export const openapi = endpoint({
  name: 'public.openapi',
  method: 'GET',
  path: '/api/openapi.json',
  access: 'public',
  summary: 'This API as an OpenAPI 3.1 document, generated from the contract.',
  response: z.record(z.string(), z.unknown()),
});

/**
 * What a retry (same X-Request-Id) of a call whose answer shows a credential once is answered
 * in its place (ADR 0034): the answer with a new key and its webhook secret is never kept, by
 * the server's retry records or the mocks'; the retry names the key instead. Nor is a
 * revealed coupon code, token or pin (ADR 0071): its retry is told to reveal it again.
 * `undefined`: the answer is kept as it is.
 */
export function retryOfShownOnce(
  e: Endpoint,
  sent: unknown,
): { status: number; body: ApiErrorBody } | undefined {
  if (e.name === 'transactions.revealSecret') {
    return { status: ERROR_STATUS.conflict, body: { type: 'conflict', msg: REVEAL_MSG.shownOnce } };
  }
  if (e.name !== createApiKey.name) return undefined;
  const key = (sent as { message?: { id?: unknown; prefix?: unknown } } | null)?.message;
  return {
    status: ERROR_STATUS.conflict,
    body: {
      type: 'conflict',
      msg: RESELLER_MSG.keyShownOnce(String(key?.id), String(key?.prefix)),
    },
  };
}

/**
 * The fields of a purchase that are the goods themselves (an electricity token, exam pins): a
 * key alone never reads them, only a purchase sent with the pin (ADR 0034).
 */
export const PURCHASED_GOODS = ['token', 'purchased_code'] as const;

/**
 * The withdrawal calls a key may make, each refused unless an owner admin turned withdrawals on
 * for that key (ADR 0091): money sent to any bank account is the one thing a leaked key could
 * take away for good.
 */
export const API_KEY_WITHDRAWAL_ENDPOINTS = [
  'banks',
  'resolveAccount',
  'withdrawalQuote',
  'withdraw',
  'myWithdrawals',
] as const;

/** The endpoints a key may call (the purchases, the requery, withdrawals), by their `api` name. */
export const API_KEY_ENDPOINTS = [
  'airtime',
  'data',
  'cabletv',
  'electricity',
  'education',
  'requery',
  ...API_KEY_WITHDRAWAL_ENDPOINTS,
] as const;

export const webhookEventOf = (status: string): WebhookEvent | undefined =>
  status === 'successful' || status === 'failed' || status === 'reversed'
    ? `transaction.${status}`
    : undefined;
