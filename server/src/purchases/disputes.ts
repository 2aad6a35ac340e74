/**
 * Disputed purchases (ADR 0073). A definite provider answer that comes for a purchase already
 * settled the other way (refunded or failed, but the provider says delivered; delivered, but
 * the provider says it failed) is never dropped: it is recorded here once per purchase, by
 * whoever heard it (the requery worker, VTpass's callback, an admin's requery or the requery
 * before fail and refund or mark delivered), and it moves no money: neither side of such a
 * disagreement is safe to act on alone. The admin pending page lists the disputes, `/metrics`
 * counts the open ones and `npm run reconcile` reports them; an owner resolves each once, with
 * a note, keeping what we did or naming the approved wallet adjustment that corrected the money
 * (adjustments have their own second admin above the approval threshold, ADR 0050).
 */
import {
  DISPUTE_MSG,
  ROUTE_PROVIDER_LABELS,
  routeProviderOf,
  type DisputeAnswer,
  type DisputeOurs,
  type DisputeSource,
  type PurchaseDispute,
  type Reconciliation,
  type ResolveDisputeInput,
} from '@contract';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import { ApiError } from '../platform/http/errors.ts';
import type { ProviderOutcome } from '../providers/index.ts';
import { type Actor, recordAudit } from '../admin/audit.ts';
import { countRows, paged } from '../platform/paging.ts';

/** "VTpass", "Flutterwave": the float behind an adapter's name, as people call it. */
export function providerLabel(name: string | null): string {
  const float = name ? routeProviderOf(name) : null;
  return float ? ROUTE_PROVIDER_LABELS[float] : 'The provider';
}

const record = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : undefined;
const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;

/**
 * The provider's own code and status, as it answered: VTpass `000 delivered`, `016`,
 * `016 failed`; Flutterwave's bill status (`failed`, `successful`). Null when the answer carried
 * none (a timeout, the two-answers rule's own verdict).
 */
export function answerCode(outcome: ProviderOutcome): string | null {
  const raw = record(outcome.raw);
  if (!raw) return null;
  const code = str(raw.code);
  if (code) {
    const tx = record(record(raw.content)?.transactions);
    const status = str(tx?.status) ?? str(record(raw.content)?.status);
    return (status ? `${code} ${status}` : code).slice(0, 40);
  }
  return str(record(raw.data)?.status)?.slice(0, 40) ?? null;
}

/** What the provider said, in its words, for a refusal: `000 delivered`, `016, TRANSACTION FAILED`. */
export function saidBy(outcome: ProviderOutcome): string {
  const raw = record(outcome.raw);
  const words = str(raw?.response_description) ?? str(raw?.message);
  const said = [answerCode(outcome), words].filter(Boolean).join(', ');
  return (said || outcome.message || outcome.status).slice(0, 160);
}

/**
 * What a definite answer says against a purchase's settled `status`, or null when it agrees
 * (or is not definite: still processing, a call that failed, one "no such request").
 */
export function contradiction(
  status: string,
  outcome: ProviderOutcome,
): { ours: DisputeOurs; says: DisputeAnswer } | null {
  if (outcome.callFailed) return null;
  if (outcome.status === 'successful' && (status === 'reversed' || status === 'failed')) {
    return { ours: status === 'reversed' ? 'refunded' : 'failed', says: 'delivered' };
  }
  if (outcome.status === 'failed' && status === 'successful') {
    return { ours: 'delivered', says: 'failed' };
  }
  return null;
}

/**
 * Records the answer as a dispute when it contradicts how the purchase now stands (read
 * afresh: the caller's own settling may have lost to another's). Once per purchase: a second
 * hearing, from anyone, keeps the first. Moves no money. Answers whether it is (now) disputed.
 */
export async function disputeIfContradicted(
  ctx: AppContext,
  id: string,
  outcome: ProviderOutcome,
  source: DisputeSource,
  now = Date.now(),
): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('transactions')
    .select(['status', 'provider'])
    .where('id', '=', id)
    .where('direction', '=', 'debit')
    .executeTakeFirst();
  const against = row ? contradiction(row.status, outcome) : null;
  if (!row || !against) return false;
  const inserted = await ctx.db
    .insertInto('purchase_disputes')
    .values({
      transaction_id: id,
      ours: against.ours,
      provider_says: against.says,
      provider_code: answerCode(outcome),
      provider_message: outcome.message?.slice(0, 500) ?? null,
      source,
      seen_at: now,
    })
    .onConflict((oc) => oc.column('transaction_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
    ctx.log.warn(
      { id, provider: row.provider, ours: against.ours, says: against.says, source },
      'the provider contradicts a settled purchase: recorded as a dispute for an owner',
    );
  }
  return true;
}

const disputes = (db: Db) =>
  db
    .selectFrom('purchase_disputes as d')
    .innerJoin('transactions as t', 't.id', 'd.transaction_id')
    .innerJoin('users as u', 'u.id', 't.user_id');

