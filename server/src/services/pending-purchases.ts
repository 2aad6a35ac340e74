/**
 * Purchases pending past the alert age, for an admin (issue 23 item 4; ADR 0041): the list,
 * and three ways to settle one: requery now, fail and refund, mark delivered. Each moves the
 * row with a guarded `WHERE status = 'pending'` UPDATE in one transaction with its ledger
 * movement, its webhook and its audit entry, so two admins, a double click or the requery
 * worker settling it at the same moment settle it once: the loser changes nothing and is
 * told so (409). Only purchases in the list (past PENDING_ALERT_HOURS) may be acted on: a
 * younger one is still the worker's, and failing it could refund something the provider then
 * delivers.
 */
import {
  PENDING_MSG,
  SERVER_MSG,
  type MarkDeliveredInput,
  type PendingGoods,
  type PendingPurchase,
} from '@contract';
import type { Selectable, Updateable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import type { TransactionsTable } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import type { ProviderOutcome } from '../providers/index.ts';
import { type Actor, recordAudit } from './audit.ts';
import { customerMail } from './customer-mail.ts';
import { countRows, paged } from './paging.ts';
import { earnCommission } from './referrals.ts';
import { pendingAlertMs } from './requery.ts';
import { autoReverse, deliveredColumns, failedColumns, refundWithin } from './reversal.ts';
import { queueWebhook } from './webhooks.ts';

type TxRow = Selectable<TransactionsTable>;

/** A prepaid meter's token and exam pins are what the customer uses; the rest is a service. */
function goodsOf(row: Pick<TxRow, 'product' | 'plan_id'>): PendingGoods {
  if (row.product === 'Electricity') return row.plan_id === 'prepaid' ? 'token' : 'none';
  return row.product === 'Education' ? 'pins' : 'none';
}

const stale = (db: Db, cutoff: number) =>
  db
    .selectFrom('transactions')
    .innerJoin('users', 'users.id', 'transactions.user_id')
    .where('transactions.status', '=', 'pending')
    .where('transactions.direction', '=', 'debit')
    .where('transactions.created_at', '<=', cutoff);

/** Oldest first: the longest wait is the first to look at. */
export async function listPending(
  ctx: AppContext,
  query: { page: number; limit: number },
  now = Date.now(),
) {
  const alertMs = pendingAlertMs(ctx.config.env);
  const base = stale(ctx.db, now - alertMs);
  const total = await countRows(base);
  const rows = await base
    .selectAll('transactions')
    .select('users.email')
    .orderBy('transactions.created_at')
    .orderBy('transactions.id')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const items = rows.map((r): PendingPurchase => ({
    transaction_id: r.id,
    user: r.email,
    user_id: r.user_id,
    product: r.product as PendingPurchase['product'],
    service_id: r.service_id,
    plan: r.plan,
    destination: r.transaction_phone ?? r.meter_number ?? r.smart_card_number ?? r.account_id,
    value: Number(r.value),
    amount: Number(r.paid_amount),
    provider: r.provider,
    created_at: Number(r.created_at),
    requery_attempts: Number(r.requery_attempts),
    flagged: r.flagged_at !== null,
    goods: goodsOf(r),
  }));
  return { ...paged(items, query, total), alert_hours: alertMs / 3_600_000 };
}

/** The purchase an action names, refused unless it is in the list (404, 409). */
async function actionable(ctx: AppContext, id: string, now: number) {
  const row = await ctx.db
    .selectFrom('transactions')
    .innerJoin('users', 'users.id', 'transactions.user_id')
    .selectAll('transactions')
    .select('users.email')
    .where('transactions.id', '=', id)
    .where('transactions.direction', '=', 'debit')
    .executeTakeFirst();
  if (!row) throw new ApiError('not_found', SERVER_MSG.transactionNotFound);
  if (row.status !== 'pending') throw new ApiError('conflict', PENDING_MSG.notPending);
  if (Number(row.created_at) > now - pendingAlertMs(ctx.config.env)) {
    throw new ApiError('conflict', PENDING_MSG.tooRecent);
  }
  return row;
}

/** pending → `columns`, guarded; answers the row as moved, or refuses: someone settled it first. */
async function movePending(trx: Db, id: string, columns: Updateable<TransactionsTable>) {
  const row = await trx
    .updateTable('transactions')
    .set(columns)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new ApiError('conflict', PENDING_MSG.notPending);
  return row;
}

/**
 * pending → failed, refunded in the same transaction unless AUTO_REVERSE_FAILED=0 (then the
 * row stays failed for the Transactions screen's Reverse, as the worker leaves it).
 */
async function failWithin(trx: Db, id: string, message: string, now: number, refund: boolean) {
  const row = await movePending(
    trx,
    id,
    failedColumns(message, now, refund ? 'reversed' : 'failed'),
  );
  await queueWebhook(trx, id, 'failed');
  const refunded = refund ? await refundWithin(trx, row, now) : 0;
  return { row, refunded };
}

/**
 * Asks the provider that sold it, now, and applies a definite answer as the worker would. A
 * "still pending", or "no such request" (the worker's two-answers rule fails it in its own
 * time; an admin who has waited this long may fail it), changes nothing and is not audited;
 * a call that failed is a 502.
 */
export async function requeryPending(
  ctx: AppContext,
  actor: Actor,
  id: string,
  now = Date.now(),
): Promise<string> {
  const row = await actionable(ctx, id, now);
  const provider = row.provider ? ctx.providers.byName(row.provider) : undefined;
  if (!provider || !row.provider_request_id) {
    throw new ApiError('provider_error', SERVER_MSG.providerUnavailable);
  }
  let outcome: ProviderOutcome;
  try {
    outcome = await provider.requery(row.provider_request_id);
  } catch (err) {
    outcome = { status: 'pending', message: (err as Error).message, callFailed: true };
  }
  const facts = { id, provider: row.provider, admin: actor.admin.id };
  if (outcome.callFailed) {
    ctx.log.warn({ ...facts, answer: outcome.message }, 'admin requery: the call failed');
    throw new ApiError('provider_error', SERVER_MSG.providerUnavailable);
  }
  if (outcome.unknownRequest) return PENDING_MSG.unknownAtProvider;
  if (outcome.status === 'pending') return PENDING_MSG.stillPending;

  const refund = autoReverse(ctx);
  const answer = await ctx.dbh.writeTx(async (trx) => {
    let after: Record<string, string | number>;
    if (outcome.status === 'successful') {
      const delivered = await movePending(trx, id, deliveredColumns(outcome, now));
      await queueWebhook(trx, id, 'successful');
      await customerMail(trx, delivered.user_id, { kind: 'purchased', purchase: delivered, afterPending: true }, now);
      await earnCommission(trx, delivered, now);
      after = { status: 'successful' };
    } else {
      const failed = await failWithin(trx, id, outcome.message ?? '', now, refund);
      after = { status: failed.row.status, refunded_kobo: failed.refunded };
    }
    await recordAudit(
      trx,
      actor,
      {
        action: 'purchase.requery',
        targetType: 'transaction',
        targetId: id,
        targetLabel: row.email,
        before: { status: 'pending' },
        after,
      },
      now,
    );
    if (outcome.status === 'successful') return PENDING_MSG.requeryDelivered;
    return refund ? PENDING_MSG.requeryFailed : PENDING_MSG.requeryFailedKept;
  });
  ctx.log.info({ ...facts, status: outcome.status }, 'admin requery settled a pending purchase');
  return answer;
}

/** Fails it and refunds the payer once, whatever AUTO_REVERSE_FAILED says: the admin asked. */
export async function failPending(
  ctx: AppContext,
  actor: Actor,
  id: string,
  now = Date.now(),
): Promise<string> {
  const row = await actionable(ctx, id, now);
  await ctx.dbh.writeTx(async (trx) => {
    const { refunded } = await failWithin(trx, id, 'Failed by an admin.', now, true);
    await recordAudit(
      trx,
      actor,
      {
        action: 'purchase.fail',
        targetType: 'transaction',
        targetId: id,
        targetLabel: row.email,
        before: { status: 'pending' },
        after: { status: 'reversed', refunded_kobo: refunded },
      },
      now,
    );
  });
  ctx.log.info({ id, admin: actor.admin.id }, 'admin failed and refunded a pending purchase');
  return PENDING_MSG.failedRefunded;
}

/**
 * Marks it delivered with what the provider gave: a prepaid token in `token`, pins (or any
 * other code) in `purchased_code`, where a delivered purchase keeps them. The code is never
 * logged nor audited (the entry says only that one was given).
 */
export async function deliverPending(
  ctx: AppContext,
  actor: Actor,
  body: Pick<MarkDeliveredInput, 'id' | 'code'>,
  now = Date.now(),
): Promise<string> {
  const row = await actionable(ctx, body.id, now);
  const goods = goodsOf(row);
  const code = body.code?.trim() || null;
  if (goods !== 'none' && !code) throw new ApiError('validation_error', PENDING_MSG.codeRequired);
  await ctx.dbh.writeTx(async (trx) => {
    const delivered = await movePending(trx, body.id, {
      status: 'successful',
      ...(goods === 'token' ? { token: code } : { purchased_code: code }),
      response_msg: 'Marked delivered by an admin.',
      next_requery_at: null,
      updated_at: now,
    });
    await queueWebhook(trx, body.id, 'successful');
    await customerMail(trx, delivered.user_id, { kind: 'purchased', purchase: delivered, afterPending: true }, now);
    await earnCommission(trx, delivered, now);
    await recordAudit(
      trx,
      actor,
      {
        action: 'purchase.deliver',
        targetType: 'transaction',
        targetId: body.id,
        targetLabel: row.email,
        before: { status: 'pending' },
        after: { status: 'successful', code_given: code !== null },
      },
      now,
    );
  });
  ctx.log.info({ id: body.id, admin: actor.admin.id }, 'admin marked a pending purchase delivered');
  return PENDING_MSG.markedDelivered;
}
