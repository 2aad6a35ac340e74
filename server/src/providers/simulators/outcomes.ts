/**
 * What both simulators share beyond the providers' own documented numbers (ADR 0043): the
 * outcome a destination's last four digits choose (the README's sandbox table, which the demo
 * and the tests rely on), and the made-up customers a lookup answers with.
 */

/** The last-four-digit outcomes: 0000 refused, 1111/2222 pending, 3333 lost, 4444 garbled. */
export type LastFourScenario =
  | 'fail'
  | 'pending-then-success'
  | 'pending-then-fail'
  | 'timeout-then-success'
  | 'malformed-then-success'
  | 'success';

export function lastFourScenario(destination: string): LastFourScenario {
  switch (destination.trim().slice(-4)) {
    case '0000':
      return 'fail';
    case '1111':
      return 'pending-then-success';
    case '2222':
      return 'pending-then-fail';
    case '3333':
      return 'timeout-then-success';
    case '4444':
      return 'malformed-then-success';
    default:
      return 'success';
  }
}

export const CUSTOMER_NAMES = [
  'ADEBAYO OLUWASEUN',
  'CHUKWUEMEKA NWOSU',
  'FATIMA BELLO',
  'NGOZI OKAFOR',
  'IBRAHIM MUSA',
  'FUNMILAYO ADEYEMI',
] as const;

export const STREETS = [
  '12 Allen Avenue, Ikeja, Lagos',
  '5 Aba Road, Port Harcourt',
  '23 Ahmadu Bello Way, Kaduna',
  '41 Ring Road, Ibadan',
] as const;

/** The same entry for the same key, every time (a lookup names a number's owner steadily). */
export function pick<T>(list: readonly T[], key: string): T {
  let sum = 0;
  for (const ch of key) sum = (sum * 31 + ch.charCodeAt(0)) % 1_000_003;
  return list[sum % list.length] as T;
}

/**
 * Runs changes to a simulator's memory one at a time (a resend racing its own first call, two
 * bills spending the same naira): each waits for the one before, whatever that one's outcome.
 */
export function oneAtATime(): <T>(fn: () => Promise<T>) => Promise<T> {
  let chain: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = chain.then(fn, fn);
    chain = run.catch(() => undefined);
    return run;
  };
}

/**
 * Runs changes under one key (a request id, a reference) one at a time; changes under other
 * keys run side by side, as a real provider answers its customers (one lock for
 * every purchase made 1,000 purchases take turns of four database round trips each).
 */
export function oneAtATimePerKey(): <T>(key: string, fn: () => Promise<T>) => Promise<T> {
  const chains = new Map<string, Promise<void>>();
  return <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const run = (chains.get(key) ?? Promise.resolve()).then(fn);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    chains.set(key, tail);
    void tail.then(() => {
      if (chains.get(key) === tail) chains.delete(key);
    });
    return run;
  };
}

/** A simulator's float: read once from its store, changed in memory, written back in order. */
export interface StoredTotal {
  read(): Promise<number>;
  /**
   * `change` gets the total now and answers the new one, or undefined to leave it (a refusal);
   * check and change happen in one step, so two bills never spend the same naira. Resolves
   * once a write holding the change is stored: true when it changed.
   */
  move(change: (now: number) => number | undefined): Promise<boolean>;
}

/**
 * The float as one number in memory: a purchase changes it without waiting its turn behind
 * the others' database round trips, and the store gets the newest value after every change
 * (writes in order, one at a time; a write that finds its value already stored is skipped).
 * One simulator per store at a time, as with the locks above.
 */
export function storedTotal(
  store: { get(key: string): unknown; set(key: string, value: unknown): unknown },
  key: string,
  opening: number,
): StoredTotal {
  let value: number | undefined;
  let written: number | undefined;
  let loading: Promise<number> | undefined;
  const writes = oneAtATime();

  async function read(): Promise<number> {
    if (value !== undefined) return value;
    loading ??= Promise.resolve(store.get(key)).then(
      (stored) => {
        if (value === undefined) {
          const ok = typeof stored === 'number' && Number.isFinite(stored);
          value = ok ? stored : opening;
          if (ok) written = stored;
        }
        return value;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  }

  return {
    read,
    async move(change) {
      const before = await read();
      const next = change(value ?? before);
      if (next === undefined) return false;
      const applied = next - (value ?? before);
      value = next;
      try {
        await writes(async () => {
          if (value === undefined || value === written) return;
          const now = value;
          await store.set(key, now);
          written = now;
        });
      } catch (error) {
        // Not stored: the change is taken back, as if it never happened (the caller fails).
        if (value !== undefined) value -= applied;
        throw error;
      }
      return true;
    },
  };
}
