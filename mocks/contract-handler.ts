import {
  ERROR_STATUS,
  MSG,
  retryOfShownOnce,
  ROLE_MSG,
  adminMayCall,
  SERVER_MSG,
  type ApiErrorBody,
  type Endpoint,
  type ErrorType,
} from '@contract';
import { delay, http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw';
import { z } from '@contract/zod';
import { db, findUser } from './db';
import { errorResponse, MockApiError, serverError } from './errors';
import type { UserRecord } from './records';
import { readAccessToken } from './tokens';

/**
 * Builds MSW handlers from the contract, so the mocks cannot drift from it: the path and
 * method come from the endpoint, input is parsed with its schemas (money decoded to kobo),
 * access is enforced as the server will (decisions §3, §7), and every answer is encoded with
 * `z.encode(endpoint.response, value)` — a resolver that returns something the contract does
 * not allow fails loudly instead of teaching the UI a wrong shape.
 */

export interface Ctx<E extends Endpoint> {
  params: z.output<E['params']>;
  query: z.output<E['query']>;
  body: z.output<E['body']>;
  /** The signed-in caller (always set for `user` and `admin` endpoints). */
  user: UserRecord | null;
  request: Request;
  /** Origin of the request: links in answers and e-mails point back to the same app. */
  origin: string;
}
export type Answer<E extends Endpoint> = z.output<E['response']>;
export type Resolver<E extends Endpoint> = (ctx: Ctx<E>) => Answer<E> | Promise<Answer<E>>;

/** The caller of a `user`/`admin` endpoint (handle() has already authenticated it). */
export function me(ctx: { user: UserRecord | null }): UserRecord {
  if (!ctx.user) throw new MockApiError('unauthorized', SERVER_MSG.unauthorized);
  return ctx.user;
}

/** Shared secret the mock card provider sends in `verif-hash` (Flutterwave style). */
export const MOCK_WEBHOOK_HASH = 'mock-verif-hash';

/**
 * MSW path for a contract path. The leading `*` matches any origin: in Node, MSW matches
 * only absolute URLs, and in the browser it also covers an API on another host
 * (VITE_API_BASE). `:id` segments are the same syntax in both.
 */
export const mswPath = (endpoint: Endpoint): string => `*${endpoint.path}`;

const METHOD = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const;

export function handle<E extends Endpoint>(endpoint: E, resolver: Resolver<E>): HttpHandler {
  return METHOD[endpoint.method](mswPath(endpoint), async ({ request, params }) => {
    try {
      const user = authenticate(endpoint, request);
      const bodyText = await readBodyText(request);
      const input = parseInput(endpoint, request, params, bodyText);
      const replayKey = idempotencyKey(request, user);
      const replay = replayKey ? db.idempotency.get(replayKey) : undefined;
      if (replay) {
        if (replay.body !== bodyText) {
          throw new MockApiError('idempotency_conflict', SERVER_MSG.idempotencyConflict);
        }
        return HttpResponse.json(replay.json as JsonBodyType, { status: replay.status });
      }
      const origin = new URL(request.url).origin;
      const [status, json] = await answer(endpoint, () =>
        resolver({ ...input, user, request, origin }),
      );
      if (replayKey) {
        // An answer that shows a credential once is not kept: a retry names it (ADR 0034).
        const kept = (status === 200 && retryOfShownOnce(endpoint, json)) || { status, body: json };
        db.idempotency.set(replayKey, { body: bodyText, status: kept.status, json: kept.body });
      }
      if (status === 200 && db.settings.latencyMs > 0) await delay(db.settings.latencyMs);
      return HttpResponse.json(json as JsonBodyType, { status });
    } catch (error) {
      return refusal(endpoint, error);
    }
  });
}

/** Runs the resolver: `[200, encoded answer]`, or `[status, { type, msg }]` for a refusal. */
async function answer<E extends Endpoint>(
  endpoint: E,
  run: () => Answer<E> | Promise<Answer<E>>,
): Promise<[number, unknown]> {
  let value: Answer<E>;
  try {
    value = await run();
  } catch (error) {
    if (error instanceof MockApiError) return [error.status, { type: error.type, msg: error.msg }];
    throw error;
  }
  try {
    return [200, z.encode(endpoint.response, value)];
  } catch (error) {
    // A bug in the mock, not a state of the app: say which endpoint and field.
    const detail = error instanceof z.core.$ZodError ? z.prettifyError(error) : String(error);
    console.error(`[mocks] ${endpoint.name}: answer breaks the contract\n${detail}`);
    return [
      500,
      { type: 'server_error', msg: `Mock answer breaks the contract (${endpoint.name}).` },
    ];
  }
}

function refusal(endpoint: Endpoint, error: unknown): HttpResponse<ApiErrorBody> {
  if (error instanceof MockApiError)
    return errorResponse(error.status, { type: error.type, msg: error.msg });
  console.error(`[mocks] ${endpoint.name} failed`, error);
  return serverError();
}

// ── Access ────────────────────────────────────────────────────────────────────

function authenticate(endpoint: Endpoint, request: Request): UserRecord | null {
  if (endpoint.access === 'public' || endpoint.access === 'dev') return null;
  if (endpoint.access === 'provider') {
    if (request.headers.get('verif-hash') !== MOCK_WEBHOOK_HASH) {
      throw new MockApiError('unauthorized', SERVER_MSG.unauthorized);
    }
    return null;
  }
  const header = request.headers.get('authorization') ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token) throw new MockApiError('unauthorized', SERVER_MSG.unauthorized);
  const check = readAccessToken(token);
  // 401 clears the session silently; 403 token_expired shows the spec's message (decisions §3).
  if (!check.ok && check.reason === 'expired')
    throw new MockApiError('token_expired', MSG.sessionExpired);
  if (!check.ok) throw new MockApiError('unauthorized', SERVER_MSG.unauthorized);
  const user = findUser(check.claims.sub);
  if (!user) throw new MockApiError('unauthorized', SERVER_MSG.unauthorized);
  // A blocked user can do nothing, but keeps the session: 423 does not log out (decisions §3).
  if (user.isBlocked) throw new MockApiError('blocked', SERVER_MSG.accountBlocked);
  if (endpoint.access === 'admin' && !user.isAdmin)
    throw new MockApiError('forbidden', SERVER_MSG.forbidden);
  // The admin's role, as the server's route helper checks it (ADR 0051).
  const role = user.admin_role === undefined ? 'owner' : user.admin_role;
  if (
    user.isAdmin &&
    endpoint.access === 'admin' &&
    !adminMayCall(role, user.admin_grants, endpoint.name)
  )
    throw new MockApiError('forbidden', ROLE_MSG.notAllowed(role));
  return user;
}

