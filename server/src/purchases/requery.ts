/**
 * The requery worker (decisions §5; ADR 0008): pending purchases are a job table in
 * `transactions` (`next_requery_at`, `requery_attempts`), claimed with `FOR UPDATE SKIP LOCKED`
 * on PostgreSQL or a guarded UPDATE on SQLite, asked about at the provider that sold them and
 * settled, or backed off. Only the provider's verdict on the transaction settles it: a failed
 * requery call leaves it pending (logged), and past PENDING_ALERT_HOURS it is flagged for an
 * admin instead of being guessed. "No such request" (VTpass 015) is such a verdict only when
 * said twice, a minute apart, after the purchase call ended (ADR 0038). VTpass's callback is a
 * hint that triggers a requery (`transactionUpdateHint`). A definite answer that finds the
 * purchase already settled the other way is recorded as a dispute, never dropped (ADR 0073).
 *
 * The schedule is the back-off table `REQUERY_BACKOFF_MS`, and it never steps past the
 * 24-hour mark: there the worker asks once more and applies the 24-hour decision
 * (pending-decision.ts, ADR 0082): delivered, refunded, or overdue (the customer told), never
 * left silent. The worker reads the time through `config.clock` (tests and the bench's
 * outcomes mode pass a fake one), or `now` for one pass.
 */
