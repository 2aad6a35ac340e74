import { z } from '@contract/zod';
import { MSG, pathFor, type Endpoint } from '@contract';
import * as api from '@contract/api';
import { ApiError } from './api-error';
import { newRequestId } from './request-id';
import { clearSession, getSession } from './session';

/**
 * The one HTTP client (style.md): every hook calls `request`. It builds the URL, body and
 * headers from the contract's endpoint, decodes the answer with the endpoint's response
 * schema (naira on the wire → kobo), and applies the session rules of spec §4/§8 and
 * decisions §3.
 */

/** Any endpoint of the contract (`api.*`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEndpoint = Endpoint<any, any, any, any>;

type Out<S> = S extends z.ZodMiniType ? z.output<S> : never;
/** A part the caller must pass when its schema has required keys, may omit otherwise. */
type Part<K extends string, S> =
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  {} extends Out<S> ? { [P in K]?: Out<S> } : { [P in K]: Out<S> };

/** Path parameters and query of an endpoint: what a GET needs (and its SWR key holds). */
export type QueryInput<E extends AnyEndpoint> = Part<'params', E['params']> &
  Part<'query', E['query']>;

/** Everything a call carries: values as the app holds them (money in kobo). */
export type CallInput<E extends AnyEndpoint> = QueryInput<E> & Part<'body', E['body']>;

export interface RequestOptions {
  /** The `X-Request-Id`; a mutation keeps one across retries of the same user action. */
  requestId?: string;
  signal?: AbortSignal;
  /** Extra headers; they override the client's own. */
  headers?: Record<string, string>;
}

export type RequestInput<E extends AnyEndpoint> = CallInput<E> & RequestOptions;

/** The decoded answer (money in kobo). */
export type ResponseOf<E extends AnyEndpoint> = Out<E['response']>;

/** `[input]` when the endpoint needs one, `[input?]` otherwise. */
export type InputArgs<T> = object extends T ? [input?: T] : [input: T];

/**
 * Prefix for API URLs (config/env.ts VITE_API_BASE); '' means same origin. Read per call.
 * Written as `import.meta.env` literally so Vite can inline it; `?.` keeps plain Node safe.
 */
export function apiBase(): string {
  const base: unknown = import.meta.env?.VITE_API_BASE;
  return typeof base === 'string' ? base.replace(/\/+$/, '') : '';
}

interface LooseInput extends RequestOptions {
  params?: Record<string, string>;
  query?: unknown;
  body?: unknown;
}

/** Protected calls carry the token; their 401/403 end the session (spec §8). */
function isProtected(endpoint: AnyEndpoint): boolean {
  return endpoint.access !== 'public' && endpoint.access !== 'provider';
}

/** The full URL: path parameters filled, query encoded with the endpoint's query schema. */
export function apiUrl<E extends AnyEndpoint>(
  endpoint: E,
  input: QueryInput<E> = {} as QueryInput<E>,
): string {
  const { params, query } = input as LooseInput;
  let url = apiBase() + pathFor(endpoint.path, params);
  if (query !== undefined) {
    const wire = z.encode(endpoint.query, query) as Record<string, unknown>;
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(wire)) {
      if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
    }
    const text = search.toString();
    if (text) url += `?${text}`;
  }
  return url;
}

// ── Identical in-flight calls (spec §7: cancelled in favour of the latest) ────────

const inFlight = new Map<string, AbortController>();

// ── Renewal on 403 token_expired ─────────────────────────────────────────────────

let refresher: (() => Promise<boolean>) | null = null;

/**
 * Lets the session timers renew an expired access token once before a 403 `token_expired`
 * signs the user out (a phone waking after 15 minutes asleep still holds a 30-day refresh
 * token). `null` turns it off; then every such 403 ends the session at once.
 */
export function setSessionRefresher(fn: (() => Promise<boolean>) | null): void {
  refresher = fn;
}

interface Prepared {
  method: Endpoint['method'];
  url: string;
  payload: string | undefined;
  requestId: string;
  options: LooseInput;
}

