/**
 * The one route helper (ADR 0004): registers a Fastify route from a contract endpoint, and for
 * every call
 *   1. enforces access: 401 `unauthorized` (no, bad or revoked token), 403 `token_expired`
 *      (expired access token), 423 `blocked`, 403 `forbidden` (non-admin on admin routes);
 *   2. parses params, query and body with the endpoint's zod schemas (money codecs give kobo);
 *      a failure is 400 `validation_error` with the first issue's message (the spec's);
 *   3. on mutating calls of a signed-in user, applies `X-Request-Id` idempotency;
 *   4. encodes the answer with `z.encode(endpoint.response, result)` (kobo → naira).
 */
import { MSG, SERVER_MSG, api, type Endpoint } from '@contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../services/users.ts';
import { ApiError } from './errors.ts';
import { idempotent } from './idempotency.ts';

/** The shared "no input" schema of the contract (endpoint() default). */
const NONE = api.logout.body;

export interface HandlerInput<E extends Endpoint> {
  params: z.output<E['params']>;
  query: z.output<E['query']>;
  body: z.output<E['body']>;
  /** The signed-in user (set on 'user' and 'admin' routes only). */
  user: UserRow;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface Answer {
  status: number;
  body: unknown;
}

export const errorBody = (err: ApiError): Answer => ({
  status: err.status,
  body: { type: err.type, msg: err.msg },
});

const PRESENCE_TOUCH_MS = 60_000;

async function authenticate(
  ctx: AppContext,
  req: FastifyRequest,
  admin: boolean,
): Promise<UserRow> {
  const header = req.headers.authorization;
  const unauthorized = new ApiError('unauthorized', SERVER_MSG.unauthorized);
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) throw unauthorized;
  const token = header.slice('Bearer '.length).trim();
  if (!token || token.length > 4096) throw unauthorized;
  const check = await ctx.tokens.verifyAccess(token);
  if (!check.ok) {
    if (check.reason === 'expired') throw new ApiError('token_expired', MSG.sessionExpired);
    throw unauthorized;
  }
  const user = await ctx.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', check.userId)
    .executeTakeFirst();
  if (!user) throw unauthorized;
  // Tokens issued before a password reset are revoked.
  if (check.iat < Math.floor(Number(user.tokens_valid_after) / 1000)) throw unauthorized;
  if (Number(user.is_blocked) === 1) throw new ApiError('blocked', SERVER_MSG.accountBlocked);
  if (admin && Number(user.is_admin) !== 1) throw new ApiError('forbidden', SERVER_MSG.forbidden);
  const now = Date.now();
  if (user.last_seen === null || now - Number(user.last_seen) > PRESENCE_TOUCH_MS) {
    await ctx.db.updateTable('users').set({ last_seen: now }).where('id', '=', user.id).execute();
    user.last_seen = now;
  }
  return user;
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new ApiError('validation_error', result.error.issues[0]?.message ?? MSG.inputsInvalid);
  }
  return result.data;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function route<E extends Endpoint>(
  app: FastifyInstance,
  ctx: AppContext,
  endpoint: E,
  handler: (input: HandlerInput<E>) => Promise<z.output<E['response']>>,
): void {
  const signedIn = endpoint.access === 'user' || endpoint.access === 'admin';
  const mutating = endpoint.method !== 'GET';

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (req, reply) => {
      let answer: Answer;
      try {
        const user = signedIn
          ? await authenticate(ctx, req, endpoint.access === 'admin')
          : (undefined as unknown as UserRow);
        const run = async (): Promise<Answer> => {
          try {
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
              req,
              reply,
            } as HandlerInput<E>);
            return { status: 200, body: z.encode(endpoint.response, result) };
          } catch (err) {
            if (err instanceof ApiError) return errorBody(err);
            throw err;
          }
        };
        const requestId = req.headers['x-request-id'];
        if (signedIn && mutating && requestId !== undefined) {
          if (typeof requestId !== 'string' || !requestId || requestId.length > 128) {
            throw new ApiError('validation_error', MSG.inputsInvalid);
          }
          answer = await idempotent(ctx, user.id, requestId, req, run);
        } else {
          answer = await run();
        }
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        answer = errorBody(err);
      }
      return reply.code(answer.status).send(answer.body);
    },
  });
}
