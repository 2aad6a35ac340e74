/**
 * Every call to a provider adapter, timed in one place (ADR 0049): `instrument`
 * wraps an adapter so each of its asynchronous methods reports the provider's name, the method
 * (the operation), how it ended and how long it took. The adapters themselves stay unaware.
 */

export interface ProviderCall {
  /** The adapter's name (`vtpass`, `sandbox-vt`, `flutterwave`, `sandbox-card`, …). */
  provider: string;
  /** The adapter's method: `purchase`, `requery`, `balance`, `verify`, … */
  operation: string;
  /**
   * A purchase or requery: the status answered (`successful`, `pending`, `failed`), or
   * `call_failed` when no usable answer came (timeout, network, unreadable body). Anything
   * else: `ok`, or `error` when it threw.
   */
  outcome: string;
  seconds: number;
  /** What a `balance` call answered (kobo), so the last known float can be shown. */
  value?: unknown;
}

export type ProviderCallObserver = (call: ProviderCall) => void;

function outcomeOf(result: unknown): string {
  if (result && typeof result === 'object' && 'status' in result) {
    const { status, callFailed } = result as { status?: unknown; callFailed?: unknown };
    if (callFailed === true) return 'call_failed';
    // The purchase/requery verdicts: a fixed set, so a label can never carry a provider's text.
    if (status === 'successful' || status === 'pending' || status === 'failed') return status;
  }
  return 'ok';
}

/**
 * The same adapter, each asynchronous method timed. Synchronous methods (a webhook signature
 * check) and plain properties are passed through untouched; an observer that throws never
 * changes what the caller gets.
 */
export function instrument<T extends { name: string }>(
  adapter: T,
  observe: ProviderCallObserver,
  clock: () => number = () => performance.now(),
): T {
  const report = (operation: string, started: number, outcome: string, value?: unknown) => {
    try {
      observe({
        provider: adapter.name,
        operation,
        outcome,
        seconds: (clock() - started) / 1000,
        value,
      });
    } catch {
      // Metrics are never worth a failed purchase.
    }
  };
  const wrapped = { ...adapter };
  for (const [key, member] of Object.entries(adapter)) {
    if (typeof member !== 'function') continue;
    (wrapped as Record<string, unknown>)[key] = function (this: unknown, ...args: unknown[]) {
      const started = clock();
      const result: unknown = (member as (...a: unknown[]) => unknown).apply(adapter, args);
      if (!(result instanceof Promise)) return result;
      return result.then(
        (value: unknown) => {
          report(key, started, outcomeOf(value), key === 'balance' ? value : undefined);
          return value;
        },
        (err: unknown) => {
          report(key, started, 'error');
          throw err;
        },
      );
    };
  }
  return wrapped;
}
