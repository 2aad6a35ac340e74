/**
 * The provider simulators served together (ADR 0043): one Fastify instance with VTpass at
 * `/vtpass/api`, Flutterwave (bill payments, card checkout, virtual accounts and bank
 * transfers) at `/flutterwave/v3/…` and Termii's SMS API at `/termii/api/…` (ADR 0079), each speaking its provider's documented HTTP. In sandbox mode the server points the live adapters at them, so `npm start` runs the
 * same code as a live deployment. Until `listen()` the adapters' requests are served through
 * `inject` (the HTTP exchange without a socket: tests); after it, over the loopback (server.ts).
 * State lives in the caller's key-value stores (the database's `kv_store`), so a restart
 * keeps every answer the simulators owe.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { api } from '@contract';
import type { FetchFn, KeyValueStore } from '../util.ts';
import {
  FLUTTERWAVE_SIMULATOR_PREFIX,
  type FlutterwaveBillsSimulator,
  createFlutterwaveBillsSimulator,
} from './flutterwave-bills.ts';
import {
  type FlutterwavePaymentsSimulator,
  createFlutterwavePaymentsSimulator,
} from './flutterwave-payments.ts';
import { createFaults } from './faults.ts';
import {
  type FlutterwavePayoutsSimulator,
  createFlutterwavePayoutsSimulator,
} from './flutterwave-payouts.ts';
import { TERMII_SIMULATOR_PREFIX, type TermiiSimulator, createTermiiSimulator } from './termii.ts';
import { injectFetch } from './transport.ts';
import { VTPASS_SIMULATOR_PREFIX, type VtpassSimulator, createVtpassSimulator } from './vtpass.ts';

/** The origin the adapters are configured with: a name that no resolver answers. */
export const SIMULATOR_ORIGIN = 'http://provider-simulators.invalid';

/**
 * The verif-hash the payments simulator signs its webhooks with when FLUTTERWAVE_WEBHOOK_HASH
 * is not set, so card and transfer webhooks work on `npm start` with no configuration. It is
 * public on purpose: a webhook only makes the server ask the simulator, which answers the truth.
 */
export const SANDBOX_WEBHOOK_HASH = 'sandbox-webhook-hash-not-a-secret';

/** Delivers a simulator's callback to the app (path, JSON body, headers) → HTTP status. */
export type Deliver = (
  path: string,
  body: unknown,
  headers: Record<string, string>,
) => Promise<number>;

export interface SimulatorsOptions {
  store: <T>(namespace: string) => KeyValueStore<T>;
  instant?: boolean;
  /**
   * Every simulator answers after this many ms (SANDBOX_LATENCY_MS: the bench's slow provider); 0 or unset: none beyond `instant`'s.
   */
  latencyMs?: number;
  now?: () => Date;
  /** FLUTTERWAVE_WEBHOOK_HASH when set (default: SANDBOX_WEBHOOK_HASH). */
  webhookHash?: string;
  /** Origin of the hosted checkout page (default: the origin of each redirect URL). */
  checkoutOrigin?: string;
}

export interface Simulators {
  vtpass: VtpassSimulator;
  bills: FlutterwaveBillsSimulator;
  /** Card checkout, virtual accounts and bank transfers (the sandbox pages drive it). */
  payments: FlutterwavePaymentsSimulator;
  /** Termii's SMS API (ADR 0079): what it received, per number, is the dev SMS outbox. */
  termii: TermiiSimulator;
  /** Flutterwave Transfers v3: withdrawals to bank accounts (ADR 0084). */
  payouts: FlutterwavePayoutsSimulator;
  /** The verif-hash `payments` signs webhooks with (the sandbox adapters accept it). */
  webhookHash: string;
  vtpassBaseUrl: string;
  flutterwaveBaseUrl: string;
  termiiBaseUrl: string;
  /** What the adapters call: through `inject`, or the loopback once listening. */
  fetch: FetchFn;
  /**
   * Serves the simulators on 127.0.0.1 (an ephemeral port); answers their origin. `backlog`:
   * the server's LISTEN_BACKLOG, since every purchase in flight is a connection here too.
   */
  listen(backlog?: number): Promise<string>;
  /**
   * Where callbacks go (set by buildApp once the app exists); answers the function it replaces,
   * so a test can lose callbacks for a while and put delivery back.
   */
  connect(deliver: Deliver): Deliver | undefined;
  close(): Promise<void>;
}

