import { api, type Endpoint, type EndpointName, type Transaction } from '@contract';
import type { HttpHandler } from 'msw';
import { failingHandler, handle, pendingHandler, type Resolver } from './contract-handler';
import { impls } from './handlers';

/**
 * Named behaviours of every endpoint, for stories and tests:
 * - `success`: the stateful default, backed by the in-memory db;
 * - `empty`: empty lists and zero figures where that means something, else as success;
 * - `error`: 500 `{ type: 'server_error', msg: SERVER_MSG.serverError }`;
 * - `slow`: never answers, so loading states stay on screen.
 */
export const VARIANT_NAMES = ['success', 'empty', 'error', 'slow'] as const;
export type VariantName = (typeof VARIANT_NAMES)[number];
export type Variants = Record<VariantName, HttpHandler>;

function variantsOf(
  endpoint: Endpoint,
  success: Resolver<Endpoint>,
  empty?: Resolver<Endpoint>,
): Variants {
  return {
    success: handle(endpoint, success),
    empty: handle(endpoint, empty ?? success),
    error: failingHandler(endpoint),
    slow: pendingHandler(endpoint),
  };
}

const names = Object.keys(api) as EndpointName[];

/** `variants.currentUser.error`, `variants.transactions.empty`, … keyed like `api`. */
export const variants = Object.fromEntries(
  names.map((name) => {
    // Each Impl is typed against its own endpoint; here they are only passed back to handle().
    const { endpoint, success, empty } = impls[name] as unknown as {
      endpoint: Endpoint;
      success: Resolver<Endpoint>;
      empty?: Resolver<Endpoint>;
    };
    return [name, variantsOf(endpoint, success, empty)];
  }),
) as Record<EndpointName, Variants>;

/** Every endpoint's `success` handler: what the app's mock mode and node tests run. */
export const handlers: HttpHandler[] = names.map((name) => variants[name].success);

/** One variant for every endpoint, e.g. `handlersFor('slow')` for a page-level loading story. */
export function handlersFor(variant: VariantName): HttpHandler[] {
  return names.map((name) => variants[name][variant]);
}

/** The signed-in customer's statement answered as exactly `lines`, one page: a story's History. */
export function statementOf(lines: Transaction[]): HttpHandler {
  return handle(api.myTransactions, () => ({
    message: lines,
    page: 1,
    pages: 1,
    total: lines.length,
  }));
}