import { SERVER_MSG } from '@contract';
import { sql, type Selectable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { TransactionsTable } from '../platform/db/schema.ts';
import { ApiError } from '../platform/http/errors.ts';
import { parseVtpassCallback, type ProviderOutcome } from '../providers/index.ts';
import { disputeIfContradicted } from './disputes.ts';
import {
  decideAt24Hours,
  DECISION_AGE_MS,
  lastAnswerOf,
  markOverdue,
  NO_RECORD_AT_24_HOURS,
} from './pending-decision.ts';
import { autoReverse, failDelivered, reverse, settle } from './reversal.ts';
import { type EventActor, noteCallback, noteRequery } from './transaction-events.ts';
import { startWorker } from '../platform/worker.ts';

type TxRow = Selectable<TransactionsTable>;

/** First requery after this; then doubling up to REQUERY_MAX_MS (decisions §5). */
export const REQUERY_FIRST_MS = 5_000;
export const REQUERY_MAX_MS = 10 * 60_000;
/**
 * The back-off table (ADR 0082): after the requery numbered `n` (1, 2, …) still pending, the
 * next is asked `REQUERY_BACKOFF_MS[n]` later, the last step (10 min) from then on. The worker
 * never gives up on a purchase; at 24 hours it decides it (pending-decision.ts), and an overdue
 * one is still asked every 10 minutes until the provider answers.
 */
export const REQUERY_BACKOFF_MS: readonly number[] = [
  5_000,
  10_000,
  20_000,
  40_000,
  80_000,
  160_000,
  320_000,
  REQUERY_MAX_MS,
];

/**
 * When to ask again after the requery numbered `attempts` left the purchase pending at `now`:
 * the table's step, but never past the 24-hour mark of a purchase made at `createdAt` (the
 * decision is asked at the mark itself, not up to a step later).
 */
export function nextRequeryAt(attempts: number, now: number, createdAt: number): number {
  const step = REQUERY_BACKOFF_MS[Math.min(Math.max(attempts, 0), REQUERY_BACKOFF_MS.length - 1)]!;
  const decisionAt = createdAt + DECISION_AGE_MS;
  return now < decisionAt ? Math.min(now + step, decisionAt) : now + step;
}

/** The worker's clock: `config.clock` when a test or the bench passes one. */
const clockOf = (ctx: AppContext) => ctx.config.clock ?? (() => Date.now());
/**
 * A claimed job is leased for the longest a requery call can take (the provider timeout) and
 * a margin; a worker that dies (kill -9, a lost machine) loses its claims after it, and
 * another instance asks instead. Nothing shortens a lease: the early first requery after a
 * "pending" answer (`requerySoonAfterAnswer`) moves only a purchase never claimed. Asking twice
 * is harmless all the same: settling is guarded.
 */
const requeryLeaseMs = (ctx: AppContext) => ctx.providers.config.PROVIDER_TIMEOUT_MS + 5_000;

const HOUR_MS = 3_600_000;

/**
 * "No such request" (VTpass requery 015) fails a purchase only when said twice at least this
 * far apart, both after the purchase call surely ended (ADR 0038): one answer could race a
 * request VTpass has not recorded yet.
 */
export const UNKNOWN_REQUEST_CONFIRM_MS = 60_000;
/** `kv_store` namespace: when a pending purchase was first answered "no such request". */
const UNKNOWN_REQUEST_NS = 'requery-unknown-request';

async function firstUnknownAt(ctx: AppContext, id: string): Promise<number | undefined> {
  const row = await ctx.db
    .selectFrom('kv_store')
    .select('value')
    .where('namespace', '=', UNKNOWN_REQUEST_NS)
    .where('key', '=', id)
    .executeTakeFirst();
  return row ? Number(row.value) : undefined;
}

async function forgetUnknown(ctx: AppContext, id: string): Promise<void> {
  await ctx.db
    .deleteFrom('kv_store')
    .where('namespace', '=', UNKNOWN_REQUEST_NS)
    .where('key', '=', id)
    .execute();
}

/**
 * Applies the "never received" rule to a requery answer. The pay window ends at the row's
 * `created_at` (written just before the pay call) plus the provider timeout: an answer inside
 * it proves nothing. The first answer after it is recorded; one at least
 * UNKNOWN_REQUEST_CONFIRM_MS later fails the purchase (it was never made: refund). Any other
 * definite answer forgets the record. Answers the outcome to act on, and when to ask again.
 */
async function judgeUnknownRequest(
  ctx: AppContext,
  row: TxRow,
  outcome: ProviderOutcome,
  now: number,
): Promise<{ outcome: ProviderOutcome; askAt?: number }> {
  if (!outcome.unknownRequest) {
    if (!outcome.callFailed) await forgetUnknown(ctx, row.id);
    return { outcome };
  }
  const windowEnds = Number(row.created_at) + ctx.providers.config.PROVIDER_TIMEOUT_MS;
  if (now < windowEnds) return { outcome, askAt: windowEnds + REQUERY_FIRST_MS };
  const first = await firstUnknownAt(ctx, row.id);
  if (first === undefined) {
    await ctx.db
      .insertInto('kv_store')
      .values({ namespace: UNKNOWN_REQUEST_NS, key: row.id, value: String(now) })
      .onConflict((oc) => oc.columns(['namespace', 'key']).doNothing())
      .execute();
    return { outcome, askAt: now + UNKNOWN_REQUEST_CONFIRM_MS };
  }
  if (now - first < UNKNOWN_REQUEST_CONFIRM_MS) {
    return { outcome, askAt: first + UNKNOWN_REQUEST_CONFIRM_MS };
  }
  const message =
    'The provider has no record of this purchase (asked twice, a minute apart, after the purchase call ended): it was never made.';
  return { outcome: { ...outcome, status: 'failed', message } };
}

/**
 * How long a purchase may stay pending before it is flagged for an admin:
 * PENDING_ALERT_HOURS (default 24). Throws a clear message on a bad value (the server checks
 * it at start).
 */
export function pendingAlertMs(env: NodeJS.ProcessEnv): number {
  const text = env.PENDING_ALERT_HOURS?.trim();
  if (!text) return 24 * HOUR_MS;
  const hours = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || hours <= 0 || hours > 24 * 365) {
    throw new Error('PENDING_ALERT_HOURS must be a number of hours above 0, e.g. 24.');
  }
  return Math.round(hours * HOUR_MS);
}

/**
 * The first requery of a purchase just recorded, before its call: it waits until the purchase
 * call itself has surely ended (a real provider may take up to PROVIDER_TIMEOUT_MS): asking
 * about a request still in flight could hear "unknown" and reverse a sale that then succeeds.
 * A call the provider answers "pending" has ended: `requerySoonAfterAnswer` then brings the
 * first requery forward to REQUERY_FIRST_MS after that answer (ADR 0092); a time-out or an
 * unknown answer keeps this window. The sandbox simulators answer fast.
 */
export function firstRequeryDelay(ctx: AppContext, providerName: string): number {
  // Unless SANDBOX_LATENCY_MS slows them down (the bench's slow provider): then after it.
  if (providerName.startsWith('sandbox')) {
    return REQUERY_FIRST_MS + (ctx.providers.config.SANDBOX_LATENCY_MS || 0);
  }
  return ctx.providers.config.PROVIDER_TIMEOUT_MS + REQUERY_FIRST_MS;
}

/**
 * The provider ANSWERED the purchase call "pending" (VTpass 099 "TRANSACTION IS PROCESSING", or
 * 000 with a pending transaction; Flutterwave's bill accepted, not yet delivered): its own word,
 * not a time-out, a refused or unreadable call, nor "no such request". Only then is the call
 * surely no longer in flight.
 */
