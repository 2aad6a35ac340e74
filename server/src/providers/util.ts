/**
 * Small helpers shared by the adapters: transport (fetch with a timeout, never throwing),
 * lenient naira → kobo for upstream money, the pending outcome, and the injected store.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kobo } from '@contract';
import type { ProviderOutcome } from './types.ts';

/** A provider could not answer a lookup (verify, balance, variations, checkout): retry later. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    readonly provider: string,
    message: string,
    readonly raw?: unknown,
  ) {
    super(`${provider}: ${message}`);
  }
}

export type FetchFn = typeof fetch;

export type HttpResult =
  /** 2xx with a JSON body (any shape: still untrusted). */
  | { kind: 'json'; status: number; body: unknown }
  /** Non-2xx status (body parsed when it is JSON, else the text). */
  | { kind: 'http'; status: number; body: unknown }
  /** 2xx whose body is not JSON. */
  | { kind: 'malformed'; status: number; text: string }
  /**
   * A 3xx: the base URL names the wrong host or scheme (e.g. `http://` or a host that moved).
   * Never followed: a POST re-sent elsewhere is a purchase we cannot account for.
   */
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'timeout' }
  /** `code`: the system error under fetch's "fetch failed" (ENOTFOUND, ECONNREFUSED, …). */
  | { kind: 'network'; error: string; code?: string };

export interface HttpRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
  fetch?: FetchFn;
}

const MAX_KEPT_TEXT = 2_000;

/** One HTTP call that never throws: every failure is a value the caller maps (to pending). */
export async function requestJson(url: string, req: HttpRequest): Promise<HttpResult> {
  const doFetch = req.fetch ?? fetch;
  const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  try {
    // The signal also bounds reading the body (a server may stall mid-answer).
    const res = await doFetch(url, {
      method: req.method,
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal: AbortSignal.timeout(req.timeoutMs),
      // 'manual' hands Node the 3xx itself, so it is told apart from a network error.
      redirect: 'manual',
    });
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel();
      const location = (res.headers.get('location') ?? '').slice(0, 500);
      return { kind: 'redirect', status: res.status, location };
    }
    const text = await res.text();
    let body: unknown;
    let parsed = false;
    try {
      body = JSON.parse(text);
      parsed = true;
    } catch {
      body = text.slice(0, MAX_KEPT_TEXT);
    }
    if (!res.ok) return { kind: 'http', status: res.status, body };
    if (!parsed)
      return { kind: 'malformed', status: res.status, text: text.slice(0, MAX_KEPT_TEXT) };
    return { kind: 'json', status: res.status, body };
  } catch (error) {
    if (isTimeout(error)) return { kind: 'timeout' };
    const code = causeCode(error);
    return {
      kind: 'network',
      error: error instanceof Error ? error.message : String(error),
      ...(code ? { code } : {}),
    };
  }
}

/** fetch hides the reason (`fetch failed`) in `cause.code`; the start probe tells them apart. */
function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' ? cause.code.slice(0, 64) : undefined;
}

function isTimeout(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const name = (error as { name?: unknown }).name;
  return name === 'TimeoutError' || name === 'AbortError';
}

/** Pending outcome for a transport failure or an answer we could not read. */
export function pendingFromHttp(result: Exclude<HttpResult, { kind: 'json' }>): ProviderOutcome {
  switch (result.kind) {
    case 'timeout':
      return timeoutOutcome();
    case 'network':
      return callFailed(pending(`Network error: ${result.error}`, result));
    case 'malformed':
      return callFailed(pending('Malformed answer from the provider', result));
    case 'http':
      return callFailed(pending(`Unexpected HTTP ${result.status} from the provider`, result));
    case 'redirect':
      return callFailed(pending(redirectMessage('The provider', result), result));
  }
}

/** A redirect is a configuration error: it names the setting to fix and where it pointed. */
export function redirectMessage(
  who: string,
  result: { status: number; location: string },
  setting = 'its base URL setting',
): string {
  const to = result.location ? ` to ${result.location}` : '';
  return `${who} answered with a redirect (HTTP ${result.status}${to}): ${setting} is wrong (a configuration error, not a network error)`;
}

/** Marks a pending outcome as "the call itself failed" (see ProviderOutcome.callFailed). */
export function callFailed(outcome: ProviderOutcome): ProviderOutcome {
  return { ...outcome, callFailed: true };
}

export function pending(message: string, raw?: unknown): ProviderOutcome {
  return { status: 'pending', message: `${message}; requery will decide.`, raw };
}

/** What the caller sees when the provider did not answer in time (sandbox `3333` too). */
export function timeoutOutcome(): ProviderOutcome {
  return callFailed(pending('No answer from the provider in time (timeout)', { timeout: true }));
}

/**
 * Upstream money in naira (`1850`, `"1850.00"`, `"1,850.00"`) → integer kobo; `undefined`
 * when it is not a finite non-negative amount. Rounds to the kobo (providers send ≤ 2 dp).
 */
export function nairaToKobo(value: unknown): Kobo | undefined {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*-?[\d,]+(\.\d+)?\s*$/.test(value)
        ? Number(value.replace(/[,\s]/g, ''))
        : NaN;
  if (!Number.isFinite(n) || n < 0 || n > 1e10) return undefined;
  return Math.round(n * 100);
}

/** Kobo → naira number for an upstream body (2 dp exact in binary-to-decimal terms). */
export function koboToNaira(kobo: Kobo): number {
  return Math.round(kobo) / 100;
}

/** Random digits (crypto), e.g. for tokens, pins and sandbox references. */
export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += String(randomInt(10));
  return out;
}

/** Key-value persistence injected by the server (its DB); defaults to an in-memory Map. */
export interface KeyValueStore<T> {
  get(key: string): Promise<T | undefined> | T | undefined;
  set(key: string, value: T): Promise<void> | void;
}

export function memoryStore<T>(): KeyValueStore<T> {
  const map = new Map<string, T>();
  return {
    get: (key) => map.get(key),
    set: (key, value) => {
      map.set(key, value);
    },
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A header value from Node's IncomingHttpHeaders-like record (case-insensitive name). */
export function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== lower) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** Constant-time string equality (hashes first, so lengths leak nothing either). */
export function safeEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
