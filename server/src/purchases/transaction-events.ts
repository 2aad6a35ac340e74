/**
 * A purchase's story, written where it happens (ADR 0083; migration 0042): each provider call,
 * requery, callback and failover hop becomes one `transaction_events` row. Status changes are
 * written by the database itself (a trigger on `transactions`), admin actions are the audit
 * log's, money the ledger's: the admin's timeline (transaction-timeline.ts) merges them.
 *
 * Three rules hold here, in one place:
 * - nothing secret is kept: a request is kept as an allow-list of its fields (never a pin, a
 *   key, a token or a code: the adapters add those, and a provider's answer carries the goods),
 *   and the provider's words are scrubbed of the tokens and pins an answer may quote;
 * - every column is bounded (the migration's sizes);
 * - recording never fails the money path: an insert that fails is logged and dropped, and
 *   inside a PostgreSQL transaction it runs under a savepoint, so the change it sits beside
 *   still commits.
 */
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import type { TransactionEventsTable } from '../platform/db/schema.ts';
import type { ProviderOutcome, PurchaseRequest } from '../providers/index.ts';
import { answerCode } from './disputes.ts';

/** Who asked the provider: the purchase itself, the requery worker, an admin, a callback. */
export type EventActor = 'purchase' | 'worker' | 'admin' | 'callback';

type EventKind = Exclude<TransactionEventsTable['kind'], 'status'>;

export interface TransactionEvent {
  transactionId: string;
  kind: EventKind;
  provider?: string | null;
  actor?: EventActor;
  request?: string | null;
  code?: string | null;
  description?: string | null;
  outcome?: string | null;
  previous?: string | null;
  latencyMs?: number | null;
  at?: number;
}

/** The migration's column sizes. */
export const EVENT_LIMITS = {
  request: 1000,
  code: 40,
  description: 300,
  provider: 32,
  outcome: 16,
  previous: 32,
} as const;

/** The fields of a purchase request kept, as sent: none is a secret (ADR 0083). */
const REQUEST_FIELDS = [
  'requestId',
  'product',
  'serviceId',
  'variationCode',
  'amount',
  'quantity',
  'subscriptionType',
  'phone',
  'billersCode',
] as const;

const clip = (text: string | null | undefined, max: number): string | null =>
  text === null || text === undefined ? null : text.slice(0, max);

/**
 * The request as the timeline keeps it: the allow-listed fields only, each a short string or
 * a number, as JSON. A field not on the list (a pin, a key, a token added by some caller) is
 * never kept, whatever its name.
 */
export function redactedRequest(request: object): string {
  const kept: Record<string, string | number> = {};
  for (const field of REQUEST_FIELDS) {
    const value = (request as Record<string, unknown>)[field];
    if (typeof value === 'number' && Number.isFinite(value)) kept[field] = value;
    else if (typeof value === 'string') kept[field] = value.slice(0, 64);
  }
  return JSON.stringify(kept).slice(0, EVENT_LIMITS.request);
}

/** A prepaid token (`1234-5678-9012-3456-7890`) or a long run of digits, as answers quote them. */
const TOKEN_LIKE = /\b\d{4}(?:[- ]?\d{4}){3,}\b|\b\d{16,}\b/g;
/** `Pin: 1234…`, `Serial: WRN…`, `Token: …`: the goods a provider's words may name. */
const LABELLED = /\b(pins?|serial|token|password)\s*[:=]\s*[^\s,;]+/gi;

/** The provider's words with the goods they may quote (token, pins) hidden. */
export function scrubbed(text: string | null | undefined, goods: (string | undefined)[] = []) {
  if (!text) return null;
  let out = text;
  for (const secret of goods) {
    if (secret && secret.length >= 4) out = out.split(secret).join('[hidden]');
  }
  out = out.replace(TOKEN_LIKE, '[hidden]').replace(LABELLED, '$1: [hidden]');
  return out.slice(0, EVENT_LIMITS.description);
}

const record = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : undefined;

/** The provider's own words for an answer (VTpass `response_description`), else ours. */
function wordsOf(outcome: ProviderOutcome): string | undefined {
  const raw = record(outcome.raw);
  const said = raw?.response_description ?? raw?.message;
  return typeof said === 'string' && said.trim() !== '' ? said.trim() : outcome.message;
}

/** An answer's code, words and verdict, with nothing it delivered. */
function answer(outcome: ProviderOutcome) {
  return {
    code: answerCode(outcome),
    description: scrubbed(wordsOf(outcome), [outcome.token, outcome.purchasedCode]),
    outcome: outcome.callFailed ? 'no answer' : outcome.status,
  };
}