export function answeredPending(outcome: ProviderOutcome): boolean {
  return outcome.status === 'pending' && !outcome.callFailed && !outcome.unknownRequest;
}

/**
 * The purchase call has ended with the provider's own "pending" at `answeredAt`: nothing of
 * ours is in flight any more, so the first requery is due REQUERY_FIRST_MS after the answer,
 * not after the in-flight window `firstRequeryDelay` keeps for an unanswered call (ADR 0092).
 * Both providers ask for exactly that: VTpass's 099 "you should requery using your requestID"
 * (https://www.vtpass.com/documentation/response-codes/; the requery call,
 * https://www.vtpass.com/documentation/re-query-services/, sets no minimum wait), and
 * Flutterwave's "Verify the payment status" step
 * (https://developer.flutterwave.com/docs/making-payments/bill-payments, `GET /v3/bills/{reference}`,
 * https://flutterwaveinc.mintlify.app/api-reference/bill-payments/get-a-bill-payment-status;
 * no minimum wait either). A time-out or an unknown answer is not an answer: it keeps the window.
 *
 * One guarded UPDATE: still pending, never claimed by a worker (`requery_attempts = 0`: a
 * claim's lease is never shortened, so two instances cannot ask about it at once), and only
 * ever earlier. Answers whether it moved the requery.
 */
export async function requerySoonAfterAnswer(
  ctx: AppContext,
  id: string,
  outcome: ProviderOutcome,
  answeredAt: number,
): Promise<boolean> {
  if (!answeredPending(outcome)) return false;
  const due = answeredAt + REQUERY_FIRST_MS;
  const moved = await ctx.db
    .updateTable('transactions')
    .set({ next_requery_at: due })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('requery_attempts', '=', 0)
    .where('next_requery_at', '>', due)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0;
}

/**
 * Asks the provider that has the purchase (its `provider` and `provider_request_id`: after a
 * failover, the one it went to last) through its adapter, as the worker does: every caller
 * that asks about a purchase (the worker, the callback, an admin) asks this way. An adapter
 * that throws, or a provider no longer configured, said nothing: a failed call.
 */
export async function askProvider(
  ctx: AppContext,
  row: Pick<TxRow, 'provider' | 'provider_request_id'> & { id?: string },
  /** Who asks, as the purchase's timeline tells it (ADR 0083). */
  asker: EventActor = 'worker',
): Promise<ProviderOutcome> {
  const sentAt = Date.now();
  const started = performance.now();
  const outcome = await requeryAt(ctx, row);
  if (row.id) {
    const latencyMs = performance.now() - started;
    await noteRequery(ctx, row.id, row.provider, asker, outcome, { sentAt, latencyMs });
  }
  return outcome;
}

async function requeryAt(
  ctx: AppContext,
  row: Pick<TxRow, 'provider' | 'provider_request_id'>,
): Promise<ProviderOutcome> {
  const provider = row.provider ? ctx.providers.byName(row.provider) : undefined;
  if (!provider || !row.provider_request_id) {
    return {
      status: 'pending',
      message: `No provider named ${String(row.provider)} is configured.`,
      callFailed: true,
    };
  }
  try {
    return await provider.requery(row.provider_request_id);
  } catch (err) {
    // Adapters never throw by contract; if one does, it said nothing about the purchase.
    return { status: 'pending', message: (err as Error).message, callFailed: true };
  }
}

/** Claims due pending purchases (a DB-table job) so only one worker asks about each. */
async function claimDue(ctx: AppContext, now: number, limit: number): Promise<TxRow[]> {
  const lease = now + requeryLeaseMs(ctx);
  if (ctx.dbh.engine === 'postgres') {
    const result = await sql<TxRow>`
      update transactions set next_requery_at = ${lease},
        requery_attempts = requery_attempts + 1
      where id in (
        select id from transactions
        where status = 'pending' and next_requery_at <= ${now} and provider is not null
        order by next_requery_at limit ${limit}
        for update skip locked)
      returning *`.execute(ctx.db);
    return result.rows;
  }
  const due = await ctx.db
    .selectFrom('transactions')
    .select(['id', 'next_requery_at'])
    .where('status', '=', 'pending')
    .where('next_requery_at', '<=', now)
    .where('provider', 'is not', null)
    .orderBy('next_requery_at')
    .limit(limit)
    .execute();
  const claimed: TxRow[] = [];
  for (const d of due) {
    // Guarded claim: matches only if no other worker moved next_requery_at meanwhile.
    const row = await ctx.db
      .updateTable('transactions')
      .set((eb) => ({ next_requery_at: lease, requery_attempts: eb('requery_attempts', '+', 1) }))
      .where('id', '=', d.id)
      .where('status', '=', 'pending')
      .where('next_requery_at', '=', d.next_requery_at)
      .returningAll()
      .executeTakeFirst();
    if (row) claimed.push(row);
  }
  return claimed;
}

