/**
 * Prometheus metrics (ADR 0049), served at `/metrics` (platform/routes/health.ts). One
 * Registry per app, never prom-client's global one: tests build many apps in one process, and
 * a global registry would refuse the second app's metrics by name.
 *
 * Counters and histograms move where things happen (a purchase charged or settled, a provider
 * call, an HTTP answer); the gauges are read at scrape time with `collect()`: a few indexed
 * queries on the database, never a provider call. Labels are bounded sets (product, provider
 * name, operation, route pattern, status): never a user, a phone number, a reference or a URL.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from './db/index.ts';
import type { ProviderCall } from '../providers/instrument.ts';
import { capReason, SMS_CAPS, type CappedSmsKind } from '../notifications/sms-caps.ts';

export interface Metrics {
  registry: Registry;
  /**
   * A purchase reached `status`: every purchase charged is counted once as `pending`, then once
   * as `successful` or `failed` when a provider's verdict settles it (reversal.ts `settle`).
   */
  purchase(product: string, provider: string | null, status: string): void;
  /** One call to a provider adapter (providers/instrument.ts). */
  providerCall(call: ProviderCall): void;
  /** One HTTP answer: the route's pattern (`/api/transactions/:id`), never the raw URL. */
  http(method: string, route: string, status: number, seconds: number): void;
  /**
   * A withdrawal reached `status` (ADR 0084): counted once as `pending` or `awaiting_review`
   * when debited, then once as `successful`, `failed` or `refunded` when settled.
   */
  withdrawal(status: string): void;
}

/** Seconds; a provider may take up to PROVIDER_TIMEOUT_MS (30 s by default, 300 s at most). */
const PROVIDER_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120];
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** A route label for answers no route matched (404s of any path: one series, not one per URL). */
export const UNMATCHED_ROUTE = 'unmatched';

/** `now`: read at each scrape (the global clock by default, so a test's fake Date is seen). */
export function createMetrics(db: () => Db, now: () => number = () => Date.now()): Metrics {
  const registry = new Registry();
  const registers = [registry];

  const purchases = new Counter({
    name: 'paybills_purchases_total',
    help: 'Purchases by the status they reached: each charged purchase counts once as pending, then once as successful or failed when settled.',
    labelNames: ['product', 'provider', 'status'] as const,
    registers,
  });
  const withdrawals = new Counter({
    name: 'paybills_withdrawals_total',
    help: 'Withdrawals to bank accounts by the status they reached: each debited withdrawal counts once as pending or awaiting_review, then once as successful, failed or refunded.',
    labelNames: ['status'] as const,
    registers,
  });
  const providerSeconds = new Histogram({
    name: 'paybills_provider_request_duration_seconds',
    help: 'Calls to the providers (VTpass, Flutterwave, their simulators) by operation and outcome: a purchase or requery by the status answered (call_failed when no usable answer came), anything else ok or error.',
    labelNames: ['provider', 'operation', 'outcome'] as const,
    buckets: PROVIDER_BUCKETS,
    registers,
  });
  const httpSeconds = new Histogram({
    name: 'paybills_http_request_duration_seconds',
    help: 'HTTP answers by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const rateLimited = new Counter({
    name: 'paybills_rate_limited_total',
    help: 'Requests refused with 429 (a route limit, a reseller key limit or too many attempts), by route pattern.',
    labelNames: ['route'] as const,
    registers,
  });
  // Floats are what the last balance call answered (the start probe, an admin's balance page,
  // a float poll): a scrape never calls a provider.
  const float = new Gauge({
    name: 'paybills_provider_float_kobo',
    help: 'The float held at each provider, in kobo, as its last balance call answered (absent until one has).',
    labelNames: ['provider'] as const,
    registers,
  });
  const floatRead = new Gauge({
    name: 'paybills_provider_float_updated_seconds',
    help: 'When each provider float was last read (Unix time, seconds).',
    labelNames: ['provider'] as const,
    registers,
  });

  // The gauges below are worked out together, once per scrape, in one read of indexed
  // queries (transactions_requery: status, next_requery_at; transactions_pending_overdue:
  // status, overdue_at; webhook_deliveries_due: status, next_attempt_at;
  // purchase_disputes_state: resolved_at). Only pending rows and open disputes are read, and
  // they are few.
  let scrape: Promise<QueueState> | undefined;
  const state = () => {
    scrape ??= readQueues(db(), now()).finally(() => {
      scrape = undefined;
    });
    return scrape;
  };
  new Gauge({
    name: 'paybills_pending_purchases',
    help: 'Purchases charged and waiting for the provider’s verdict, by provider.',
    labelNames: ['provider'] as const,
    registers,
    async collect() {
      this.reset();
      for (const p of (await state()).pending) this.set({ provider: p.provider }, p.count);
    },
  });
  new Gauge({
    name: 'paybills_pending_purchase_oldest_age_seconds',
    help: 'Age of the oldest pending purchase, by provider (0 when none is pending).',
    labelNames: ['provider'] as const,
    registers,
    async collect() {
      this.reset();
      const { pending, at } = await state();
      for (const p of pending) {
        this.set({ provider: p.provider }, Math.max(0, (at - p.oldest) / 1000));
      }
    },
  });
  new Gauge({
    name: 'paybills_pending_purchases_overdue',
    help: 'Pending purchases the requery worker found undecided at 24 hours and told the customer of (ADR 0082): overdue, still asked about.',
    registers,
    async collect() {
      this.set((await state()).overdue);
    },
  });
  new Gauge({
    name: 'paybills_pending_purchases_older_than',
    help: 'Pending purchases older than the regulator’s clocks (ADR 0082): 30s (a failure is refunded within it) and 24h (a pending purchase is decided by then).',
    labelNames: ['age'] as const,
    registers,
    async collect() {
      const { olderThan30s, olderThan24h } = await state();
      this.set({ age: '30s' }, olderThan30s);
      this.set({ age: '24h' }, olderThan24h);
    },
  });
  new Gauge({
    name: 'paybills_requery_queue_depth',
    help: 'Pending purchases whose next requery is due now (the requery worker’s backlog).',
    registers,
    async collect() {
      this.set((await state()).requeryDue);
    },
  });
  new Gauge({
    name: 'paybills_purchase_disputes_open',
    help: 'Purchases whose provider answered against how they were settled, not yet resolved by an owner (ADR 0073).',
    registers,
    async collect() {
      this.set((await state()).disputes);
    },
  });
  new Gauge({
    name: 'paybills_webhook_queue_depth',
    help: 'Reseller webhook deliveries waiting to be sent or retried.',
    registers,
    async collect() {
      this.set((await state()).webhooks);
    },
  });

  // Read from the outbox (index sms_outbox_due: status, next_attempt_at, which a skipped row
  // holds as its time): every instance's skips, and the count survives a restart.
  new Gauge({
    name: 'paybills_sms_skipped',
    help: 'SMS not sent in the last 24 hours because their number was over its hourly or daily cap (ADR 0087), by kind (security, alert) and cap.',
    labelNames: ['kind', 'cap'] as const,
    registers,
    async collect() {
      this.reset();
      const rows = await db()
        .selectFrom('sms_outbox')
        .select(['last_error', (eb) => eb.fn.countAll<number>().as('n')])
        .where('status', '=', 'skipped')
        .where('next_attempt_at', '>', now() - 24 * 3_600_000)
        .groupBy('last_error')
        .execute();
      for (const kind of Object.keys(SMS_CAPS) as CappedSmsKind[]) {
        for (const cap of ['hour', 'day'] as const) {
          const row = rows.find((r) => r.last_error === capReason(kind, cap));
          this.set({ kind, cap }, Number(row?.n ?? 0));
        }
      }
    },
  });

  return {
    registry,
    purchase(product, provider, status) {
      purchases.inc({ product, provider: provider ?? 'none', status });
    },
    providerCall(call) {
      providerSeconds.observe(
        { provider: call.provider, operation: call.operation, outcome: call.outcome },
        call.seconds,
      );
      if (call.operation === 'balance' && typeof call.value === 'number') {
        float.set({ provider: call.provider }, call.value);
        floatRead.set({ provider: call.provider }, Math.floor(now() / 1000));
      }
    },
    http(method, route, status, seconds) {
      httpSeconds.observe({ method, route, status_code: String(status) }, seconds);
      if (status === 429) rateLimited.inc({ route });
    },
    withdrawal(status) {
      withdrawals.inc({ status });
    },
  };
}

