/**
 * The property-based bad-input harness shared by fuzz.test.ts and fuzz-money.test.ts: what a
 * hostile client may send (bodies, raw text, query strings) and the one rule every answer obeys
 * (never a 5xx; a refusal is `{ type, msg }`).
 *
 * The harness itself must survive every generated value: it never calls a value's own
 * `toString`/`valueOf` (fast-check makes `{ toString: 0 }` and objects without a prototype,
 * on which `String(v)` throws) and never trusts a value to serialise.
 */
import { pathFor, type Endpoint } from '@contract';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** Keys that reach Object.prototype or shadow its methods when a server merges a body. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf'];

/** Plain JSON nested `depth` arrays deep: `[[[…"deep"…]]]`. */
function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** Values that break naive test code: odd toString/valueOf, no prototype, boxed, deep. */
const hostile = fc.oneof(
  fc.constantFrom<unknown>(
    { toString: 0 },
    { valueOf: 0, toString: 0 },
    { toString: 'x', valueOf: null },
    { __proto__: null, a: 1 },
    Object.assign(Object.create(null) as object, { toString: 1 }),
  ),
  fc.integer({ min: 1, max: 200 }).map(nested),
  fc.anything({
    maxDepth: 3,
    withNullPrototype: true,
    withBoxedValues: true,
    withSparseArray: true,
    withObjectString: true,
  }),
);

/**
 * Request bodies: mostly objects with the route's own keys (and prototype keys) holding
 * wrong-typed, empty, huge or hostile values; sometimes anything at all.
 */
export function badBodies(keys: readonly string[], samples: readonly string[], maxKeys: number) {
  const value = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
    fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', ...samples),
    hostile,
  );
  return fc.oneof(
    fc.dictionary(fc.constantFrom(...keys, ...PROTOTYPE_KEYS), value, { maxKeys }),
    hostile,
  );
}

/** Bodies that are not JSON at all. */
export const rawBodies = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.constantFrom('{', '[1,', '{"a":}', 'null', '"str"', '\u0000', '[[[[[[[[[['),
);

/**
 * Any value as text, without calling anything the value defines: strings as they are,
 * primitives with String(), objects as JSON, else their tag (`[object Object]`).
 */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) {
    return String(value);
  }
  try {
    const json = JSON.stringify(value);
    if (json !== undefined) return json;
  } catch {
    // A throwing toJSON or getter: fall through to the tag.
  }
  try {
    return Object.prototype.toString.call(value);
  } catch {
    return '[object]';
  }
}

/** The JSON a client would send for `body` ('' when it has none, its text when it cannot be). */
function jsonBody(body: unknown): string {
  try {
    return JSON.stringify(body) ?? '';
  } catch {
    return asText(body);
  }
}

/** A query string of a body's own keys, each value as text (GET and DELETE routes). */
export function queryOf(body: unknown): string {
  const query = new URLSearchParams();
  if (body !== null && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) query.append(key, asText(value));
  }
  return query.toString();
}

/** The request for one generated input: the body as JSON (or `raw`), in the query on reads. */
export function badRequest(
  ep: Endpoint,
  input: { body: unknown; token?: string; raw?: string; id?: string },
): InjectOptions {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (input.token) headers.authorization = `Bearer ${input.token}`;
  const params: Record<string, string> = ep.path.includes(':id') ? { id: input.id || 'x' } : {};
  const url = pathFor(ep.path, params);
  if (ep.method === 'GET' || ep.method === 'DELETE') {
    return { method: ep.method, url: `${url}?${queryOf(input.body)}`, headers };
  }
  return { method: ep.method, url, headers, payload: input.raw ?? jsonBody(input.body) };
}

/** The rule for every answer to bad input: never a 5xx, and a refusal says what and why. */
export function expectCleanAnswer(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const json = res.json();
    expect(typeof json.type).toBe('string');
    expect(typeof json.msg).toBe('string');
  }
}