/**
 * Records one event, never throwing: the money path it sits beside goes on whatever happens
 * here. Inside a transaction (`db` a PostgreSQL transaction), a savepoint keeps a failed insert
 * from aborting it.
 */
export async function recordEvent(
  ctx: Pick<AppContext, 'log'>,
  db: Db,
  event: TransactionEvent,
): Promise<void> {
  const insert = (on: Db) =>
    on
      .insertInto('transaction_events')
      .values({
        transaction_id: event.transactionId.slice(0, 64),
        at: event.at ?? Date.now(),
        kind: event.kind,
        provider: clip(event.provider, EVENT_LIMITS.provider),
        actor: event.actor ?? null,
        request: clip(event.request, EVENT_LIMITS.request),
        code: clip(event.code, EVENT_LIMITS.code),
        description: clip(event.description, EVENT_LIMITS.description),
        outcome: clip(event.outcome, EVENT_LIMITS.outcome),
        previous: clip(event.previous, EVENT_LIMITS.previous),
        latency_ms:
          event.latencyMs === null || event.latencyMs === undefined
            ? null
            : Math.max(0, Math.min(Math.round(event.latencyMs), 2_000_000_000)),
      })
      .execute();
  try {
    if (!db.isTransaction) {
      await insert(db);
      return;
    }
    await sql`savepoint transaction_event`.execute(db);
    try {
      await insert(db);
      await sql`release savepoint transaction_event`.execute(db);
    } catch (err) {
      await sql`rollback to savepoint transaction_event`.execute(db);
      throw err;
    }
  } catch (err) {
    ctx.log.warn(
      { err: (err as Error).message, id: event.transactionId, kind: event.kind },
      'transaction event not recorded',
    );
  }
}

/**
 * A call's clock: `sentAt` is Date.now() read before it was sent, never the answer's time less
 * the latency (that can round to a millisecond before the debit that preceded the call).
 */
export type CallTiming = { sentAt: number; latencyMs: number };

/** A purchase call and its answer (failover.ts). */
export function noteCall(
  ctx: Pick<AppContext, 'log' | 'db'>,
  id: string,
  admitted: { provider: { name: string }; code?: string },
  request: PurchaseRequest,
  outcome: ProviderOutcome,
  /** When it was sent (Date.now() before the call) and how long the answer took. */
  timing: CallTiming,
): Promise<void> {
  // The provider's own code for the plan is what was sent (the catalogue sync's match).
  const sent = admitted.code ? { ...request, variationCode: admitted.code } : request;
  return recordEvent(ctx, ctx.db, {
    transactionId: id,
    kind: 'provider_call',
    provider: admitted.provider.name,
    actor: 'purchase',
    request: redactedRequest(sent),
    // Stamped when it was sent: the timeline shows it before what its answer caused.
    at: timing.sentAt,
    ...answer(outcome),
    ...(outcome.notSent && { description: 'Not sent: this provider has no biller for it.' }),
    latencyMs: outcome.notSent ? null : timing.latencyMs,
  });
}

/** A requery and its answer, by whoever asked (requery.ts). */
export function noteRequery(
  ctx: Pick<AppContext, 'log' | 'db'>,
  id: string,
  provider: string | null,
  actor: EventActor,
  outcome: ProviderOutcome,
  timing: CallTiming,
): Promise<void> {
  return recordEvent(ctx, ctx.db, {
    transactionId: id,
    kind: 'requery',
    provider,
    actor,
    ...answer(outcome),
    latencyMs: timing.latencyMs,
    at: timing.sentAt,
  });
}

/** A provider's callback about the purchase, as received (unsigned: a hint to requery). */
export function noteCallback(
  ctx: Pick<AppContext, 'log' | 'db'>,
  id: string,
  provider: string | null,
  said: string,
): Promise<void> {
  return recordEvent(ctx, ctx.db, {
    transactionId: id,
    kind: 'callback',
    provider,
    actor: 'callback',
    outcome: said,
  });
}

/**
 * A hop to the next provider after a definite refusal, in the transaction that moves the
 * purchase (failover.ts): from the last provider that refused, with its words.
 */
export function noteFailover(
  ctx: Pick<AppContext, 'log'>,
  trx: Db,
  id: string,
  to: string,
  tried: readonly { provider: string; result: string; message: string | null }[],
): Promise<void> {
  const refused = [...tried].reverse().find((t) => t.result === 'refused');
  return recordEvent(ctx, trx, {
    transactionId: id,
    kind: 'failover',
    provider: to,
    actor: 'purchase',
    previous: refused?.provider ?? null,
    description: scrubbed(refused?.message),
  });
}
