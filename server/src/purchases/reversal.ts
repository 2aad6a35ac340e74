/**
 * Settling and reversing purchases (decisions §5; ADR 0008). `settle` applies a provider's
 * verdict to a pending purchase with a guarded `pending → successful | failed` UPDATE; a
 * failed purchase is reversed exactly once (guarded `failed → reversed` + a reversing
 * movement), automatically unless AUTO_REVERSE_FAILED=0, else by an admin.
 */
import { type Actor, recordAudit } from '../admin/audit.ts';
import { SERVER_MSG } from '@contract';
import type { Selectable, Updateable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import { sealedCodes } from '../platform/db/sealed-codes.ts';
import type { TransactionsTable } from '../platform/db/schema.ts';
import { postMovement, providerFloatAccountId, walletAccountId } from '../wallet/ledger.ts';
import { ApiError } from '../platform/http/errors.ts';
import type { ProviderOutcome } from '../providers/index.ts';
import { customerMail } from '../notifications/customer-mail.ts';
import { type Executor, instantOrRequest, refuseOwnWallet } from '../admin/four-eyes.ts';
import { earnCommission, reverseCommission } from '../growth/referrals.ts';
import { queueWebhook } from '../reseller/webhooks.ts';

export const autoReverse = (ctx: AppContext) => ctx.config.env.AUTO_REVERSE_FAILED !== '0';

/** The columns a failure writes on its purchase (`status` failed, or reversed when refunded now). */
export const failedColumns = (
  message: string | undefined,
  now: number,
  status: 'failed' | 'reversed' = 'failed',
): Updateable<TransactionsTable> => ({
  status,
  response_msg: message?.slice(0, 500) ?? null,
  next_requery_at: null,
  updated_at: now,
});

/** The columns a delivered answer writes on its purchase (the requery worker, an admin's requery). */
export const deliveredColumns = (
  outcome: ProviderOutcome,
  now: number,
): Updateable<TransactionsTable> => ({
  status: 'successful',
  token: outcome.token ?? null,
  units: outcome.units ?? null,
  exchange_reference: outcome.exchangeReference ?? null,
  purchased_code: outcome.purchasedCode ?? null,
  customer_name: outcome.customerName ?? null,
  response_msg: outcome.message?.slice(0, 500) ?? null,
  next_requery_at: null,
  updated_at: now,
});

/**
 * Applies a provider answer to a pending purchase (guarded: only `pending` rows move, so two
 * workers, or a worker and the request, cannot settle it twice). Delivered → the customer's
 * mail, queued by the one call whose guarded change moved the row (ADR 0047). Failed → auto
 * reversal.
 */
export async function settle(
  ctx: AppContext,
  id: string,
  outcome: ProviderOutcome,
  /**
   * The purchase itself knows it was made without an API key (`null`), so no webhook can be
   * due: a failure is then one guarded statement of its own, no transaction around it (ADR
   * 0029); a delivery needs one for its mail, still without the webhook lookup. Unknown (the
   * requery worker): the transaction with the webhook.
   */
  apiKeyId?: string | null,
  /**
   * The purchase's own call, past its answer budget: the customer was answered pending (ADR
   * 0075), so a delivery is news to them, as one the requery worker settles.
   */
  toldPending?: () => boolean,
): Promise<Selectable<TransactionsTable> | undefined> {
  const now = Date.now();
  if (outcome.status === 'pending') return;
  // The status change and its webhook (reseller purchases) commit together; the row as
  // settled is answered, so a purchase answers it without reading it again.
  const pending = (db: Db, columns: Updateable<TransactionsTable>) =>
    db
      .updateTable('transactions')
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .set(columns)
      .returningAll();
  const change = (columns: Updateable<TransactionsTable>) =>
    apiKeyId === null
      ? pending(ctx.db, columns).where('api_key_id', 'is', null).executeTakeFirst()
      : ctx.dbh.writeTx(async (trx) => {
          const row = await pending(trx, columns).executeTakeFirst();
          if (row) await queueWebhook(trx, id, String(columns.status));
          return row;
        });
  if (outcome.status === 'successful') {
    const delivered = await ctx.dbh.writeTx(async (trx) => {
      const q = pending(trx, deliveredColumns(outcome, now));
      const row = await (
        apiKeyId === null ? q.where('api_key_id', 'is', null) : q
      ).executeTakeFirst();
      if (!row) return row;
      if (apiKeyId !== null) await queueWebhook(trx, id, 'successful');
      // The purchase flow's own call (an API key or none) answers the customer now; any other
      // (the requery worker, a callback) settles one they were told was pending.
      const afterPending = apiKeyId === undefined || (toldPending?.() ?? false);
      await customerMail(trx, row.user_id, { kind: 'purchased', purchase: row, afterPending }, now);
      // The referrer's commission moves with the change that settled it: once (ADR 0056).
      await earnCommission(trx, row, now);
      return row;
    });
    // Counted once the change is committed, by the one call that moved the row (ADR 0049).
    if (delivered) ctx.metrics.purchase(delivered.product, delivered.provider, 'successful');
    return delivered;
  }
  const failed = await change(failedColumns(outcome.message, now));
  if (failed) ctx.metrics.purchase(failed.product, failed.provider, 'failed');
  if (failed && autoReverse(ctx)) {
    await reverseIfStillFailed(ctx, id);
  }
}

/**
 * The provider took back a purchase it had delivered (a VTpass reversal after delivery, ADR
 * 0038): `successful → failed` (guarded, so a replayed report changes nothing), then the
 * usual reversal refunds the customer once. Only call it with the provider's own verdict (a
 * requery), never on an unsigned report. Answers whether this call moved it.
 */
export async function failDelivered(
  ctx: AppContext,
  id: string,
  outcome: ProviderOutcome,
): Promise<boolean> {
  if (outcome.status !== 'failed') return false;
  const now = Date.now();
  const row = await ctx.dbh.writeTx(async (trx) => {
    const changed = await trx
      .updateTable('transactions')
      .set(failedColumns(outcome.message, now))
      .where('id', '=', id)
      .where('status', '=', 'successful')
      .where('direction', '=', 'debit')
      .returning('id')
      .executeTakeFirst();
    if (changed) await queueWebhook(trx, id, 'failed');
    return changed;
  });
  if (!row) return false;
  if (autoReverse(ctx)) {
    await reverseIfStillFailed(ctx, id);
  }
  return true;
}

/** The automatic reversal after a failure: one already made (or in the way) is not an error. */
const reverseIfStillFailed = (ctx: AppContext, id: string) =>
  reverse(ctx, id).catch((err: unknown) => {
    if (!(err instanceof ApiError)) throw err;
  });

/**
 * `failed → reversed`, exactly once: the guarded UPDATE and the reversing movement commit
 * together. A coupon redemption returns the money to coupon liability and the code is valid
 * again; a wallet purchase refunds the wallet.
 *
 * Asked by an admin (`actor`), the four-eyes rules apply first (ADR 0070): never their own
 * purchase, and at once only under the threshold and within the day's instant totals; else the
 * reversal waits for a second admin and the purchase stays failed meanwhile.
 */
export async function reverse(
  ctx: AppContext,
  id: string,
  userId?: string,
  /** The admin who asked (the audit entry commits with the reversal); none for the worker. */
  actor?: Actor,
): Promise<string> {
  return ctx.dbh.writeTx(async (trx) => {
    const now = Date.now();
    if (actor) {
      let q = trx
        .selectFrom('transactions')
        .select(['id', 'user_id', 'status', 'paid_account', 'paid_amount', 'product'])
        .where('id', '=', id)
        // Locked (PostgreSQL): an instant reversal and a request for it are decided in turn.
        .$if(ctx.dbh.engine === 'postgres', (q) => q.forUpdate());
      if (userId) q = q.where('user_id', '=', userId);
      const row = await q.executeTakeFirst();
      if (!row) throw new ApiError('not_found', SERVER_MSG.transactionNotFound);
      if (row.status !== 'failed' || row.paid_account === null) {
        throw new ApiError('conflict', SERVER_MSG.notReversible);
      }
      refuseOwnWallet(actor, row.user_id);
      const waits = await instantOrRequest(
        ctx,
        trx,
        actor,
        {
          kind: 'transaction.reverse',
          targetId: row.id,
          userId: row.user_id,
          amount: Number(row.paid_amount),
          payload: {},
          summary: `Reverse the failed ${row.product} purchase ${row.id}`,
        },
        now,
      );
      if (waits !== null) return waits;
    }
    await reverseWithin(trx, id, userId, actor, now);
    return SERVER_MSG.reversed;
  });
}

/** An approved reversal: refunded now, with the approver's audit entry. */
export const reverseApproved: Executor = async (_ctx, trx, approval, checker, now) => {
  await reverseWithin(trx, approval.target_id, undefined, checker, now);
};

/** The guarded `failed → reversed` and its refund, in the caller's transaction. */
async function reverseWithin(
  trx: Db,
  id: string,
  userId: string | undefined,
  actor: Actor | undefined,
  now: number,
): Promise<void> {
  let q = trx
    .updateTable('transactions')
    .set({ status: 'reversed', updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .where('paid_account', 'is not', null);
  if (userId) q = q.where('user_id', '=', userId);
  const row = await q.returningAll().executeTakeFirst();
  if (!row) {
    let exists = trx.selectFrom('transactions').select('id').where('id', '=', id);
    if (userId) exists = exists.where('user_id', '=', userId);
    if (!(await exists.executeTakeFirst())) {
      throw new ApiError('not_found', SERVER_MSG.transactionNotFound);
    }
    throw new ApiError('conflict', SERVER_MSG.notReversible);
  }
  const amount = await refundWithin(trx, row, now);
  if (actor) {
    const owner = await trx
      .selectFrom('users')
      .select('email')
      .where('id', '=', row.user_id)
      .executeTakeFirst();
    await recordAudit(
      trx,
      actor,
      {
        action: 'transaction.reverse',
        targetType: 'transaction',
        targetId: id,
        targetLabel: owner?.email ?? null,
        before: { status: 'failed' },
        after: { status: 'reversed', refunded_kobo: amount },
      },
      now,
    );
  }
}

/**
 * The refund of a purchase whose row the caller has just moved to `reversed` (guarded), in
 * the caller's transaction: the reversing movement back to the account that paid, a coupon
 * valid again, the webhook, the customer's mail (ADR 0047). Shared by `reverse` and the admin's
 * fail and refund of a pending purchase (ADR 0041), so a refund is written one way. Answers
 * the kobo refunded.
 */
export async function refundWithin(
  trx: Db,
  row: Selectable<TransactionsTable>,
  now: number,
): Promise<number> {
  const amount = Number(row.paid_amount);
  const wallet = walletAccountId(row.user_id);
  let balance: number | null = null;
  // A delivered purchase the provider took back had paid its referrer: taken back first.
  await reverseCommission(trx, row, now);
  if (amount > 0) {
    const { entries } = await postMovement(trx, {
      kind: 'reversal',
      memo: row.id,
      legs: [
        { accountId: providerFloatAccountId(row.id), amount: -amount },
        { accountId: row.paid_account as string, amount },
      ],
      now,
    });
    balance = entries.get(wallet)?.balanceAfter ?? null;
  }
  if (row.coupon_code) {
    // The row was read opened: the coupon is found by its code's hash (ADR 0071).
    await trx
      .updateTable('coupons')
      .set({ is_valid: 1, redeemed_by: null, redeemed_at: null })
      .where('code', '=', sealedCodes(trx).hash(row.coupon_code))
      .execute();
  }
  await queueWebhook(trx, row.id, 'reversed');
  // A coupon's redemption goes back to the coupon, not the wallet: no balance to tell.
  if (balance !== null || row.coupon_code) {
    await customerMail(trx, row.user_id, { kind: 'refunded', purchase: row, amount, balance }, now);
  }
  return amount;
}
