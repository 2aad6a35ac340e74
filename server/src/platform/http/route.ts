/**
 * The one route helper (ADR 0004): registers a Fastify route from a contract endpoint, and for
 * every call
 *   1. enforces access: 401 `unauthorized` (no, bad or revoked token), 403 `token_expired`
 *      (expired access token), 423 `blocked`, 403 `forbidden` (non-admin on admin routes, an
 *      admin role without the endpoint's permission, an admin not enrolled in two-factor in
 *      live mode: ADR 0051; an admin call from a session that did not pass the two-factor step
 *      the account requires: ADR 0072);
 *   2. applies the route's rate limits (per client address, or per account when signed in),
 *      in the database so instances share them: 429 `rate_limited` with Retry-After (ADR 0015);
 *   3. parses params, query and body with the endpoint's zod schemas (money codecs give kobo);
 *      a failure is 400 `validation_error` with the first issue's message (the spec's);
 *   4. on mutating calls of a signed-in user, applies `X-Request-Id` idempotency (a route that
 *      moves money gives `recover`, which answers a retry from the transaction it created); an
 *      answer that shows a credential once is kept as the contract's `retryOfShownOnce`, and a
 *      retry through an API key is answered only with the right pin (ADR 0034);
 *   5. encodes the answer with `z.encode(endpoint.response, result)` (kobo → naira).
 */
import {
  API_KEY_ENDPOINTS,
  API_KEY_WITHDRAWAL_ENDPOINTS,
  MSG,
  RESELLER_MSG,
  SERVER_MSG,
  api,
  retryOfShownOnce,
  type Endpoint,
  type EndpointName,
} from '@contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from '@contract/zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../db/index.ts';
import { queryShape } from '../db/query-shape.ts';
import {
  authenticateKey,
  requireKeyWithdrawals,
  withApiKey,
  type KeyCaller,
} from '../../reseller/api-keys.ts';
import { checkKeyPin } from '../../reseller/key-pins.ts';
import {
  checkAdminAccess,
  needsTwoFactorSession,
  requireTwoFactorSession,
} from '../../accounts/two-factor.ts';
import type { UserRow } from '../../accounts/users.ts';
import { counterKey, limit, RateLimited } from '../rate.ts';
import type { Answer } from './answer.ts';
import { ApiError } from './errors.ts';
import { idempotent, type RetryOptions } from './idempotency.ts';

/** The shared "no input" schema of the contract (endpoint() default). */
const NONE = api.logout.body;

export interface HandlerInput<E extends Endpoint> {
  params: z.output<E['params']>;
  query: z.output<E['query']>;
  body: z.output<E['body']>;
  /** The signed-in user (set on 'user' and 'admin' routes only). */
  user: UserRow;
  /** The signed-in session (its refresh family), when the access token names one. */
  sessionId?: string;
  req: FastifyRequest;
  reply: FastifyReply;
}

export const errorBody = (err: ApiError): Answer => ({
  status: err.status,
  body: { type: err.type, msg: err.msg },
});

const PRESENCE_TOUCH_MS = 60_000;

/** The signed-in user and whether its session ended; compiled once (queryShape, ADR 0028). */
const userById = (db: Db, userId: string) =>
  db.selectFrom('users').selectAll().where('id', '=', userId);
const userAndSession = queryShape((db, userId: string, sessionId: string) =>
  userById(db, userId).select((eb) =>
    eb
      .exists(
        eb
          .selectFrom('refresh_tokens')
          .select('refresh_tokens.id')
          .where('refresh_tokens.family_id', '=', sessionId)
          .where('refresh_tokens.revoked_at', 'is not', null),
      )
      .as('session_ended'),
  ),
);
const userWithoutSession = queryShape((db, userId: string) =>
  userById(db, userId).select((eb) => eb.lit(false).as('session_ended')),
);

// Made only when thrown: an error captures a stack trace, measurable on every request.
const unauthorized = () => new ApiError('unauthorized', SERVER_MSG.unauthorized);

