/**
 * Reseller webhooks (ADR 0026). When a purchase made with an API key changes status
 * (successful, failed, reversed), a delivery row is queued in the SAME database transaction as
 * the change, with the JSON body fixed then. A worker claims due deliveries (a DB-table job:
 * a guarded UPDATE and a lease, renewed while the send is on; ADR 0035) and POSTs them to the
 * customer's address, several at once but at most two to one host, signed:
 *   X-PayBills-Timestamp: <unix seconds>
 *   X-PayBills-Signature: v1=<hex HMAC-SHA-256(key's webhook secret, "<timestamp>.<raw body>")>
 * A 2xx answer delivers it; anything else (an error, no status and headers within the 10 s
 * deadline, a redirect) is retried with backoff (30 s doubling to 2 h) until a day after the
 * change, then marked failed. The customer sees the log and can send a delivery again (replay).
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
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import type { WebhookDeliveriesTable } from '../platform/db/schema.ts';
import { sealedCodes } from '../platform/db/sealed-codes.ts';
import { ApiError } from '../platform/http/errors.ts';
import { webhookSecret } from './api-keys.ts';
import { securityMail, type Origin } from '../notifications/security-mail.ts';
import { transactionById } from '../wallet/history.ts';
import type { UserRow } from '../accounts/users.ts';
import { requireOpenSession } from '../accounts/tokens.ts';
import { startWorker } from '../platform/worker.ts';
import {
  checkTarget,
  targetPolicy,
  type CheckedTarget,
  type TargetPolicy,
} from './webhook-target.ts';
import { userTotals } from '../platform/aggregates.ts';
import { paged } from '../platform/paging.ts';

type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export const WEBHOOK_RETRY_FOR_MS = 24 * 60 * 60_000;
export const WEBHOOK_FIRST_RETRY_MS = 30_000;
export const WEBHOOK_MAX_RETRY_MS = 2 * 60 * 60_000;
/** An attempt's whole time (ADR 0035): resolving, connecting, up to the answer's headers. */
const DEADLINE_MS = 10_000;
/** A claim's lease; the sender renews it while the send is on, so it need not cover one. */
const LEASE_MS = 30_000;
/** Sends at once per instance, and to one host (so one slow host holds at most two). */
const CONCURRENCY = 8;
const PER_HOST = 2;

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
  sessionId: string | undefined,
  policy: TargetPolicy = targetPolicy(ctx),
): Promise<string> {
  if (url === '') {
    await ctx.db.deleteFrom('webhook_endpoints').where('user_id', '=', user.id).execute();
    return RESELLER_MSG.webhookRemoved;
  }
  const target = await checkTarget(url, policy);
  const now = Date.now();
  await ctx.dbh.writeTx(async (trx) => {
    await requireOpenSession(trx, ctx.dbh.engine === 'postgres', sessionId);
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
  const json = JSON.stringify(z.encode(WebhookPayloadSchema, { id, event, created_at: now, data }));
  // A purchase paid with a coupon names its code: kept sealed, opened as it is read to be sent
  // or listed (ADR 0071).
  const payload = data.coupon_code ? sealedCodes(trx).seal(json) : json;
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
  // The total is counted as deliveries are queued (user_totals, ADR 0069).
  const { webhook_deliveries: total } = await userTotals(ctx.db, user.id);
  const rows = await ctx.db
    .selectFrom('webhook_deliveries')
    .where('user_id', '=', user.id)
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

/** The recorded reason of an attempt that ran out of time. */
export const webhookDeadlineError = (ms: number) =>
  `No answer (status line and headers) within ${ms / 1000} seconds.`;

export interface WebhookSendOptions {
  /**
   * The whole of one attempt, from resolving the address to the last byte of the answer's
   * headers (ADR 0035). A receiver answering a byte at a time never trips an idle timeout.
   */
  deadlineMs?: number;
  /** The deadline's signal for one attempt (tests end it when they choose). */
  deadlineSignal?: (ms: number) => AbortSignal;
  /** How long a claim holds a delivery; renewed every third of it while the send is on. */
  leaseMs?: number;
  /** Sends at once in this instance, and to one host (a slow host holds at most that many). */
  concurrency?: number;
  perHost?: number;
  policy?: TargetPolicy;
}

export interface SendResult {
  status?: number;
  error?: string;
}

/** Settles as `work` does, or rejects as soon as `signal` aborts. */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    void work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * POSTs to the checked address (connecting to the address that was checked; no redirects).
 * Settles with the status as soon as the headers are in: the body is drained, never waited
 * for, and `signal` (the attempt's deadline) still cuts a connection that outlives it.
 */
export function post(
  target: CheckedTarget,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
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
        signal,
      },
      (res) => {
        res.on('error', () => {}); // a body cut by the deadline after we have the status
        res.resume();
        const status = res.statusCode ?? 0;
        resolve(
          status >= 300 && status < 400 ? { status, error: 'Redirect not followed.' } : { status },
        );
      },
    );
    req.on('error', (err) => resolve({ error: err.message.slice(0, 200) }));
    req.end(body);
  });
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
  signal: AbortSignal,
): Promise<SendResult> {
  const endpoint = await ctx.db
    .selectFrom('webhook_endpoints')
    .select('url')
    .where('user_id', '=', row.user_id)
    .executeTakeFirst();
  if (!endpoint) return { error: 'No webhook address is set.' };
  let target: CheckedTarget;
  try {
    // Checked again at every delivery: the name may resolve elsewhere now. A resolver that
    // never answers is inside the deadline too.
    target = await abortable(checkTarget(endpoint.url, policy), signal);
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
    signal,
  );
}

