/**
 * Reseller webhooks (issue 16; ADR 0026). When a purchase made with an API key changes status
 * (successful, failed, reversed), a delivery row is queued in the SAME database transaction as
 * the change, with the JSON body fixed then. A worker claims due deliveries (a DB-table job
 * like the requery worker: `FOR UPDATE SKIP LOCKED` on PostgreSQL, a guarded UPDATE on
 * SQLite) and POSTs them to the customer's address, signed:
 *   X-PayBills-Timestamp: <unix seconds>
 *   X-PayBills-Signature: v1=<hex HMAC-SHA-256(key's webhook secret, "<timestamp>.<raw body>")>
 * A 2xx answer delivers it; anything else (an error, a timeout, a redirect) is retried with
 * backoff (30 s doubling to 2 h) until a day after the change, then marked failed. The
 * customer sees the log and can send a delivery again (replay).
 */
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  RESELLER_MSG,
  WEBHOOK_HEADERS,
  WebhookPayloadSchema,
  webhookEventOf,
  type WebhookDelivery,
  type WebhookSettings,
} from '@contract';
import { sql, type Selectable } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import type { WebhookDeliveriesTable } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { webhookSecret } from './api-keys.ts';
import { securityMail, type Origin } from './security-mail.ts';
import { transactionById } from './history.ts';
import type { UserRow } from './users.ts';
import { startWorker } from './worker.ts';
import {
  checkTarget,
  targetPolicy,
  type CheckedTarget,
  type TargetPolicy,
} from './webhook-target.ts';
import { countRows, paged } from './paging.ts';

type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export const WEBHOOK_RETRY_FOR_MS = 24 * 60 * 60_000;
export const WEBHOOK_FIRST_RETRY_MS = 30_000;
export const WEBHOOK_MAX_RETRY_MS = 2 * 60 * 60_000;
const TIMEOUT_MS = 10_000;
/** A claimed delivery is leased for the longest attempt and a margin. */
const LEASE_MS = TIMEOUT_MS + 20_000;

/** `v1=<hex>`: the signature of a body sent at `timestamp` (Unix seconds). */
export function signWebhook(secret: string, timestamp: number, rawBody: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

// ── Settings ─────────────────────────────────────────────────────────────────

export async function webhookSettings(ctx: AppContext, user: UserRow): Promise<WebhookSettings> {
  const row = await ctx.db
    .selectFrom('webhook_endpoints')
    .select('url')
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  return { url: row?.url ?? null };
}

export async function setWebhook(
  ctx: AppContext,
  user: UserRow,
  url: string,
  origin: Origin,
  policy: TargetPolicy = targetPolicy(ctx),
): Promise<string> {
  if (url === '') {
    await ctx.db.deleteFrom('webhook_endpoints').where('user_id', '=', user.id).execute();
    return RESELLER_MSG.webhookRemoved;
  }
  const target = await checkTarget(url, policy);
  const now = Date.now();
  await ctx.dbh.writeTx(async (trx) => {
    await trx
      .insertInto('webhook_endpoints')
      .values({ user_id: user.id, url: target.url.href, updated_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ url: target.url.href, updated_at: now }),
      )
      .execute();
    // The owner hears where purchase data now goes (ADR 0033): the origin, not a path or
    // query that may hold the receiver's own secret.
    const event = { kind: 'webhookSet', origin: target.url.origin } as const;
    await securityMail(trx, ctx, user.email, event, origin, now);
  });
  return RESELLER_MSG.webhookSaved;
}

// ── Queueing (inside the status change's DB transaction) ─────────────────────

/**
 * Queues the webhook of a purchase's new status, if the purchase was made with a key and its
 * customer has an address. Call inside the transaction that changed the status; at most one
 * delivery per (purchase, event).
 */
export async function queueWebhook(trx: Db, transactionId: string, status: string): Promise<void> {
  const event = webhookEventOf(status);
  if (!event) return;
  const tx = await trx
    .selectFrom('transactions')
    .innerJoin('webhook_endpoints', 'webhook_endpoints.user_id', 'transactions.user_id')
    .select(['transactions.user_id', 'transactions.api_key_id', 'transactions.client_request_id'])
    .where('transactions.id', '=', transactionId)
    .where('transactions.api_key_id', 'is not', null)
    .executeTakeFirst();
  if (!tx?.api_key_id) return;
  const id = randomUUID();
  const now = Date.now();
  const data = { ...(await transactionById(trx, transactionId)), request_id: tx.client_request_id };
  const payload = JSON.stringify(
    z.encode(WebhookPayloadSchema, { id, event, created_at: now, data }),
  );
  await trx
    .insertInto('webhook_deliveries')
    .values({
      id,
      user_id: tx.user_id,
      api_key_id: tx.api_key_id,
      transaction_id: transactionId,
      event,
      payload,
      status: 'pending',
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['transaction_id', 'event']).doNothing())
    .execute();
}

// ── The log ──────────────────────────────────────────────────────────────────

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  event: row.event as WebhookDelivery['event'],
  transaction_id: row.transaction_id,
  status: row.status,
  attempts: Number(row.attempts),
  last_status: row.last_status === null ? null : Number(row.last_status),
  last_error: row.last_error,
  next_attempt_at: row.next_attempt_at === null ? null : Number(row.next_attempt_at),
  created_at: Number(row.created_at),
  delivered_at: row.delivered_at === null ? null : Number(row.delivered_at),
});

export async function listDeliveries(
  ctx: AppContext,
  user: UserRow,
  query: { page: number; limit: number },
) {
  const base = ctx.db.selectFrom('webhook_deliveries').where('user_id', '=', user.id);
  const total = await countRows(base);
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return paged(rows.map(toDelivery), query, total);
}

