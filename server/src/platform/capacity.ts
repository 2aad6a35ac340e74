/**
 * How much work one server process takes on at once (ADR 0060): the PostgreSQL pool
 * and how many purchases do their database work together. Beside config.ts, below the
 * services, so that both can read it; parsed at start (buildApp), so a bad value stops the
 * start with one line instead of failing purchases.
 */
import { PURCHASE_ANSWER_MS } from '@contract/messages/purchase';
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
   * together on a busy machine: the kernel dropped the rest and reset them. The
   * kernel caps it at net.core.somaxconn.
   */
  listenBacklog: number;
  /**
   * PURCHASE_ANSWER_MS: the longest a purchase waits for its provider before it answers the
   * customer with the purchase pending (ADR 0075); the call goes on in the background.
   */
  purchaseAnswerMs: number;
}

export const DEFAULT_CAPACITY: Capacity = {
  databasePoolSize: 10,
  purchaseConcurrency: 4,
  listenBacklog: 4096,
  purchaseAnswerMs: PURCHASE_ANSWER_MS,
};

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const text = (env[name] ?? '').trim();
  if (text === '') return fallback;
  const n = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new Error(`${name} must be a whole number from 1 to ${max}, not "${text.slice(0, 40)}".`);
  }
  return n;
}

/**
 * DATABASE_POOL_SIZE (1–1000, default 10), PURCHASE_CONCURRENCY (1–1000, default 4) and
 * LISTEN_BACKLOG (1–65535, default 4096) and PURCHASE_ANSWER_MS (1–300000, default the contract's
 * PURCHASE_ANSWER_MS); throws.
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
    purchaseAnswerMs: whole(env, 'PURCHASE_ANSWER_MS', DEFAULT_CAPACITY.purchaseAnswerMs, 300_000),
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

const backgrounds = new WeakMap<object, Set<Promise<unknown>>>();

/**
 * Work an app goes on with after it answered (a purchase's provider call past its answer
 * budget, ADR 0075), kept until it ends, so that a shutdown waits for it (`settledInBackground`)
 * instead of closing the database under it. The work catches its own errors.
 */
export function inBackground(config: { env: NodeJS.ProcessEnv }, work: Promise<unknown>): void {
  let set = backgrounds.get(config);
  if (!set) {
    set = new Set();
    backgrounds.set(config, set);
  }
  const running = set;
  const tracked = work.finally(() => running.delete(tracked));
  running.add(tracked);
}

/** Resolves once every piece of background work of this app has ended (those started meanwhile too). */
export async function settledInBackground(config: { env: NodeJS.ProcessEnv }): Promise<void> {
  const set = backgrounds.get(config);
  while (set && set.size > 0) await Promise.allSettled([...set]);
}