/**
 * One pass of the requery worker: asks the provider that sold each due pending purchase and
 * settles it; still pending → back off (5 s, 10 s, 20 s … up to 10 min). `now` lets tests and
 * a restart treat every pending purchase as due. Answers how many were settled.
 */
export async function runRequeryOnce(
  ctx: AppContext,
  options: { now?: number; limit?: number } = {},
): Promise<number> {
  const now = options.now ?? clockOf(ctx)();
  let settled = 0;
  if (autoReverse(ctx)) {
    // A crash between "failed" and its reversal leaves a failed row: reverse it now (guarded).
    const failed = await ctx.db
      .selectFrom('transactions')
      .select('id')
      .where('status', '=', 'failed')
      .where('paid_account', 'is not', null)
      .limit(options.limit ?? 50)
      .execute();
    for (const f of failed) {
      await reverse(ctx, f.id).then(
        () => settled++,
        (err: unknown) => {
          if (!(err instanceof ApiError)) throw err;
        },
      );
    }
  }
  const alertMs = pendingAlertMs(ctx.config.env);
  const rows = await claimDue(ctx, now, options.limit ?? 50);
  // Every claimed purchase is asked at once: one by one, a provider answering in 10 s took
  // 500 s over a batch of 50, far past the lease of the last ones (another instance could
  // claim them again) and 0.1 settlements a second behind a slow provider (ADR 0060).
  const results = await Promise.allSettled(rows.map((row) => requeryOne(ctx, row, now, alertMs)));
  for (const result of results) {
    if (result.status === 'fulfilled') settled += result.value ? 1 : 0;
  }
  // A throw is the pass's failure, as before, once every other purchase had its answer.
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) throw failure.reason;
  return settled;
}

/** Asks about one claimed purchase: settles it (true), or backs it off and maybe flags it. */
async function requeryOne(
  ctx: AppContext,
  row: TxRow,
  now: number,
  alertMs: number,
): Promise<boolean> {
  let outcome = await askProvider(ctx, row);
  const judged = await judgeUnknownRequest(ctx, row, outcome, now);
  outcome = judged.outcome;
  // At 24 hours, the decision (ADR 0082): a "no record" past the window refunds on one answer.
  const decision = decideAt24Hours(
    {
      status: row.status,
      createdAt: Number(row.created_at),
      overdueAt: row.overdue_at === null ? null : Number(row.overdue_at),
      providerWindowMs: ctx.providers.config.PROVIDER_TIMEOUT_MS,
    },
    lastAnswerOf(outcome),
    now,
  );
  if (decision === 'refund' && outcome.status === 'pending') {
    outcome = { ...outcome, status: 'failed', message: NO_RECORD_AT_24_HOURS };
  }
  if (outcome.status !== 'pending') {
    await settle(ctx, row.id, outcome);
    if (outcome.unknownRequest) await forgetUnknown(ctx, row.id);
    // Settled meanwhile by someone else (an admin, the callback) the other way: kept as a
    // dispute, never dropped, and nothing moves (ADR 0073).
    await disputeIfContradicted(ctx, row.id, outcome, 'requery');
    return true;
  }
  // Still pending, or the requery itself failed (refused, rate limited, timed out…): never
  // guess. Back off, and past PENDING_ALERT_HOURS flag it for an admin (once); at 24 hours
  // mark it overdue and tell the customer (once: the guarded UPDATE in markOverdue).
  const attempts = Number(row.requery_attempts);
  if (decision === 'overdue') {
    const marked = await ctx.dbh.writeTx((trx) => markOverdue(trx, row.id, now));
    if (marked) {
      ctx.log.warn(
        { id: row.id, provider: row.provider, attempts, answer: outcome.message },
        'purchase undecided at 24 hours: overdue, the customer told (ADR 0082)',
      );
    }
  }
  const flag = row.flagged_at === null && Number(row.created_at) <= now - alertMs;
  const facts = { id: row.id, provider: row.provider, attempts, answer: outcome.message };
  if (outcome.callFailed) ctx.log.warn(facts, 'requery call failed; the purchase stays pending');
  else ctx.log.debug(facts, 'requery: still pending');
  if (flag) {
    ctx.log.warn(
      { ...facts, pendingSince: new Date(Number(row.created_at)).toISOString() },
      'purchase pending too long: flagged for an admin (npm run reconcile lists it)',
    );
  }
  // "No such request" is asked again when its confirmation is due, not after a long backoff.
  const next = judged.askAt ?? nextRequeryAt(attempts, clockOf(ctx)(), Number(row.created_at));
  await ctx.db
    .updateTable('transactions')
    .set({ next_requery_at: next, ...(flag ? { flagged_at: now } : {}) })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .execute();
  return false;
}