/** Queues a delivery again, due now, with a fresh day of retries. */
export async function replayDelivery(ctx: AppContext, user: UserRow, id: string): Promise<string> {
  const now = Date.now();
  const updated = await ctx.db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: now, created_at: now, updated_at: now })
    .where('id', '=', id)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    throw new ApiError('not_found', RESELLER_MSG.deliveryNotFound);
  }
  return RESELLER_MSG.deliveryQueued;
}

// ── Sending ──────────────────────────────────────────────────────────────────

export interface SendResult {
  status?: number;
  error?: string;
}

/** POSTs to the checked address (connecting to the address that was checked; no redirects). */
export function post(
  target: CheckedTarget,
  headers: Record<string, string>,
  body: string,
): Promise<SendResult> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    const { address, family } = target.address;
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address, family },
      ]);
    } else callback(null, address, family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const req = client.request(
      target.url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'PayBills-Webhooks/1',
        },
        lookup: pinned,
        timeout: TIMEOUT_MS,
      },
      (res) => {
        res.resume(); // the answer's body is not read, only its status
        const status = res.statusCode ?? 0;
        resolve(
          status >= 300 && status < 400 ? { status, error: 'Redirect not followed.' } : { status },
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('No answer within 10 seconds.')));
    req.on('error', (err) => resolve({ error: err.message.slice(0, 200) }));
    req.end(body);
  });
}

async function claimDue(ctx: AppContext, now: number, limit: number): Promise<DeliveryRow[]> {
  const lease = now + LEASE_MS;
  if (ctx.dbh.engine === 'postgres') {
    const result = await sql<DeliveryRow>`
      update webhook_deliveries set next_attempt_at = ${lease}, attempts = attempts + 1,
        updated_at = ${now}
      where id in (
        select id from webhook_deliveries
        where status = 'pending' and next_attempt_at <= ${now}
        order by next_attempt_at limit ${limit}
        for update skip locked)
      returning *`.execute(ctx.db);
    return result.rows;
  }
  const due = await ctx.db
    .selectFrom('webhook_deliveries')
    .select(['id', 'next_attempt_at'])
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  const claimed: DeliveryRow[] = [];
  for (const d of due) {
    const row = await ctx.db
      .updateTable('webhook_deliveries')
      .set((eb) => ({ next_attempt_at: lease, attempts: eb('attempts', '+', 1), updated_at: now }))
      .where('id', '=', d.id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '=', d.next_attempt_at)
      .returningAll()
      .executeTakeFirst();
    if (row) claimed.push(row);
  }
  return claimed;
}

/** The wait after the n-th failed attempt: 30 s, 1 min, 2 min … up to 2 h. */
export const retryDelay = (attempts: number) =>
  Math.min(
    WEBHOOK_FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(attempts - 1, 20)),
    WEBHOOK_MAX_RETRY_MS,
  );

async function attempt(
  ctx: AppContext,
  row: DeliveryRow,
  policy: TargetPolicy,
): Promise<SendResult> {
  const endpoint = await ctx.db
    .selectFrom('webhook_endpoints')
    .select('url')
    .where('user_id', '=', row.user_id)
    .executeTakeFirst();
  if (!endpoint) return { error: 'No webhook address is set.' };
  let target: CheckedTarget;
  try {
    // Checked again at every delivery: the name may resolve elsewhere now.
    target = await checkTarget(endpoint.url, policy);
  } catch (err) {
    return { error: (err as Error).message };
  }
  const timestamp = Math.floor(Date.now() / 1000);
  const secret = webhookSecret(ctx.config.jwtSecret, row.api_key_id);
  return post(
    target,
    {
      [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [WEBHOOK_HEADERS.signature]: signWebhook(secret, timestamp, row.payload),
      [WEBHOOK_HEADERS.event]: row.event,
      [WEBHOOK_HEADERS.delivery]: row.id,
    },
    row.payload,
  );
}

/**
 * One pass of the delivery worker: sends every due delivery once and records the outcome.
 * `now` lets tests move time forward. Answers how many were delivered.
 */
export async function runWebhooksOnce(
  ctx: AppContext,
  options: { now?: number; limit?: number; policy?: TargetPolicy } = {},
): Promise<number> {
  const now = options.now ?? Date.now();
  const policy = options.policy ?? targetPolicy(ctx);
  const rows = await claimDue(ctx, now, options.limit ?? 20);
  let delivered = 0;
  for (const row of rows) {
    const result = await attempt(ctx, row, policy);
    const ok = result.status !== undefined && result.status >= 200 && result.status < 300;
    const attempts = Number(row.attempts);
    const next = now + retryDelay(attempts);
    const givingUp = !ok && next > Number(row.created_at) + WEBHOOK_RETRY_FOR_MS;
    const at = Date.now();
    await ctx.db
      .updateTable('webhook_deliveries')
      .set({
        status: ok ? 'delivered' : givingUp ? 'failed' : 'pending',
        last_status: result.status ?? null,
        last_error: ok
          ? null
          : (result.error ?? `The receiver answered ${String(result.status)}.`).slice(0, 200),
        next_attempt_at: ok || givingUp ? null : next,
        delivered_at: ok ? at : null,
        updated_at: at,
      })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .execute();
    if (ok) delivered++;
    else
      ctx.log.info(
        { delivery: row.id, attempts, error: result.error, status: result.status },
        'webhook not delivered',
      );
  }
  return delivered;
}

/** Runs the delivery worker every few seconds. */
export function startWebhookWorker(ctx: AppContext, everyMs = 2_000): () => Promise<void> {
  return startWorker(ctx, 'webhook', () => runWebhooksOnce(ctx), everyMs);
}