/** Open disputes oldest first (the longest wait first), resolved ones newest first. */
export async function listDisputes(
  ctx: AppContext,
  query: { page: number; limit: number; status: 'open' | 'resolved' },
) {
  const open = query.status === 'open';
  const base = disputes(ctx.db).where('d.resolved_at', open ? 'is' : 'is not', null);
  const total = await countRows(base);
  const rows = await base
    .selectAll('d')
    .select([
      'u.email',
      't.user_id',
      't.product',
      't.paid_amount',
      't.provider',
      't.transaction_phone',
      't.meter_number',
      't.smart_card_number',
      't.account_id',
    ])
    .orderBy(open ? 'd.seen_at' : 'd.resolved_at', open ? 'asc' : 'desc')
    .orderBy('d.transaction_id')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const items = rows.map((r): PurchaseDispute => ({
    transaction_id: r.transaction_id,
    user: r.email,
    user_id: r.user_id,
    product: r.product as PurchaseDispute['product'],
    destination: r.transaction_phone ?? r.meter_number ?? r.smart_card_number ?? r.account_id,
    amount: Number(r.paid_amount),
    provider: r.provider,
    ours: r.ours,
    provider_says: r.provider_says,
    provider_code: r.provider_code,
    provider_message: r.provider_message,
    source: r.source,
    seen_at: Number(r.seen_at),
    resolved_by: r.resolved_by_email,
    resolution: r.resolution,
    note: r.note,
    adjustment: r.adjustment,
    resolved_at: r.resolved_at === null ? null : Number(r.resolved_at),
  }));
  return paged(items, query, total);
}

/** The open disputes for `npm run reconcile` and the overview's report, oldest first. */
export async function openDisputes(db: Db, limit = 200): Promise<Reconciliation['open_disputes']> {
  const rows = await disputes(db)
    .select([
      'd.transaction_id',
      'd.ours',
      'd.provider_says',
      'd.provider_code',
      'd.seen_at',
      'u.email',
      't.product',
      't.paid_amount',
    ])
    .where('d.resolved_at', 'is', null)
    .orderBy('d.seen_at')
    .orderBy('d.transaction_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    transaction_id: r.transaction_id,
    user: r.email,
    product: r.product as Reconciliation['open_disputes'][number]['product'],
    amount: Number(r.paid_amount),
    ours: r.ours,
    provider_says: r.provider_says,
    provider_code: r.provider_code,
    seen_at: Number(r.seen_at),
  }));
}

/**
 * An owner resolves a dispute, once (guarded `resolved_at is null`), with a note: `kept` (what
 * we did stands), or `adjusted`, naming an approved wallet adjustment of the same customer that
 * corrected the money. Nothing moves here; the entry is audited with the resolution.
 */
export async function resolveDispute(
  ctx: AppContext,
  actor: Actor,
  body: Pick<ResolveDisputeInput, 'id' | 'resolution' | 'note' | 'adjustment'>,
  now = Date.now(),
): Promise<string> {
  const row = await disputes(ctx.db)
    .select([
      'd.transaction_id',
      'd.ours',
      'd.provider_says',
      'd.resolved_at',
      'u.email',
      't.user_id',
    ])
    .where('d.transaction_id', '=', body.id)
    .executeTakeFirst();
  if (!row) throw new ApiError('not_found', DISPUTE_MSG.notFound);
  if (row.resolved_at !== null) throw new ApiError('conflict', DISPUTE_MSG.alreadyResolved);
  const note = body.note.trim();
  if (!note) throw new ApiError('validation_error', DISPUTE_MSG.noteRequired);
  let adjustment: string | null = null;
  if (body.resolution === 'adjusted') {
    adjustment = body.adjustment?.trim() || null;
    if (!adjustment) throw new ApiError('validation_error', DISPUTE_MSG.adjustmentRequired);
    const made = await ctx.db
      .selectFrom('adjustments')
      .select('id')
      .where('reference', '=', adjustment)
      .where('user_id', '=', row.user_id)
      .where('status', '=', 'approved')
      .executeTakeFirst();
    if (!made) throw new ApiError('conflict', DISPUTE_MSG.adjustmentNotFound);
  }
  await ctx.dbh.writeTx(async (trx) => {
    const resolved = await trx
      .updateTable('purchase_disputes')
      .set({
        resolution: body.resolution,
        note,
        adjustment,
        resolved_by: actor.admin.id,
        resolved_by_email: actor.admin.email,
        resolved_at: now,
      })
      .where('transaction_id', '=', body.id)
      .where('resolved_at', 'is', null)
      .returning('transaction_id')
      .executeTakeFirst();
    if (!resolved) throw new ApiError('conflict', DISPUTE_MSG.alreadyResolved);
    await recordAudit(
      trx,
      actor,
      {
        action: 'purchase.dispute',
        targetType: 'transaction',
        targetId: body.id,
        targetLabel: row.email,
        before: { ours: row.ours, provider_says: row.provider_says, resolution: null },
        after: { resolution: body.resolution, adjustment, note },
      },
      now,
    );
  });
  ctx.log.info(
    { id: body.id, admin: actor.admin.id, resolution: body.resolution },
    'an owner resolved a disputed purchase',
  );
  return DISPUTE_MSG.resolved;
}