async function authenticate(
  ctx: AppContext,
  req: FastifyRequest,
  endpoint: Endpoint,
): Promise<{ user: UserRow; sessionId?: string }> {
  const header = req.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) throw unauthorized();
  const token = header.slice('Bearer '.length).trim();
  if (!token || token.length > 4096) throw unauthorized();
  const check = ctx.tokens.verifyAccess(token);
  if (!check.ok) {
    if (check.reason === 'expired') throw new ApiError('token_expired', MSG.sessionExpired);
    throw unauthorized();
  }
  const sessionId = check.sessionId;
  // The user and whether the token's session ended, in one round trip.
  const [found] = await (sessionId
    ? userAndSession(ctx.db, check.userId, sessionId)
    : userWithoutSession(ctx.db, check.userId));
  if (!found) throw unauthorized();
  const { session_ended: sessionEnded, ...user } = found;
  // Blocked first: blocking also ends the sessions, but the customer is told why (423).
  if (Number(user.is_blocked) === 1) throw new ApiError('blocked', SERVER_MSG.accountBlocked);
  if (sessionId) {
    // Its session ended (logout, a password change elsewhere, a reset, a block, a stolen
    // refresh token replayed): the access token ends with it.
    if (Number(sessionEnded) === 1) throw unauthorized();
  } else if (check.iat < Math.floor(Number(user.tokens_valid_after) / 1000)) {
    // A token without a session (issued before sessions were named) ends with a password
    // change or reset.
    throw unauthorized();
  }
  if (endpoint.access === 'admin' && Number(user.is_admin) !== 1) {
    throw new ApiError('forbidden', SERVER_MSG.forbidden);
  }
  // The admin's role and, in live mode, their two-factor enrolment (ADR 0051); then whether
  // this session passed the two-factor step the account requires (ADR 0072).
  checkAdminAccess(ctx, endpoint, user);
  if (needsTwoFactorSession(ctx, endpoint, user)) {
    await requireTwoFactorSession(ctx, sessionId);
  }
  const now = Date.now();
  if (user.last_seen === null || now - Number(user.last_seen) > PRESENCE_TOUCH_MS) {
    await ctx.db.updateTable('users').set({ last_seen: now }).where('id', '=', user.id).execute();
    user.last_seen = now;
  }
  return { user, sessionId: check.sessionId };
}

/** The contract's name of an endpoint (`api.<name>`), the key of its rate limits. */
const nameOf = new Map<Endpoint, EndpointName>(
  Object.entries(api).map(([name, e]) => [e as Endpoint, name as EndpointName]),
);

/** The endpoints a reseller may call with an `X-Api-Key` (ADR 0026). */
const acceptsKey = new Set<Endpoint>(API_KEY_ENDPOINTS.map((name) => api[name]));
/** Of those, the withdrawal calls: only with a key an owner turned them on for (ADR 0091). */
const withdrawsWithKey = new Set<Endpoint>(API_KEY_WITHDRAWAL_ENDPOINTS.map((name) => api[name]));

/**
 * Who is calling a signed-in route: a session's access token, or on the reseller endpoints an
 * API key (`X-Api-Key`; a mutating call must then send `X-Request-Id`).
 */
async function caller(
  ctx: AppContext,
  endpoint: Endpoint,
  req: FastifyRequest,
): Promise<{ user: UserRow; sessionId?: string; key?: KeyCaller }> {
  const keyHeader = req.headers['x-api-key'];
  if (keyHeader === undefined) return authenticate(ctx, req, endpoint);
  if (!acceptsKey.has(endpoint)) throw new ApiError('unauthorized', RESELLER_MSG.keyNotAccepted);
  const { user, key } = await authenticateKey(ctx, keyHeader);
  if (withdrawsWithKey.has(endpoint)) requireKeyWithdrawals(key);
  const requestId = req.headers['x-request-id'];
  if (endpoint.method !== 'GET' && (typeof requestId !== 'string' || !requestId.trim())) {
    throw new ApiError('validation_error', RESELLER_MSG.requestIdRequired);
  }
  return { user, key };
}

/** Counts the request against each of the route's limits (unless `RATE_LIMITS=off`). */
async function applyLimits(
  ctx: AppContext,
  endpoint: Endpoint,
  req: FastifyRequest,
  user?: UserRow,
) {
  const { limits } = ctx.config;
  const name = nameOf.get(endpoint);
  if (limits.off || !name) return;
  for (const rule of limits.routes[name] ?? []) {
    const who = rule.per === 'account' && user ? `u:${user.id}` : `a:${req.ip}`;
    await limit(ctx.db, counterKey(`route:${name}`, who), rule);
  }
}

/** A NUL character anywhere in the input: no field takes one, and PostgreSQL text refuses it. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || typeof value !== 'object' || value === null) return false;
  for (const [k, v] of Object.entries(value))
    if (k.includes('\u0000') || hasNul(v, depth + 1)) return true;
  return false;
}

function parse<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new ApiError('validation_error', result.error.issues[0]?.message ?? MSG.inputsInvalid);
  }
  return result.data;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A retry through an API key (ADR 0034). Its X-Request-Id may be known to whoever holds a
 * leaked key (`order-1001`): it is answered only to one who sends the right pin, counted on the
 * key's own budget like a purchase's (a right one buys nothing again), and from the purchase as
 * it stands now, which is how a key gets the goods of a purchase that was pending (the requery
 * shows a key none).
 */
