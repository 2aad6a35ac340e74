/**
 * `X-Request-Id` idempotency (decisions §3; ADR 0006). The key row (user, request id) is
 * inserted BEFORE the work under a primary key, so of concurrent duplicates exactly one runs;
 * the others wait for its stored answer (or get 409 `conflict` if it takes too long). The same
 * key with a different method, path or body is 409 `idempotency_conflict`. Answers below 500
 * are kept for 24 h; a 5xx frees the key so the client can retry.
 *
 * The stored fingerprint is an HMAC keyed by the server's secret, over the request without its
 * secret fields (pin, passwords): a leaked table gives no pin back, not even by trying all 10^6
 * (ADR 0015).
 */
import { SERVER_MSG } from '@contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { createHmac } from 'node:crypto';
import type { Answer } from './answer.ts';
import { ApiError } from './errors.ts';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
const WAIT_MS = 10_000;
const POLL_MS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Body fields left out of the fingerprint: secrets, which the table must not help recover. */
const SECRET_FIELDS = new Set(['pin', 'password', 'old_password', 'new_password', 'token']);

/** The keyed fingerprint of a request (method, URL, body without its secrets). */
export function fingerprint(secret: string, req: Pick<FastifyRequest, 'method' | 'url' | 'body'>) {
  const body =
    req.body && typeof req.body === 'object' && !Array.isArray(req.body)
      ? Object.fromEntries(Object.entries(req.body).filter(([k]) => !SECRET_FIELDS.has(k)))
      : (req.body ?? null);
  return createHmac('sha256', `idempotency:${secret}`)
    .update(`${req.method} ${req.url}\n${JSON.stringify(body)}`)
    .digest('hex');
}

export async function idempotent(
  ctx: AppContext,
  userId: string,
  requestId: string,
  req: FastifyRequest,
  run: () => Promise<Answer>,
): Promise<Answer> {
  const { db } = ctx;
  const hash = fingerprint(ctx.config.jwtSecret, req);

  for (let attempt = 0; attempt < 3; attempt++) {
    const now = Date.now();
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({ user_id: userId, request_id: requestId, request_hash: hash, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'request_id']).doNothing())
      .returning('request_id')
      .executeTakeFirst();
    if (inserted) {
      let answer: Answer;
      try {
        answer = await run();
      } catch (err) {
        await release(ctx, userId, requestId);
        throw err;
      }
      if (answer.status >= 500) {
        await release(ctx, userId, requestId);
      } else {
        await db
          .updateTable('idempotency_keys')
          .set({ status_code: answer.status, response: JSON.stringify(answer.body) })
          .where('user_id', '=', userId)
          .where('request_id', '=', requestId)
          .execute();
      }
      return answer;
    }

    // A duplicate: wait for the first one's answer.
    const deadline = Date.now() + WAIT_MS;
    let vanished = false;
    while (Date.now() < deadline) {
      const row = await db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .where('request_id', '=', requestId)
        .executeTakeFirst();
      if (!row) {
        vanished = true;
        break;
      }
      if (Number(row.created_at) < Date.now() - IDEMPOTENCY_TTL_MS) {
        await db
          .deleteFrom('idempotency_keys')
          .where('user_id', '=', userId)
          .where('request_id', '=', requestId)
          .where('created_at', '=', row.created_at)
          .execute();
        vanished = true;
        break;
      }
      if (row.request_hash !== hash) {
        throw new ApiError('idempotency_conflict', SERVER_MSG.idempotencyConflict);
      }
      if (row.response !== null && row.status_code !== null) {
        return { status: Number(row.status_code), body: JSON.parse(row.response) };
      }
      await sleep(POLL_MS);
    }
    if (!vanished) break;
  }
  throw new ApiError('conflict', SERVER_MSG.requestInProgress);
}

async function release(ctx: AppContext, userId: string, requestId: string) {
  await ctx.db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('request_id', '=', requestId)
    .where('status_code', 'is', null)
    .execute();
}

/** Drops keys older than 24 h (called by the maintenance worker). */
export async function purgeIdempotencyKeys(ctx: AppContext, now = Date.now()) {
  await ctx.db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', now - IDEMPOTENCY_TTL_MS)
    .execute();
}