/** Mutating calls carry X-Request-Id: same key, same answer, no second debit (decisions §3). */
function idempotencyKey(request: Request, user: UserRecord | null): string | null {
  const id = request.headers.get('x-request-id');
  if (request.method === 'GET' || !user || !id) return null;
  return `${user.id}:${request.method} ${new URL(request.url).pathname}:${id}`;
}

// ── Input ─────────────────────────────────────────────────────────────────────

async function readBodyText(request: Request): Promise<string> {
  if (request.method === 'GET' || request.method === 'HEAD') return '';
  return request.text();
}

function parseInput<E extends Endpoint>(
  endpoint: E,
  request: Request,
  rawParams: Record<string, string | readonly string[] | undefined>,
  bodyText: string,
): Pick<Ctx<E>, 'params' | 'query' | 'body'> {
  // Numeric keys are the captures of the `*` origin wildcard, not path parameters.
  const params = Object.fromEntries(
    Object.entries(rawParams)
      .filter(([key]) => !/^\d+$/.test(key))
      .map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]),
  );
  const query = Object.fromEntries(new URL(request.url).searchParams);
  let json: unknown = {};
  if (bodyText.trim() !== '') {
    try {
      json = JSON.parse(bodyText);
    } catch {
      throw new MockApiError('validation_error', MSG.inputsInvalid);
    }
  }
  return {
    params: parsed<E['params']>(endpoint.params, params),
    query: parsed<E['query']>(endpoint.query, query),
    body: parsed<E['body']>(endpoint.body, json),
  };
}

/** Decodes with the contract; the first issue's message is the answer (spec §5 wording). */
function parsed<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new MockApiError('validation_error', result.error.issues[0]?.message ?? MSG.inputsInvalid);
}

// ── One-off answers for stories ───────────────────────────────────────────────

/** A handler that always refuses: `errorHandler(api.login, 423, 'blocked', SERVER_MSG.accountBlocked)`. */
export function errorHandler(
  endpoint: Endpoint,
  status: number,
  type: ErrorType | string,
  msg: string,
): HttpHandler {
  return METHOD[endpoint.method](mswPath(endpoint), () => errorResponse(status, { type, msg }));
}

/** Same, with the status the contract gives the type: `refuse(api.airtime, 'wrong_pin', …)`. */
export function refuse(endpoint: Endpoint, type: ErrorType, msg: string): HttpHandler {
  return errorHandler(endpoint, ERROR_STATUS[type], type, msg);
}

/** 500 `{ type: 'server_error' }` (the `error` variant). */
export function failingHandler(endpoint: Endpoint): HttpHandler {
  return METHOD[endpoint.method](mswPath(endpoint), () => serverError());
}

/** Never answers (the `slow` variant): loading states stay on screen. */
export function pendingHandler(endpoint: Endpoint): HttpHandler {
  return METHOD[endpoint.method](mswPath(endpoint), async () => {
    await delay('infinite');
    return serverError();
  });
}