export function createSimulators(options: SimulatorsOptions): Simulators {
  let deliver: Deliver | undefined;
  const send: Deliver = async (path, body, headers) => {
    if (!deliver) return 503;
    return deliver(path, body, headers);
  };
  const vtpass = createVtpassSimulator({
    store: options.store('sim-vtpass'),
    instant: options.instant,
    faults: createFaults(options.latencyMs),
    now: options.now,
    callback: async (body) => {
      await send('/api/webhooks/vtpass', body, {});
    },
  });
  const bills = createFlutterwaveBillsSimulator({
    store: options.store('sim-flutterwave-bills'),
    instant: options.instant,
    faults: createFaults(options.latencyMs),
    now: options.now,
  });
  const webhookHash = options.webhookHash ?? SANDBOX_WEBHOOK_HASH;
  const payments = createFlutterwavePaymentsSimulator({
    store: options.store('sim-flutterwave-payments'),
    faults: createFaults(options.latencyMs),
    now: options.now,
    webhookHash,
    checkoutOrigin: options.checkoutOrigin,
    deliver: (body, headers) => send(api.paymentWebhook.path, body, headers),
  });

  const payouts = createFlutterwavePayoutsSimulator({
    store: options.store('sim-flutterwave-payouts'),
    faults: createFaults(options.latencyMs),
    now: options.now,
    webhookHash,
    deliver: (body, headers) => send(api.paymentWebhook.path, body, headers),
  });

  const termii = createTermiiSimulator({
    store: options.store('sim-termii'),
    faults: createFaults(options.latencyMs),
    now: options.now,
  });

  const app: FastifyInstance = Fastify({ logger: false });
  void app.register(vtpass.plugin, { prefix: VTPASS_SIMULATOR_PREFIX });
  void app.register(bills.plugin, { prefix: FLUTTERWAVE_SIMULATOR_PREFIX });
  void app.register(payments.plugin, { prefix: FLUTTERWAVE_SIMULATOR_PREFIX });
  void app.register(payouts.plugin, { prefix: FLUTTERWAVE_SIMULATOR_PREFIX });
  void app.register(termii.plugin, { prefix: TERMII_SIMULATOR_PREFIX });

  const inject = injectFetch(app);
  let origin: string | undefined;
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    if (!origin) return inject(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    return fetch(`${origin}${url.pathname}${url.search}`, init);
  }) as FetchFn;

  return {
    vtpass,
    bills,
    payments,
    termii,
    payouts,
    webhookHash,
    vtpassBaseUrl: `${SIMULATOR_ORIGIN}${VTPASS_SIMULATOR_PREFIX}`,
    flutterwaveBaseUrl: `${SIMULATOR_ORIGIN}${FLUTTERWAVE_SIMULATOR_PREFIX}`,
    termiiBaseUrl: `${SIMULATOR_ORIGIN}${TERMII_SIMULATOR_PREFIX}`,
    fetch: fetchFn,
    async listen(backlog) {
      await app.listen({ host: '127.0.0.1', port: 0, ...(backlog ? { backlog } : {}) });
      const address = app.server.address() as AddressInfo;
      origin = `http://127.0.0.1:${address.port}`;
      return origin;
    },
    connect(fn) {
      const previous = deliver;
      deliver = fn;
      return previous;
    },
    async close() {
      origin = undefined;
      await app.close();
    },
  };
}
