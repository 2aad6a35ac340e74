/**
 * `X-Request-Id` idempotency (decisions §3; ADR 0006, 0017). The key row (user, request id) is
 * inserted BEFORE the work under a primary key, so of concurrent duplicates exactly one runs;
 * the others wait for its stored answer. The same key with a different method, path or body is
 * 409 `idempotency_conflict`. Answers below 500 are kept for 24 h.
 *
 * Once money moves the key is never freed: a route that moves money calls
 * `bindIdempotencyKey` inside the DB transaction of the movement, tying the key to the
 * transaction it created. From then on, whatever fails after the commit (settling with the
 * provider, a reversal, the final read, the process itself), the key stays, and a retry or a
 * waiting duplicate is answered from that transaction's current state (the route's
 * `recover`). A key with no transaction and no answer is freed when its request fails, or
 * taken over by a retry once it is clearly abandoned (a crash before any money moved).
 *
 * The stored fingerprint is an HMAC keyed by the server's secret, over the request without its
 * secret fields (the contract's SECRET_FIELDS: pin, passwords, BVN…, at any depth): a leaked
 * table gives no pin or BVN back, not even by trying them all with the key (ADR 0015, 0034).
 *
 * Nothing secret is kept as an answer either (ADR 0034): an answer that shows a credential once
 * (a new API key) is stored as what a retry answers instead (`keep`). A retry can be made to
 * prove it may see the answer (`check`: the pin of a purchase sent through an API key) and be
 * answered from its transaction as it stands now (`current`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac } from 'node:crypto';
import { SECRET_FIELDS, SERVER_MSG } from '@contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../db/index.ts';
import type { Answer } from './answer.ts';
import { ApiError } from './errors.ts';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
const WAIT_MS = 10_000;
const POLL_MS = 20;
/**
 * A claim with neither an answer nor a transaction this old was abandoned: the work before a
 * debit (pin, pricing) takes well under a second, so its process died. A retry takes it over;
 * if the first request were somehow still alive, its `bindIdempotencyKey` would fail and roll
 * its debit back, so the money still moves once.
 */
const ABANDONED_MS = 60_000;

/** Answers a request whose money already moved, from the transaction it created. */
export type Recover = (transactionId: string) => Promise<Answer>;

interface Claim {
  userId: string;
  requestId: string;
  createdAt: number;
}

const claims = new AsyncLocalStorage<Claim>();

/** Body fields left out of the fingerprint: secrets, which the table must not help recover. */
const SECRET = new Set<string>(SECRET_FIELDS);

/** `value` without its secret fields, at any depth (a body is parsed JSON: no cycles). */
function withoutSecrets(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null || depth > 8) return value;
  if (Array.isArray(value)) return value.map((v) => withoutSecrets(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !SECRET.has(k))
      .map(([k, v]) => [k, withoutSecrets(v, depth + 1)]),
  );
}

/** The keyed fingerprint of a request (method, URL, body without its secrets). */
export function fingerprint(secret: string, req: Pick<FastifyRequest, 'method' | 'url' | 'body'>) {
  const body = withoutSecrets(req.body ?? null);
  return createHmac('sha256', `idempotency:${secret}`)
    .update(`${req.method} ${req.url}\n${JSON.stringify(body)}`)
    .digest('hex');
}

/** How a request's answer is kept, and when a retry may see it (ADR 0034). */
export interface RetryOptions {
  /** For an answer that shows a credential once: what is stored (and a retry answers) instead. */
  keep?: (answer: Answer) => Answer;
  /** Runs once before a retry is answered from anything stored; throws its refusal. */
  check?: () => Promise<void>;
  /** A retry whose key is tied to a transaction answers it as it stands now (needs `recover`). */
  current?: boolean;
}

/** The X-Request-Id of the running request, if it has one (kept on the purchase it creates). */
export const currentRequestId = (): string | null => claims.getStore()?.requestId ?? null;

/**
 * Ties the running request's key (if it has one) to the transaction it creates. Call it
 * inside the DB transaction that moves the money: the key and the money commit together.
 * Throws (rolling the movement back) if this request no longer owns its key.
 */
export async function bindIdempotencyKey(trx: Db, transactionId: string): Promise<void> {
  const claim = claims.getStore();
  if (!claim) return;
  const bound = await trx
    .updateTable('idempotency_keys')
    .set({ transaction_id: transactionId })
    .where('user_id', '=', claim.userId)
    .where('request_id', '=', claim.requestId)
    .where('created_at', '=', claim.createdAt)
    .where('transaction_id', 'is', null)
    .executeTakeFirst();
  if (Number(bound.numUpdatedRows) !== 1) {
    throw new Error('idempotency key taken over before the money moved');
  }
}