/** The host a delivery goes to, for the per-host cap ('' when it has no valid address). */
function hostOf(url: string | null): string {
  try {
    return url ? new URL(url).hostname : '';
  } catch {
    return '';
  }
}

interface Flight {
  userId: string;
  host: string;
  done: Promise<void>;
}

/**
 * The deliveries one instance has in flight: claims due rows while it has room (in all and
 * per host), sends them at once, renews each claim while its send is on, and records the
 * outcome only while the claim is still its own. A claim is `attempts + 1` and a lease in
 * `next_attempt_at`; (id, attempts) then names it, so a row another instance has claimed since
 * is never written over.
 */
class Sender {
  private readonly flights = new Map<string, Flight>();
  private readonly perHostNow = new Map<string, number>();
  private chain: Promise<unknown> = Promise.resolve();
  private stopped = false;
  delivered = 0;
  /** Sends ended so far: a fill that found no room may have had some made meanwhile. */
  settled = 0;
  private readonly deadlineMs: number;
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private readonly perHost: number;
  private readonly policy: TargetPolicy;
  private readonly deadlineSignal: (ms: number) => AbortSignal;

  constructor(
    private readonly ctx: AppContext,
    options: WebhookSendOptions,
    /** The time leases are counted in (a pass given `now` keeps its offset from the clock). */
    private readonly clock: () => number,
    /** Called when a send ends (the worker fills the freed place at once). */
    private readonly onSettled?: () => void,
  ) {
    this.deadlineMs = options.deadlineMs ?? DEADLINE_MS;
    this.leaseMs = options.leaseMs ?? LEASE_MS;
    this.concurrency = options.concurrency ?? CONCURRENCY;
    this.perHost = options.perHost ?? PER_HOST;
    this.policy = options.policy ?? targetPolicy(ctx);
    this.deadlineSignal = options.deadlineSignal ?? ((ms) => AbortSignal.timeout(ms));
  }

  get inFlight(): number {
    return this.flights.size;
  }