/**
 * VTpass's transaction-update callback (https://www.vtpass.com/documentation/transaction-update-webhook-api/;
 * ADR 0038). It is unsigned, so it is only a hint: the purchase it names is requeried at the
 * provider that sold it, and only that answer moves money. A pending purchase settles; a
 * delivered one that the provider now reports failed or reversed is refunded once
 * (`failDelivered`); a replay finds nothing left to change. Other callback types and unknown
 * request ids change nothing.
 *
 * What contradicts how we settled it is a dispute, moving nothing (ADR 0073): a purchase failed
 * or refunded that the provider says it delivered, and one an admin marked delivered that the
 * provider says failed (the admin's word against the provider's: an owner decides, where a
 * provider's own delivery it later reverses is refunded as above).
 *
 * Throws a 502 when the provider could not be asked about a settled purchase: VTpass then
 * sends the callback again (up to five times), the only chance to hear of that change.
 */
/** The states a callback's requery may settle, refund, or find disputed. */
const HINTED: readonly string[] = ['pending', 'successful', 'failed', 'reversed'];

export async function transactionUpdateHint(ctx: AppContext, body: unknown): Promise<void> {
  const hint = parseVtpassCallback(body);
  if (!hint) return;
  const row = await ctx.db
    .selectFrom('transactions')
    .selectAll()
    .where('provider_request_id', '=', hint.requestId)
    .executeTakeFirst();
  if (row) await noteCallback(ctx, row.id, row.provider, hint.outcome.status);
  if (!row?.provider || !HINTED.includes(row.status) || !ctx.providers.byName(row.provider)) {
    return;
  }
  const outcome = await askProvider(
    ctx,
    { id: row.id, provider: row.provider, provider_request_id: hint.requestId },
    'callback',
  );
  const facts = { id: row.id, provider: row.provider, hinted: hint.outcome.status };
  if (row.status === 'pending') {
    // The "no such request" rule needs its two answers a minute apart: the worker's job.
    if (outcome.status === 'pending') return;
    await forgetUnknown(ctx, row.id);
    await settle(ctx, row.id, outcome);
    await disputeIfContradicted(ctx, row.id, outcome, 'callback');
    ctx.log.info({ ...facts, status: outcome.status }, 'VTpass callback: requery settled it');
    return;
  }
  if (outcome.status === 'failed' && row.status === 'successful') {
    // Delivered on an admin's word: the provider's "failed" is a dispute, not a refund.
    if (!(await markedByAdmin(ctx, row.id)) && (await failDelivered(ctx, row.id, outcome))) {
      ctx.log.warn({ ...facts, answer: outcome.message }, 'reversed after delivery: refunded');
      return;
    }
  }
  if (outcome.status !== 'pending') {
    await disputeIfContradicted(ctx, row.id, outcome, 'callback');
    return;
  }
  if (outcome.callFailed) {
    ctx.log.warn({ ...facts, answer: outcome.message }, 'VTpass callback: requery failed');
    throw new ApiError('provider_error', SERVER_MSG.providerUnavailable);
  }
}

/** Whether an admin marked the purchase delivered (its audit entry says so, ADR 0041). */
async function markedByAdmin(ctx: AppContext, id: string): Promise<boolean> {
  const entry = await ctx.db
    .selectFrom('audit_log')
    .select('id')
    .where('target_id', '=', id)
    .where('action', '=', 'purchase.deliver')
    .executeTakeFirst();
  return entry !== undefined;
}

/** Runs the worker every few seconds (and at once: a restart picks up what a crash left). */
export function startRequeryWorker(ctx: AppContext, everyMs = 2_000): () => Promise<void> {
  return startWorker(ctx, 'requery', () => runRequeryOnce(ctx), everyMs);
}
