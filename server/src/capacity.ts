/**
 * How much work one server process takes on at once (issue 27, ADR 0060): the PostgreSQL pool
 * and how many purchases do their database work together. Beside config.ts, below the
 * services, so that both can read it; parsed at start (buildApp), so a bad value stops the
 * start with one line instead of failing purchases.
 */
import { Gate } from './gate.ts';

export interface Capacity {
  /** DATABASE_POOL_SIZE: PostgreSQL connections of this process (SQLite has one). */
  databasePoolSize: number;
  /**
   * PURCHASE_CONCURRENCY: purchases doing their database work (pin, price, debit; then the
   * settlement) at once; the others wait their turn in memory. Never held across the provider
   * call, so it bounds the queue in front of the pool, not the purchases in flight.
   */
  purchaseConcurrency: number;
  /**
   * LISTEN_BACKLOG: connections the kernel holds for the server (and the sandbox's simulators)
   * until they are accepted. Node's 511 overflowed when a thousand customers' purchases arrived
   * together on a busy machine: the kernel dropped the rest and reset them (issue 27). The
   * kernel caps it at net.core.somaxconn.
   */
  listenBacklog: number;
}

export const DEFAULT_CAPACITY: Capacity = {
  databasePoolSize: 10,
  purchaseConcurrency: 4,
  listenBacklog: 4096,
};

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const text = (env[name] ?? '').trim();
  if (text === '') return fallback;
  const n = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new Error(`${name} must be a whole number from 1 to ${max}, not "${text.slice(0, 40)}".`);
  }
  return n;
}

/**
 * DATABASE_POOL_SIZE (1–1000, default 10), PURCHASE_CONCURRENCY (1–1000, default 4) and
 * LISTEN_BACKLOG (1–65535, default 4096); throws.
 */
export function parseCapacity(env: NodeJS.ProcessEnv): Capacity {
  return {
    databasePoolSize: whole(env, 'DATABASE_POOL_SIZE', DEFAULT_CAPACITY.databasePoolSize, 1000),
    purchaseConcurrency: whole(
      env,
      'PURCHASE_CONCURRENCY',
      DEFAULT_CAPACITY.purchaseConcurrency,
      1000,
    ),
    listenBacklog: whole(env, 'LISTEN_BACKLOG', DEFAULT_CAPACITY.listenBacklog, 65_535),
  };
}

const purchaseGates = new WeakMap<object, Gate>();

/**
 * The purchase gate of one app (keyed by its configuration object, one per app): made on first
 * use, so contexts built by hand in tests need no field of their own.
 */
export function purchaseGate(config: { env: NodeJS.ProcessEnv }): Gate {
  let gate = purchaseGates.get(config);
  if (!gate) {
    gate = new Gate(parseCapacity(config.env).purchaseConcurrency);
    purchaseGates.set(config, gate);
  }
  return gate;
}
