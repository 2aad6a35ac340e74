import { useCallback, useEffect, useRef, useState } from 'react';
import useSWR, { useSWRConfig, type SWRConfiguration, type SWRResponse } from 'swr';
import {
  request,
  type AnyEndpoint,
  type CallInput,
  type InputArgs,
  type QueryInput,
  type RequestInput,
  type ResponseOf,
} from './api-client';
import { ApiError } from './api-error';
import { newRequestId } from './request-id';
import { useSession } from './session';

/**
 * SWR on top of the API client (style.md example 3): a feature's `api/<endpoint>.ts` exports
 * its key and hook built from these, so every query and mutation works the same way.
 */

// The key's parts and the hook's input are already typed for `E`; this restates them for `request`.
function callArgs<E extends AnyEndpoint>(input: object): InputArgs<RequestInput<E>> {
  return [input] as unknown as InputArgs<RequestInput<E>>;
}

/** An SWR key: `[path, params, query]`. Its first item lets mutations revalidate by endpoint. */
export type ApiKey = readonly [path: string, params: unknown, query: unknown];

/** The cache key of a GET, stable across renders (SWR hashes arrays by value). */
export function apiKey<E extends AnyEndpoint>(
  endpoint: E,
  ...[input]: InputArgs<QueryInput<E>>
): ApiKey {
  const { params, query } = (input ?? {}) as { params?: unknown; query?: unknown };
  return [endpoint.path, params ?? null, query ?? null];
}

/** True for every cached key of `endpoint`, whatever its params and query. */
export function isKeyOf(endpoint: AnyEndpoint, key: unknown): boolean {
  return Array.isArray(key) && key[0] === endpoint.path;
}

/** Whether SWR should retry: never for a 4xx (the answer will not change) or a superseded call. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return !error.isAborted && (error.status === 0 || error.status >= 500);
}

/**
 * App-wide SWR options for `<SWRConfig value={swrConfig}>`. No fetcher: each hook passes the
 * client. Focus revalidation stays (a balance should be fresh when the customer comes back)
 * but at most every 30 s; identical keys within 5 s share one request.
 */
export const swrConfig = {
  dedupingInterval: 5_000,
  focusThrottleInterval: 30_000,
  revalidateOnFocus: true,
  revalidateOnReconnect: true,
  errorRetryCount: 3,
  shouldRetryOnError: isRetryable,
} satisfies SWRConfiguration;

/**
 * A GET through the client, cached under `apiKey(endpoint, input)`. `input` null = do not
 * fetch (not signed in yet, a search not typed yet). Data is decoded (money in kobo); the
 * error is an ApiError (show it with `errorMessage`), never a call superseded by a newer
 * revalidation of the same key.
 */
export function useApiQuery<E extends AnyEndpoint>(
  endpoint: E,
  input: QueryInput<E> | null,
  config?: SWRConfiguration<ResponseOf<E>, ApiError>,
): SWRResponse<ResponseOf<E>, ApiError> {
  const key = input === null ? null : apiKey(endpoint, ...([input] as InputArgs<QueryInput<E>>));
  const swr = useSWR<ResponseOf<E>, ApiError, ApiKey | null>(
    key,
    ([, params, query]: ApiKey) =>
      request(endpoint, ...callArgs<E>({ params: params ?? undefined, query: query ?? undefined })),
    config,
  );
  // Getters, not a spread: SWR re-renders only for the fields a component reads.
  return {
    get data() {
      return swr.data;
    },
    get error() {
      const error = swr.error;
      return error?.isAborted ? undefined : error;
    },
    get isLoading() {
      return swr.isLoading;
    },
    get isValidating() {
      return swr.isValidating;
    },
    mutate: swr.mutate,
  };
}