async function send(
  prepared: Prepared,
  token: string | undefined,
  logout: boolean,
): Promise<{ status: number; json: unknown }> {
  const { method, url, payload, requestId, options } = prepared;
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Request-Id': requestId };
  if (payload !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const refreshToken = getSession().tokens?.refresh_token;
  if (logout && refreshToken) headers['X-Refresh-Token'] = refreshToken;
  Object.assign(headers, options.headers);

  const key = `${method} ${url} ${payload ?? ''}`;
  inFlight.get(key)?.abort();
  const controller = new AbortController();
  inFlight.set(key, controller);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  if (options.signal?.aborted) controller.abort();

  let status: number;
  let ok: boolean;
  let text: string;
  try {
    const response = await fetch(url, {
      method,
      headers,
      body: payload,
      signal: controller.signal,
    });
    status = response.status;
    ok = response.ok;
    text = await response.text();
  } catch (error) {
    throw controller.signal.aborted ? ApiError.aborted() : ApiError.network(error);
  } finally {
    if (inFlight.get(key) === controller) inFlight.delete(key);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }

  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch (error) {
    throw ok ? ApiError.badResponse(status, error) : ApiError.fromResponse(status, undefined);
  }
  if (!ok) throw ApiError.fromResponse(status, json);
  return { status, json };
}

/**
 * Calls `endpoint` and resolves to its decoded answer (money in kobo), or rejects with an
 * ApiError:
 * - the body (kobo) is encoded with the endpoint's body schema (naira on the wire);
 * - every call sends a fresh `X-Request-Id` unless `requestId` is given; protected calls send
 *   `Authorization: Bearer <JWTtoken>`; logout also sends `X-Refresh-Token`;
 * - an identical call (method, URL, body) still in flight is aborted (`isAborted`);
 * - a 401 on a protected call clears the session silently; a 403 `token_expired` renews the
 *   token once if the session timers run, else clears it with MSG.sessionExpired; other 403s
 *   (forbidden, email_not_verified) keep the session.
 *
 * @example const { message: user } = await request(api.currentUser);
 * @example await request(api.share, { body: { amount: 150_000, email, pin }, requestId });
 */
export async function request<E extends AnyEndpoint>(
  endpoint: E,
  ...[input]: InputArgs<RequestInput<E>>
): Promise<ResponseOf<E>> {
  const options = (input ?? {}) as LooseInput;
  const prepared: Prepared = {
    method: endpoint.method,
    url: apiUrl(endpoint, options as QueryInput<E>),
    payload:
      options.body === undefined
        ? undefined
        : JSON.stringify(z.encode(endpoint.body, options.body)),
    requestId: options.requestId ?? newRequestId(),
    options,
  };
  const guarded = isProtected(endpoint);
  const logout = endpoint.name === api.logout.name;

  let answer: { status: number; json: unknown };
  for (let attempt = 1; ; attempt++) {
    const token = guarded ? getSession().tokens?.JWTtoken : undefined;
    try {
      answer = await send(prepared, token, logout);
      break;
    } catch (error) {
      if (!guarded || !(error instanceof ApiError)) throw error;
      const expired = error.status === 403 && error.type === 'token_expired';
      if (error.status !== 401 && !expired) throw error;
      if (attempt === 1) {
        const current = getSession().tokens?.JWTtoken;
        // Renewed while this call was out: once more with the new token (same request id).
        if (current && current !== token) continue;
        if (expired && current && refresher && (await refresher())) continue;
      }
      const now = getSession().tokens?.JWTtoken;
      // A pair saved meanwhile (a new login) is not this call's to end.
      if (!now || now === token) clearSession(expired ? MSG.sessionExpired : '');
      throw error.withSession(expired ? 'expired' : 'cleared');
    }
  }

  const parsed = endpoint.response.safeParse(answer.json);
  if (!parsed.success) throw ApiError.badResponse(answer.status, parsed.error);
  return parsed.data as ResponseOf<E>;
}
