import { pathFor, type Endpoint } from '@contract';
import type { z } from '@contract/zod';

/**
 * A tiny client for Node tests against `server` (mocks/node.ts): absolute URLs, JSON wire
 * bodies (naira) as a browser would send them, answers decoded with the contract (kobo).
 */
export const BASE = 'http://localhost';

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export async function call(
  endpoint: Endpoint,
  options: CallOptions = {},
): Promise<{ status: number; json: unknown }> {
  const url = new URL(pathFor(endpoint.path, options.params), BASE);
  for (const [key, value] of Object.entries(options.query ?? {}))
    url.searchParams.set(key, String(value));
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method: endpoint.method,
    headers,
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, json: await response.json() };
}

/** Calls and decodes a 200 answer with the endpoint's response schema; throws otherwise. */
export async function ok<E extends Endpoint>(
  endpoint: E,
  options: CallOptions = {},
): Promise<z.output<E['response']>> {
  const { status, json } = await call(endpoint, options);
  if (status !== 200)
    throw new Error(`${endpoint.name} answered ${status}: ${JSON.stringify(json)}`);
  return endpoint.response.parse(json) as z.output<E['response']>;
}

/** An error answer's body. */
export function refusal(json: unknown): { type: string; msg: string } {
  return json as { type: string; msg: string };
}