export async function idempotent(
  ctx: AppContext,
  userId: string,
  requestId: string,
  req: FastifyRequest,
  run: () => Promise<Answer>,
  recover?: Recover,
  options: RetryOptions = {},
): Promise<Answer> {
  const { db } = ctx;
  const hash = fingerprint(ctx.config.jwtSecret, req);
  let checked: Promise<void> | undefined;
  const mayReplay = () => (checked ??= options.check?.() ?? Promise.resolve());

  for (let attempt = 0; attempt < 3; attempt++) {
    const now = Date.now();
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({ user_id: userId, request_id: requestId, request_hash: hash, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'request_id']).doNothing())
      .returning('request_id')
      .executeTakeFirst();
    if (inserted) {
      const claim: Claim = { userId, requestId, createdAt: now };
      let answer: Answer;
      try {
        answer = await claims.run(claim, run);
      } catch (err) {
        const recovered = await afterFailure(ctx, claim, recover, err);
        if (recovered) return recovered;
        throw err;
      }
      if (answer.status >= 500) {
        return (await afterFailure(ctx, claim, recover, answer)) ?? answer;
      }
      const kept = options.keep?.(answer) ?? answer;
      await db
        .updateTable('idempotency_keys')
        .set({ status_code: kept.status, response: JSON.stringify(kept.body) })
        .where('user_id', '=', userId)
        .where('request_id', '=', requestId)
        .where('created_at', '=', now)
        .execute();
      return answer;
    }

    // A duplicate (or a retry): the stored answer, else the transaction's state, else wait.
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
      const unanswered = row.response === null || row.status_code === null;
      const expired = Number(row.created_at) < Date.now() - IDEMPOTENCY_TTL_MS;
      const abandoned =
        unanswered &&
        row.transaction_id === null &&
        Number(row.created_at) < Date.now() - ABANDONED_MS;
      if (expired || abandoned) {
        // Free it (only as it was seen) and claim it afresh.
        let stale = db
          .deleteFrom('idempotency_keys')
          .where('user_id', '=', userId)
          .where('request_id', '=', requestId)
          .where('created_at', '=', row.created_at);
        if (!expired) stale = stale.where('transaction_id', 'is', null);
        await stale.execute();
        vanished = true;
        break;
      }
      // Through a key the pin is checked before anything about the stored request is told: a
      // conflict (409) against a wrong pin (422) would say the id exists, or confirm a guessed
      // body, to a caller without the pin (ADR 0034).
      if (options.check) await mayReplay();
      if (row.request_hash !== hash) {
        throw new ApiError('idempotency_conflict', SERVER_MSG.idempotencyConflict);
      }
      if (!unanswered || (row.transaction_id !== null && recover)) await mayReplay();
      if (row.transaction_id !== null && recover && (unanswered || options.current)) {
        return recover(row.transaction_id);
      }
      if (!unanswered) {
        return { status: Number(row.status_code), body: JSON.parse(row.response as string) };
      }
      await sleep(POLL_MS);
    }
    if (!vanished) break;
  }
  throw new ApiError('conflict', SERVER_MSG.requestInProgress);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The request failed (threw, or answered 5xx). If its money moved, the key stays tied to the
 * transaction and the caller gets that transaction's current state (the fault is logged);
 * otherwise the key is freed so the client can retry. Answers the recovered answer, if any.
 */
async function afterFailure(
  ctx: AppContext,
  claim: Claim,
  recover: Recover | undefined,
  failure: unknown,
): Promise<Answer | undefined> {
  const row = await ctx.db
    .selectFrom('idempotency_keys')
    .select('transaction_id')
    .where('user_id', '=', claim.userId)
    .where('request_id', '=', claim.requestId)
    .where('created_at', '=', claim.createdAt)
    .executeTakeFirst();
  if (!row?.transaction_id) {
    await ctx.db
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', claim.userId)
      .where('request_id', '=', claim.requestId)
      .where('created_at', '=', claim.createdAt)
      .where('transaction_id', 'is', null)
      .where('status_code', 'is', null)
      .execute();
    return undefined;
  }
  ctx.log.error(
    { err: failure instanceof Error ? failure : undefined, transactionId: row.transaction_id },
    'request failed after its money moved; answered from the transaction',
  );
  if (!recover) return undefined;
  try {
    return await recover(row.transaction_id);
  } catch {
    return undefined; // the fault persists: the original error answers; a retry recovers
  }
}

/** Drops keys older than 24 h (called by the maintenance worker). */
export async function purgeIdempotencyKeys(ctx: AppContext, now = Date.now()) {
  await ctx.db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', now - IDEMPOTENCY_TTL_MS)
    .execute();
}
