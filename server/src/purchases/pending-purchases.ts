/**
 * Purchases pending past the alert age, for an admin (ADR 0041): the list,
 * and three ways to settle one: requery now, fail and refund, mark delivered. Each moves the
 * row with a guarded `WHERE status = 'pending'` UPDATE in one transaction with its ledger
 * movement, its webhook and its audit entry, so two admins, a double click or the requery
 * worker settling it at the same moment settle it once: the loser changes nothing and is
 * told so (409). Only purchases in the list (past PENDING_ALERT_HOURS) may be acted on: a
 * younger one is still the worker's, and failing it could refund something the provider then
 * delivers.
 *
 * Fail and refund and mark delivered ask the provider first, through the worker's adapter path
 * (ADR 0073): a refund needs the provider's "failed" or "no such request" (decisions §5: a
 * pending purchase is never refunded until the provider says it failed), and marking delivered
 * is refused when the provider says failed or has no record. A definite answer that finds the
 * purchase settled the other way meanwhile is recorded as a dispute for an owner.
 */
import {
  PENDING_MSG,
  SERVER_MSG,
  type MarkDeliveredInput,
  type PendingGoods,
  type PendingPurchase,
} from '@contract';
import { sql, type Selectable, type Updateable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import type { TransactionsTable } from '../platform/db/schema.ts';
import { ApiError } from '../platform/http/errors.ts';
import type { ProviderOutcome } from '../providers/index.ts';
import { type Actor, recordAudit } from '../admin/audit.ts';
import { customerMail } from '../notifications/customer-mail.ts';
import { disputeIfContradicted, providerLabel, saidBy } from './disputes.ts';
import { refuseOwnWallet } from '../admin/four-eyes.ts';
import { countRows, paged } from '../platform/paging.ts';
import { earnCommission } from '../growth/referrals.ts';
import { askProvider, pendingAlertMs } from './requery.ts';
import { autoReverse, deliveredColumns, failedColumns, refundWithin } from './reversal.ts';
import { queueWebhook } from '../reseller/webhooks.ts';

type TxRow = Selectable<TransactionsTable>;

/** A prepaid meter's token and exam pins are what the customer uses; the rest is a service. */
function goodsOf(row: Pick<TxRow, 'product' | 'plan_id'>): PendingGoods {
  if (row.product === 'Electricity') return row.plan_id === 'prepaid' ? 'token' : 'none';
  return row.product === 'Education' ? 'pins' : 'none';
}

const pendingNow = (db: Db) =>
  db
    .selectFrom('transactions')
    .innerJoin('users', 'users.id', 'transactions.user_id')
    .where('transactions.status', '=', 'pending')
    .where('transactions.direction', '=', 'debit')
    // A withdrawal is settled by its own service and admin page (ADR 0084), never from here.
    .where('transactions.product', '<>', 'Withdrawal');

/**
 * Every purchase pending now, overdue first, then oldest first: the longest wait is the first
 * to look at. The alert age is the alert (`overdue`), not a filter: an admin answering a
 * customer sees a purchase pending an hour too (ADR 0078); only overdue ones may be settled
 * (`actionable`). A purchase the 24-hour decision marked overdue (ADR 0082) is overdue
 * whatever PENDING_ALERT_HOURS says.
 */
export async function listPending(
  ctx: AppContext,
  query: { page: number; limit: number },
  now = Date.now(),
) {
  const alertMs = pendingAlertMs(ctx.config.env);
  const cutoff = now - alertMs;
  const base = pendingNow(ctx.db);
  const total = await countRows(base);
  const rows = await base
    .selectAll('transactions')
    .select('users.email')
    .orderBy(sql`case when transactions.overdue_at is null then 1 else 0 end`)
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
    overdue: r.overdue_at !== null || Number(r.created_at) <= cutoff,
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
    .where('transactions.product', '<>', 'Withdrawal')
    .executeTakeFirst();
  if (!row) throw new ApiError('not_found', SERVER_MSG.transactionNotFound);
  if (row.status !== 'pending') throw new ApiError('conflict', PENDING_MSG.notPending);
  if (row.overdue_at === null && Number(row.created_at) > now - pendingAlertMs(ctx.config.env)) {
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
 * Runs an action's transaction; when it finds the purchase settled meanwhile (409) and the
 * provider's answer it acted on contradicts how it was settled, that answer is kept as a
 * dispute (ADR 0073) and the refusal says so. Either way the action moved nothing.
 */
async function settleOrDispute<T>(
  ctx: AppContext,
  id: string,
  outcome: ProviderOutcome,
  action: () => Promise<T>,
): Promise<T> {
  try {
    return await action();
  } catch (err) {
    if (!(err instanceof ApiError) || err.msg !== PENDING_MSG.notPending) throw err;
    if (await disputeIfContradicted(ctx, id, outcome, 'admin')) {
      throw new ApiError('conflict', PENDING_MSG.settledDisputed);
    }
    throw err;
  }
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
  const outcome = await askProvider(ctx, row, 'admin');
  const facts = { id, provider: row.provider, admin: actor.admin.id };
  if (outcome.callFailed) {
    ctx.log.warn({ ...facts, answer: outcome.message }, 'admin requery: the call failed');
    throw new ApiError('provider_error', SERVER_MSG.providerUnavailable);
  }
  if (outcome.unknownRequest) return PENDING_MSG.unknownAtProvider;
  if (outcome.status === 'pending') return PENDING_MSG.stillPending;

  const refund = autoReverse(ctx);
  const settle = () =>
    ctx.dbh.writeTx(async (trx) => {
      let after: Record<string, string | number>;
      if (outcome.status === 'successful') {
        const delivered = await movePending(trx, id, deliveredColumns(outcome, now));
        await queueWebhook(trx, id, 'successful');
        await customerMail(
          trx,
          delivered.user_id,
          { kind: 'purchased', purchase: delivered, afterPending: true },
          now,
        );
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
  const answer = await settleOrDispute(ctx, id, outcome, settle);
  ctx.log.info({ ...facts, status: outcome.status }, 'admin requery settled a pending purchase');
  return answer;
}

/**
 * Fails it and refunds the payer once, whatever AUTO_REVERSE_FAILED says: the admin asked. The
 * provider is asked first: only its "failed", or its "no such request" (a day after the
 * purchase call ended, it was never made), lets the refund go; delivered, still processing or
 * no answer refuses it with what it said, and nothing is written.
 */
export async function failPending(
  ctx: AppContext,
  actor: Actor,
  id: string,
  now = Date.now(),
): Promise<string> {
  const row = await actionable(ctx, id, now);
  // The provider's own answer is the second check of a refund here (ADR 0070); an admin's own
  // purchase is refunded only by another admin.
  refuseOwnWallet(actor, row.user_id);
  const outcome = await askProvider(ctx, row, 'admin');
  const provider = providerLabel(row.provider);
  if (outcome.callFailed) {
    ctx.log.warn(
      { id, provider: row.provider, answer: outcome.message },
      'fail and refund: the provider could not be asked',
    );
    throw new ApiError('provider_error', PENDING_MSG.failUnreachable(provider));
  }
  if (outcome.status === 'successful') {
    throw new ApiError('conflict', PENDING_MSG.failButDelivered(provider, saidBy(outcome)));
  }
  if (outcome.status === 'pending' && !outcome.unknownRequest) {
    throw new ApiError('conflict', PENDING_MSG.failButProcessing(provider, saidBy(outcome)));
  }
  const said = outcome.status === 'failed' ? 'failed' : 'no record';
  await settleOrDispute(ctx, id, outcome, () =>
    ctx.dbh.writeTx(async (trx) => {
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
          after: { status: 'reversed', refunded_kobo: refunded, provider_said: said },
        },
        now,
      );
    }),
  );
  ctx.log.info({ id, admin: actor.admin.id }, 'admin failed and refunded a pending purchase');
  return PENDING_MSG.failedRefunded;
}

/**
 * Marks it delivered with what the provider gave: a prepaid token in `token`, pins (or any
 * other code) in `purchased_code`, where a delivered purchase keeps them. The code is never
 * logged nor audited (the entry says only that one was given). The provider is asked first:
 * its "failed" or "no such request" refuses it; delivered, still processing or no answer (the
 * admin has the provider's token or reference) lets it go, and the entry says which it was.
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
  const outcome = await askProvider(ctx, row, 'admin');
  const provider = providerLabel(row.provider);
  if (!outcome.callFailed && outcome.status === 'failed') {
    throw new ApiError('conflict', PENDING_MSG.deliverButFailed(provider, saidBy(outcome)));
  }
  if (!outcome.callFailed && outcome.unknownRequest) {
    throw new ApiError('conflict', PENDING_MSG.deliverButUnknown(provider));
  }
  const said = outcome.callFailed
    ? 'unreachable'
    : outcome.status === 'successful'
      ? 'delivered'
      : 'processing';
  await settleOrDispute(ctx, body.id, outcome, () =>
    ctx.dbh.writeTx(async (trx) => {
      const delivered = await movePending(trx, body.id, {
        status: 'successful',
        ...(goods === 'token' ? { token: code } : { purchased_code: code }),
        response_msg: 'Marked delivered by an admin.',
        next_requery_at: null,
        updated_at: now,
      });
      await queueWebhook(trx, body.id, 'successful');
      await customerMail(
        trx,
        delivered.user_id,
        { kind: 'purchased', purchase: delivered, afterPending: true },
        now,
      );
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
          after: { status: 'successful', code_given: code !== null, provider_said: said },
        },
        now,
      );
    }),
  );
  ctx.log.info({ id: body.id, admin: actor.admin.id }, 'admin marked a pending purchase delivered');
  return PENDING_MSG.markedDelivered;
}
