import type { Endpoint } from '@contract';
import type { Resolver } from '../contract-handler';

/**
 * One endpoint's mock behaviour: `success` is the stateful default; `empty` answers the
 * "nothing yet" state where that means something (empty lists, zero figures) and falls back
 * to `success` elsewhere. variants.ts turns each into MSW handlers, adding `error` and `slow`.
 */
export interface Impl<E extends Endpoint> {
  endpoint: E;
  success: Resolver<E>;
  empty?: Resolver<E>;
}

export function impl<E extends Endpoint>(
  endpoint: E,
  success: Resolver<E>,
  empty?: Resolver<E>,
): Impl<E> {
  return empty ? { endpoint, success, empty } : { endpoint, success };
}