interface QueueState {
  at: number;
  pending: { provider: string; count: number; oldest: number }[];
  overdue: number;
  olderThan30s: number;
  olderThan24h: number;
  requeryDue: number;
  webhooks: number;
  disputes: number;
}

/** Purchases charged and waiting: a withdrawal is no purchase (its own counter, ADR 0084). */
const pendingPurchases = (db: Db) =>
  db
    .selectFrom('transactions')
    .where('status', '=', 'pending')
    .where('direction', '=', 'debit')
    .where('product', '<>', 'Withdrawal');

type PendingQuery = ReturnType<typeof pendingQuery>;
const pendingQuery = (db: Db) =>
  pendingPurchases(db).select((eb) => eb.fn.countAll<number>().as('n'));

async function readQueues(db: Db, at: number): Promise<QueueState> {
  const pendingCount = (where: (q: PendingQuery) => PendingQuery) =>
    where(pendingQuery(db)).executeTakeFirstOrThrow();
  const [pending, due, webhooks, disputes, overdue, over30s, over24h] = await Promise.all([
    pendingPurchases(db)
      .select((eb) => [
        'provider',
        eb.fn.countAll<number>().as('n'),
        eb.fn.min<number>('created_at').as('oldest'),
      ])
      .groupBy('provider')
      .execute(),
    pendingCount((q) => q.where('next_requery_at', '<=', at)),
    db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('purchase_disputes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('resolved_at', 'is', null)
      .executeTakeFirstOrThrow(),
    pendingCount((q) => q.where('overdue_at', 'is not', null)),
    pendingCount((q) => q.where('created_at', '<', at - 30_000)),
    pendingCount((q) => q.where('created_at', '<', at - 24 * 3_600_000)),
  ]);
  return {
    at,
    pending: pending.map((r) => ({
      provider: r.provider ?? 'none',
      count: Number(r.n),
      oldest: Number(r.oldest),
    })),
    overdue: Number(overdue.n),
    olderThan30s: Number(over30s.n),
    olderThan24h: Number(over24h.n),
    requeryDue: Number(due.n),
    webhooks: Number(webhooks.n),
    disputes: Number(disputes.n),
  };
}