  /**
   * Claims and starts what is due at `now` and fits; answers how many it started. One fill at
   * a time: room is counted before the claims and taken by them.
   */
  fill(now: number): Promise<number> {
    const run = this.chain.then(() => this.fillNow(now));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async fillNow(now: number): Promise<number> {
    const room = this.concurrency - this.flights.size;
    if (this.stopped || room <= 0) return 0;
    // Customers whose host is full are left out of the query, so their backlog cannot fill
    // the candidates and hide everyone else's due deliveries.
    const full = [...this.flights.values()]
      .filter((f) => (this.perHostNow.get(f.host) ?? 0) >= this.perHost)
      .map((f) => f.userId);
    let query = this.ctx.db
      .selectFrom('webhook_deliveries as d')
      .leftJoin('webhook_endpoints as e', 'e.user_id', 'd.user_id')
      .select(['d.id', 'd.next_attempt_at', 'e.url'])
      .where('d.status', '=', 'pending')
      .where('d.next_attempt_at', '<=', now);
    if (full.length > 0) query = query.where('d.user_id', 'not in', full);
    const due = await query
      .orderBy('d.next_attempt_at')
      .orderBy('d.id')
      .limit(room * 5)
      .execute();
    let started = 0;
    for (const d of due) {
      if (this.stopped || this.flights.size >= this.concurrency) break;
      const host = hostOf(d.url);
      if ((this.perHostNow.get(host) ?? 0) >= this.perHost) continue;
      // A guarded UPDATE on both engines: of two instances claiming the same row, the second
      // finds `next_attempt_at` changed (PostgreSQL re-checks it after the first commits).
      const row = await this.ctx.db
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          next_attempt_at: this.clock() + this.leaseMs,
          attempts: eb('attempts', '+', 1),
          updated_at: now,
        }))
        .where('id', '=', d.id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '=', d.next_attempt_at)
        .returningAll()
        .executeTakeFirst();
      if (!row) continue;
      this.start(row, host, now);
      started++;
    }
    return started;
  }

  private start(row: DeliveryRow, host: string, now: number): void {
    this.perHostNow.set(host, (this.perHostNow.get(host) ?? 0) + 1);
    const done = this.send(row, now)
      .catch((err: Error) =>
        // The claim stays leased: the row is sent again once the lease has passed.
        this.ctx.log.warn({ delivery: row.id, err: err.message }, 'webhook send failed'),
      )
      .finally(() => {
        this.settled++;
        this.flights.delete(row.id);
        const left = (this.perHostNow.get(host) ?? 1) - 1;
        if (left > 0) this.perHostNow.set(host, left);
        else this.perHostNow.delete(host);
        if (!this.stopped) this.onSettled?.();
      });
    this.flights.set(row.id, { userId: row.user_id, host, done });
  }

  /** An UPDATE of the row that changes it only while the claim (id, attempts) is ours. */
  private ours(row: DeliveryRow) {
    return this.ctx.db
      .updateTable('webhook_deliveries')
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where('attempts', '=', row.attempts);
  }

  private async send(row: DeliveryRow, now: number): Promise<void> {
    const deadline = this.deadlineSignal(this.deadlineMs);
    const lost = new AbortController();
    // Renewed while the send is on, so no other instance takes a row still being sent; an
    // instance that dies stops renewing, and its claim passes after one lease.
    let renewing: Promise<void> | undefined;
    const renewal = setInterval(() => {
      renewing ??= this.ours(row)
        .set({ next_attempt_at: this.clock() + this.leaseMs })
        .executeTakeFirst()
        .then((r) => {
          if (Number(r.numUpdatedRows) === 0) lost.abort();
        })
        .catch((err: Error) => {
          this.ctx.log.warn({ delivery: row.id, err: err.message }, 'webhook lease not renewed');
        })
        .finally(() => {
          renewing = undefined;
        });
    }, this.leaseMs / 3);
    renewal.unref();
    let result: SendResult;
    try {
      result = await attempt(this.ctx, row, this.policy, AbortSignal.any([deadline, lost.signal]));
    } finally {
      clearInterval(renewal);
    }
    // A renewal still on its way would write a lease over the outcome (PostgreSQL runs it on
    // another connection): the outcome waits for it.
    await renewing;
    if (lost.signal.aborted) {
      this.ctx.log.info({ delivery: row.id }, 'webhook claim lost: another instance sends it');
      return;
    }
    if (result.status === undefined && deadline.aborted) {
      result = { error: webhookDeadlineError(this.deadlineMs) };
    }
    const ok = result.status !== undefined && result.status >= 200 && result.status < 300;
    const attempts = Number(row.attempts);
    const next = now + retryDelay(attempts);
    const givingUp = !ok && next > Number(row.created_at) + WEBHOOK_RETRY_FOR_MS;
    const at = Date.now();
    await this.ours(row)
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
      .execute();
    if (ok) this.delivered++;
    else
      this.ctx.log.info(
        { delivery: row.id, attempts, error: result.error, status: result.status },
        'webhook not delivered',
      );
  }

  /** Resolves when one of the sends in flight ends. */
  async oneSettled(): Promise<void> {
    await Promise.race([...this.flights.values()].map((f) => f.done));
  }

  /** Stops claiming, and waits for the sends in flight (each ends by its deadline). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.chain;
    while (this.flights.size > 0) await this.oneSettled();
  }
}

/**
 * One pass of the delivery worker: sends every delivery due at `now` once, several at a time,
 * and records the outcomes. `now` lets tests move time forward. Answers how many were
 * delivered.
 */
export async function runWebhooksOnce(
  ctx: AppContext,
  options: WebhookSendOptions & { now?: number } = {},
): Promise<number> {
  const started = Date.now();
  const now = options.now ?? started;
  const sender = new Sender(ctx, options, () => now + (Date.now() - started));
  for (;;) {
    const settled = sender.settled;
    const more = await sender.fill(now);
    if (more > 0 || sender.settled !== settled) continue;
    if (sender.inFlight === 0) break;
    await sender.oneSettled();
  }
  return sender.delivered;
}

/**
 * Runs the delivery worker: a pass every few seconds claims what is due and has room, and a
 * send that ends makes room for the next at once. Stopping waits for the sends in flight.
 */
export function startWebhookWorker(
  ctx: AppContext,
  options: WebhookSendOptions & { everyMs?: number } = {},
): () => Promise<void> {
  const sender = new Sender(ctx, options, Date.now, () => {
    sender.fill(Date.now()).catch((err: Error) => {
      ctx.log.warn({ err: err.message }, 'webhook pass failed');
    });
  });
  const stopPasses = startWorker(ctx, 'webhook', () => sender.fill(Date.now()), options.everyMs);
  return async () => {
    await stopPasses();
    await sender.stop();
  };
}