function keyRetry(
  ctx: AppContext,
  endpoint: Endpoint,
  req: FastifyRequest,
  user: UserRow,
  keyId: string,
): RetryOptions {
  return {
    current: true,
    async check() {
      // Only the secret fields differ from the first request's body (its fingerprint matched).
      const body = parse(endpoint.body, isPlainObject(req.body) ? req.body : {}) as {
        pin?: unknown;
      };
      if (typeof body.pin !== 'string') throw new ApiError('validation_error', MSG.inputsInvalid);
      await checkKeyPin(ctx, user, keyId, body.pin);
    },
  };
}

/** Whether the endpoint's body takes the pin: a key's retry of one that does not (the account
 * look-up, ADR 0091) is answered as its first call was, without a pin (it needed none). */
const takesPin = (endpoint: Endpoint) =>
  'pin' in ((endpoint.body as { shape?: object }).shape ?? {});

export interface RouteOptions<E extends Endpoint> {
  /**
   * For routes that move money (they call `bindIdempotencyKey`): the answer for the
   * transaction a request created, as it stands now. A retry of that request (same
   * X-Request-Id) after a failure that came once the money had moved gets this (ADR 0017).
   */
  recover?: (transactionId: string) => Promise<z.output<E['response']>>;
  /**
   * The answer shows coupon codes (ADR 0071), always or for this body: it is not kept for a
   * retry, which is answered from the transaction as it stands (`recover`), so the retry
   * records hold no code a database reader could redeem.
   */
  answerFromTransaction?: boolean | ((body: unknown) => boolean);
}

/**
 * Retries of an answer not kept: the key is bound to its transaction, which answers them (a
 * 200 always bound one: the money moved), so what is stored in its place is never replayed.
 */
const FROM_TRANSACTION: RetryOptions = {
  current: true,
  keep: (sent) => (sent.status === 200 ? { status: 200, body: {} } : sent),
};

export function route<E extends Endpoint>(
  app: FastifyInstance,
  ctx: AppContext,
  endpoint: E,
  handler: (input: HandlerInput<E>) => Promise<z.output<E['response']>>,
  options: RouteOptions<E> = {},
): void {
  const signedIn = endpoint.access === 'user' || endpoint.access === 'admin';
  const mutating = endpoint.method !== 'GET';

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (req, reply) => {
      let answer: Answer;
      try {
        const { user, sessionId, key } = signedIn
          ? await caller(ctx, endpoint, req)
          : { user: undefined as unknown as UserRow, sessionId: undefined, key: undefined };
        await applyLimits(ctx, endpoint, req, signedIn ? user : undefined);
        const work = async (): Promise<Answer> => {
          try {
            if (hasNul(req.body) || hasNul(req.query) || hasNul(req.params)) {
              throw new ApiError('validation_error', MSG.inputsInvalid);
            }
            const params = parse(endpoint.params, req.params ?? {});
            const query = endpoint.query === NONE ? {} : parse(endpoint.query, req.query ?? {});
            const body =
              endpoint.body === NONE
                ? {}
                : parse(endpoint.body, isPlainObject(req.body) ? req.body : {});
            const result = await handler({
              params,
              query,
              body,
              user,
              sessionId,
              req,
              reply,
            } as HandlerInput<E>);
            return { status: 200, body: z.encode(endpoint.response, result) };
          } catch (err) {
            // A 429 is thrown on, not answered: it is no answer to keep for an X-Request-Id,
            // so the key is freed and a retry after the wait runs (ADR 0015).
            if (err instanceof ApiError && !(err instanceof RateLimited)) return errorBody(err);
            throw err;
          }
        };
        // A purchase made with a key records it (its webhooks are signed with that key's secret).
        const run = key ? () => withApiKey(key, work) : work;
        const requestId = req.headers['x-request-id'];
        if (signedIn && mutating && requestId !== undefined) {
          if (typeof requestId !== 'string' || !requestId || requestId.length > 128) {
            throw new ApiError('validation_error', MSG.inputsInvalid);
          }
          const { recover } = options;
          answer = await idempotent(
            ctx,
            user.id,
            requestId,
            req,
            run,
            recover &&
              (async (id) => ({
                status: 200,
                body: z.encode(endpoint.response, await recover(id)),
              })),
            {
              keep: (sent) =>
                (sent.status === 200 && retryOfShownOnce(endpoint, sent.body)) || sent,
              ...((
                typeof options.answerFromTransaction === 'function'
                  ? options.answerFromTransaction(req.body)
                  : options.answerFromTransaction
              )
                ? FROM_TRANSACTION
                : {}),
              ...(key && takesPin(endpoint) ? keyRetry(ctx, endpoint, req, user, key.id) : {}),
            },
          );
        } else {
          answer = await run();
        }
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        answer = errorBody(err);
        if (err instanceof RateLimited) {
          reply.header('retry-after', String(Math.max(1, Math.ceil(err.retryAfterMs / 1000))));
        }
      }
      return reply.code(answer.status).send(answer.body);
    },
  });
}
