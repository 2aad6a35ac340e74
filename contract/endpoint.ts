import { z } from './zod';

/**
 * One description per HTTP call. The server registers routes from these, the API client
 * builds requests from them, and the MSW handlers answer them, so a path, a body or an answer
 * is written once.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Who may call: anyone, a signed-in user, or an admin (checked on the server, decisions §7). */
export type Access = 'public' | 'user' | 'admin' | 'provider' | 'dev';

export interface Endpoint<
  P extends z.ZodMiniType = z.ZodMiniType,
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
> {
  /** Stable name, e.g. `auth.login`. */
  name: string;
  method: Method;
  /** Express-style path under /api, e.g. `/api/transactions/delete/:id`. */
  path: string;
  access: Access;
  /** One line for docs and the MSW handler list. */
  summary: string;
  params: P;
  query: Q;
  body: B;
  response: R;
  /** HTTP statuses this call may answer with `{ type, msg }`. */
  errors: readonly number[];
}

const none = z.strictObject({});
export type NoInput = typeof none;

/* @__NO_SIDE_EFFECTS__ */
export function endpoint<
  R extends z.ZodMiniType,
  P extends z.ZodMiniType = NoInput,
  Q extends z.ZodMiniType = NoInput,
  B extends z.ZodMiniType = NoInput,
>(def: {
  name: string;
  method: Method;
  path: `/api/${string}`;
  access: Access;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  errors?: readonly number[];
}): Endpoint<P, Q, B, R> {
  const base =
    def.access === 'public' || def.access === 'provider'
      ? [400, 429, 500]
      : [400, 401, 403, 423, 429, 500];
  return {
    ...def,
    params: (def.params ?? none) as P,
    query: (def.query ?? none) as Q,
    body: (def.body ?? none) as B,
    errors: def.errors ?? base,
  };
}

/** `{ message: T }`: every success body (decisions §3). */
/* @__NO_SIDE_EFFECTS__ */
export const message = <T extends z.ZodMiniType>(schema: T) => z.object({ message: schema });

/** `{ message: string }`: a sentence for people, the answer of most changes. */
export const Text = message(z.string());

/** Admin lists paged on the server (decisions §3): `{ message: items, page, pages, total }`. */
/* @__NO_SIDE_EFFECTS__ */
export const paged = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    message: z.array(item),
    page: z.int().check(z.gte(1)),
    pages: z.int().check(z.gte(1)),
    total: z.int().check(z.nonnegative()),
  });

/** Query of a paged list: `?page&limit&q`. Strings on the wire, numbers after parsing. */
export const PageQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 1),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 5),
  q: z.optional(z.string().check(z.trim(), z.maxLength(254))),
});

export const IdParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

/** Fills `:name` segments: `pathFor('/api/x/:id', { id: 'a b' })` → `/api/x/a%20b`. */
export function pathFor(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`missing path parameter ${key} for ${path}`);
    return encodeURIComponent(value);
  });
}

/** The express-style path as a matcher, for handlers and route tables: `:id` → one segment. */
export function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z_]+)/g, '([^/]+)');
  return new RegExp(`^${escaped}$`);
}
