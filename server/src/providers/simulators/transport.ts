/**
 * How an adapter reaches a simulator without a socket: a `fetch` that hands each request to a
 * Fastify instance's `inject` (light-my-request: the request and the answer are serialised as
 * HTTP, status, headers and body text included), so the live adapter's parsing runs exactly as
 * against the real host. Used by tests and by `buildApp`; `npm start` listens the simulators
 * on the loopback and uses the real `fetch` instead (server.ts). The caller's `AbortSignal`
 * is honoured, so a hanging simulator meets the adapter's own timeout.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FetchFn } from '../util.ts';

type InjectMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  return new DOMException('This operation was aborted', 'AbortError');
}

/** A `fetch` that serves every request from `app` (the URL's path and query are kept). */
export function injectFetch(app: Pick<FastifyInstance, 'inject'>): FetchFn {
  const fetchFn = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const signal = init?.signal ?? undefined;
    if (signal?.aborted) throw abortError(signal);
    const body = init?.body;
    if (body !== undefined && body !== null && typeof body !== 'string') {
      throw new TypeError('injectFetch sends string bodies only.');
    }
    const answer = app.inject({
      method: (init?.method ?? 'GET').toUpperCase() as InjectMethod,
      url: url.pathname + url.search,
      headers: { host: url.host, ...headersOf(init) },
      ...(typeof body === 'string' ? { payload: body } : {}),
    });
    const res = await new Promise<Awaited<typeof answer>>((resolve, reject) => {
      const onAbort = () => reject(abortError(signal as AbortSignal));
      signal?.addEventListener('abort', onAbort, { once: true });
      answer.then(
        (value) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
    const headers = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [String(value)]) headers.append(key, v);
    }
    const nullBody = res.statusCode === 204 || res.statusCode === 304;
    return new Response(nullBody ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers,
    });
  };
  return fetchFn as FetchFn;
}

/** How long a simulated hang lasts at most (the caller's timeout ends it far sooner). */
const HANG_MS = 10 * 60_000;

/**
 * Simulated hangs of one simulator: `hang(request)` never answers in time, released by the
 * client going away, `releaseAll()` (the simulator closing) or HANG_MS.
 */
export function createHangs(): {
  hang(request: FastifyRequest): Promise<void>;
  releaseAll(): void;
} {
  const hanging = new Set<() => void>();
  return {
    hang(request) {
      return new Promise((resolve) => {
        const done = () => {
          hanging.delete(done);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(done, HANG_MS);
        timer.unref();
        hanging.add(done);
        request.raw.once('close', done);
      });
    },
    releaseAll() {
      for (const release of [...hanging]) release();
    },
  };
}