export interface ApiMutation<E extends AnyEndpoint> {
  /**
   * Sends the call; resolves to the decoded answer, rejects with an ApiError. The same input
   * again after a failure with no answer (network, 5xx) reuses the X-Request-Id, so the
   * server moves no money twice (decisions §3); success, a definite refusal (4xx), another
   * input or `reset()` starts a new action. A double submit supersedes the first call, which
   * rejects with `isAborted` and leaves `error` alone.
   */
  trigger: (...args: InputArgs<CallInput<E>>) => Promise<ResponseOf<E>>;
  isMutating: boolean;
  /** The last failure (never a superseded call); undefined after success or `reset()`. */
  error: ApiError | undefined;
  data: ResponseOf<E> | undefined;
  /** Forgets the error, the answer and the action's request id (the form was edited or closed). */
  reset: () => void;
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` are the same action. */
function fingerprint(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * A POST/PUT/DELETE through the client. After success it revalidates every cached key of
 * the `invalidates` endpoints (e.g. a purchase refreshes `api.currentUser`).
 */
export function useApiMutation<E extends AnyEndpoint>(
  endpoint: E,
  options: { invalidates?: readonly AnyEndpoint[] } = {},
): ApiMutation<E> {
  const { mutate } = useSWRConfig();
  const [state, setState] = useState<{ data?: ResponseOf<E>; error?: ApiError; pending: number }>({
    pending: 0,
  });
  const action = useRef<{ fingerprint: string; requestId: string } | null>(null);
  const invalidates = useRef(options.invalidates);
  invalidates.current = options.invalidates;

  const trigger = useCallback(
    async (...[input]: InputArgs<CallInput<E>>): Promise<ResponseOf<E>> => {
      const print = fingerprint(input ?? {});
      if (action.current?.fingerprint !== print) {
        action.current = { fingerprint: print, requestId: newRequestId() };
      }
      const { requestId } = action.current;
      setState((s) => ({ ...s, error: undefined, pending: s.pending + 1 }));
      try {
        const data = await request(endpoint, ...callArgs<E>({ ...(input ?? {}), requestId }));
        if (action.current?.requestId === requestId) action.current = null;
        // Waits for the invalidated queries to refetch, so whoever acts on the answer (a
        // redirect, a result screen) reads fresh data: after creating the pin, the overview
        // must not see the cached "no pin" user and send the customer back. A failed refetch
        // does not fail the mutation, which has happened.
        // The call stays "mutating" meanwhile, so the form cannot be sent twice in the gap.
        await Promise.allSettled(
          (invalidates.current ?? []).map((target) => mutate((key) => isKeyOf(target, key))),
        );
        setState((s) => ({ data, error: undefined, pending: s.pending - 1 }));
        return data;
      } catch (error) {
        const apiError = error instanceof ApiError ? error : undefined;
        // A definite refusal (4xx) was processed: the next attempt is a new action.
        if (!apiError || !(apiError.isAborted || isRetryable(apiError))) {
          if (action.current?.requestId === requestId) action.current = null;
        }
        setState((s) => ({
          ...s,
          error: apiError?.isAborted ? s.error : (apiError ?? ApiError.badResponse(0, error)),
          pending: s.pending - 1,
        }));
        throw error;
      }
    },
    [endpoint, mutate],
  );

  const reset = useCallback(() => {
    action.current = null;
    setState((s) => ({ pending: s.pending }));
  }, []);

  return {
    trigger,
    isMutating: state.pending > 0,
    error: state.error,
    data: state.data,
    reset,
  };
}

/**
 * Mount once in the app's providers: empties the SWR cache when the session ends (logout,
 * 401, expiry), so the next person to sign in on this browser never sees the last one's data.
 */
export function useApiCacheReset(): void {
  const { mutate } = useSWRConfig();
  const signedIn = useSession().tokens !== null;
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    if (wasSignedIn.current && !signedIn) void mutate(() => true, undefined, { revalidate: false });
    wasSignedIn.current = signedIn;
  }, [signedIn, mutate]);
}
