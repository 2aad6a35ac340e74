/**
 * Withdrawals: a customer sends wallet money to a Nigerian bank account through Flutterwave
 * Transfers v3, with nothing lost (ADR 0084).
 *
 * - The whole debit (amount + fee + stamp duty) is committed, with the withdrawal `pending`,
 *   before the provider is called: a `purchase`-kind movement from the wallet (so the level's
 *   daily spending limit counts it, in the ledger's own conditional UPDATE) to the provider
 *   float and stamp duty payable, and a `transactions` row (product `Withdrawal`) with the same
 *   id, whose statement line the triggers keep. The request's `X-Request-Id` is bound to it in
 *   that transaction, so a retry answers this withdrawal and never sends a second one.
 * - The provider reference is our id: Flutterwave never pays one reference twice.
 * - SUCCESSFUL settles; FAILED refunds the whole debit (a `reversal` movement, memo = the id,
 *   as a purchase's refund); anything else stays pending and the requery worker asks by id, or
 *   by reference when no id is known. A crash between the debit and the call leaves a pending
 *   withdrawal never sent: the worker finds no transfer under its reference and sends it then.
 * - Every settlement is one guarded UPDATE (`where status = 'pending'`) in the transaction that
 *   moves the money: a webhook and a requery racing settle it once.
 * - The `transfer.completed` webhook proves nothing: the transfer is asked for by id first.
 * - Above the owner-set review amount a withdrawal waits, debited, for a finance admin who is
 *   not its customer; a rejection refunds at once with the reason.
 */
import { randomUUID } from 'node:crypto';
import {
  api,
  DEFAULT_NEW_BENEFICIARY_CAP_KOBO,
  DEFAULT_WITHDRAWAL_FEE,
  DEFAULT_WITHDRAWAL_APPROVER_DAILY_KOBO,
  DEFAULT_WITHDRAWAL_REVIEW_ABOVE_KOBO,
  dailyLimitMessage,
  newBeneficiaryMessage,
  reviewReasonMessage,
  SERVER_MSG,
  singleLimitMessage,
  WITHDRAWAL_MSG,
  WITHDRAWAL_SINGLE_LIMIT_KOBO,
  withdrawalCost,
  type Kobo,
  type WithdrawalSettings,
  type WithdrawalStatus,
} from '@contract';
import { sql, type Selectable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import type { WithdrawalsTable } from '../platform/db/schema.ts';
import {
  InsufficientFunds,
  postMovement,
  SpendingLimitReached,
  walletAccountId,
} from '../wallet/ledger.ts';
import { ApiError } from '../platform/http/errors.ts';
import { bindIdempotencyKey, currentRequestId } from '../platform/http/idempotency.ts';
import { ProviderError, type PayoutAnswer } from '../providers/index.ts';
import { recordAudit, type Actor } from '../admin/audit.ts';
import { customerMail } from '../notifications/customer-mail.ts';
import { withdrawalDebitLegs, withdrawalRefundLegs } from './withdrawal-ledger.ts';
import { countRows, paged } from '../platform/paging.ts';
import type { UserRow } from '../accounts/users.ts';
import { checkPin, requireVerified } from '../wallet/wallet.ts';
import { approverMayApprove, reviewReasonFor } from './withdrawal-review.ts';
import { startWorker } from '../platform/worker.ts';
import { currentApiKey, currentApiKeyId } from '../reseller/api-keys.ts';
import { checkKeyPin } from '../reseller/key-pins.ts';
import { queueWebhook } from '../reseller/webhooks.ts';

type Row = Selectable<WithdrawalsTable>;

const DAY_MS = 24 * 60 * 60_000;
/** A withdrawal debited but not yet sent is asked about after this (a crash's recovery). */
const SEND_GRACE_MS = 60_000;
/** The first requery of a pending one, then doubling up to an hour. */
const FIRST_REQUERY_MS = 30_000;
const MAX_REQUERY_MS = 60 * 60_000;
/** A transfer not found under our reference is sent again only this long after a send. */
const RESEND_AFTER_MS = 5 * 60_000;
const BANKS_TTL_MS = 60 * 60_000;

const clockOf = (ctx: AppContext) => ctx.config.clock ?? Date.now;

// ── Settings (kill switch, thresholds, fee table) ─────────────────────────────────────────

const SETTINGS_NS = 'withdrawals';

export const DEFAULT_WITHDRAWAL_SETTINGS: WithdrawalSettings = {
  enabled: true,
  paused_message: WITHDRAWAL_MSG.paused,
  review_above: DEFAULT_WITHDRAWAL_REVIEW_ABOVE_KOBO,
  new_beneficiary_cap: DEFAULT_NEW_BENEFICIARY_CAP_KOBO,
  approver_daily: DEFAULT_WITHDRAWAL_APPROVER_DAILY_KOBO,
  fee: DEFAULT_WITHDRAWAL_FEE,
};

export async function withdrawalSettings(db: Db): Promise<WithdrawalSettings> {
  const row = await db
    .selectFrom('kv_store')
    .select('value')
    .where('namespace', '=', SETTINGS_NS)
    .where('key', '=', 'settings')
    .executeTakeFirst();
  if (!row) return DEFAULT_WITHDRAWAL_SETTINGS;
  return {
    ...DEFAULT_WITHDRAWAL_SETTINGS,
    ...(JSON.parse(row.value) as Partial<WithdrawalSettings>),
  };
}

export async function setWithdrawalSettings(
  ctx: AppContext,
  actor: Actor,
  body: WithdrawalSettings,
): Promise<WithdrawalSettings> {
  const bands = body.fee.bands;
  if (
    body.fee.kind === 'bands' &&
    (bands.length === 0 ||
      bands.at(-1)!.up_to !== null ||
      bands
        .slice(0, -1)
        .some((b, i) => b.up_to === null || (i > 0 && b.up_to <= bands[i - 1]!.up_to!)) ||
      bands.some((b) => b.fee < 0))
  ) {
    throw new ApiError('validation_error', WITHDRAWAL_MSG.feeInvalid);
  }
  if (
    body.fee.flat < 0 ||
    body.review_above < 0 ||
    body.new_beneficiary_cap < 0 ||
    body.approver_daily < 0
  ) {
    throw new ApiError('validation_error', WITHDRAWAL_MSG.thresholdInvalid);
  }
  const next: WithdrawalSettings = {
    ...body,
    paused_message: body.paused_message.trim() || WITHDRAWAL_MSG.paused,
  };
  await ctx.dbh.writeTx(async (trx) => {
    const before = await withdrawalSettings(trx);
    const text = JSON.stringify(next);
    await trx
      .insertInto('kv_store')
      .values({ namespace: SETTINGS_NS, key: 'settings', value: text })
      .onConflict((oc) => oc.columns(['namespace', 'key']).doUpdateSet({ value: text }))
      .execute();
    await recordAudit(trx, actor, {
      action: 'withdrawal.settings',
      targetType: 'withdrawal',
      targetId: 'settings',
      targetLabel: 'Withdrawal settings',
      before: {
        enabled: before.enabled,
        review_above_kobo: before.review_above,
        new_beneficiary_cap_kobo: before.new_beneficiary_cap,
        approver_daily_kobo: before.approver_daily,
        fee: JSON.stringify(before.fee),
      },
      after: {
        enabled: next.enabled,
        review_above_kobo: next.review_above,
        new_beneficiary_cap_kobo: next.new_beneficiary_cap,
        approver_daily_kobo: next.approver_daily,
        fee: JSON.stringify(next.fee),
      },
    });
  });
  return next;
}

export async function withdrawalState(ctx: AppContext) {
  const s = await withdrawalSettings(ctx.db);
  return { enabled: s.enabled, message: s.enabled ? null : s.paused_message };
}

// ── Banks, resolution, quote ──────────────────────────────────────────────────────────────

const bankCache = new WeakMap<object, { at: number; banks: { code: string; name: string }[] }>();

export async function banks(ctx: AppContext): Promise<{ code: string; name: string }[]> {
  const provider = ctx.providers.payout;
  const now = clockOf(ctx)();
  const cached = bankCache.get(provider);
  if (cached && now - cached.at < BANKS_TTL_MS) return cached.banks;
  try {
    const list = [...(await provider.banks())].sort((a, b) => a.name.localeCompare(b.name));
    bankCache.set(provider, { at: now, banks: list });
    return list;
  } catch (err) {
    if (cached) return cached.banks;
    if (err instanceof ProviderError)
      throw new ApiError('provider_error', WITHDRAWAL_MSG.resolveUnavailable);
    throw err;
  }
}

async function bankOf(ctx: AppContext, code: string) {
  const bank = (await banks(ctx)).find((b) => b.code === code);
  if (!bank) throw new ApiError('validation_error', WITHDRAWAL_MSG.bankUnknown);
  return bank;
}

export async function resolveAccount(
  ctx: AppContext,
  body: { bank_code: string; account_number: string },
): Promise<{ account_name: string }> {
  await bankOf(ctx, body.bank_code);
  let name: string | null;
  try {
    name = await ctx.providers.payout.resolveAccount(body.bank_code, body.account_number);
  } catch (err) {
    if (err instanceof ProviderError)
      throw new ApiError('provider_error', WITHDRAWAL_MSG.resolveUnavailable);
    throw err;
  }
  if (!name) throw new ApiError('validation_error', WITHDRAWAL_MSG.accountNotFound);
  return { account_name: name };
}

export async function quote(ctx: AppContext, amountNaira: number) {
  if (!Number.isFinite(amountNaira) || amountNaira < 0 || Math.round(amountNaira * 100) > 1e12) {
    throw new ApiError('validation_error', WITHDRAWAL_MSG.amountInvalid);
  }
  const amount = Math.round(amountNaira * 100);
  const { fee } = await withdrawalSettings(ctx.db);
  return withdrawalCost(amount, fee);
}

// ── Sending ───────────────────────────────────────────────────────────────────────────────

export interface WithdrawalAnswer {
  id: string;
  status: WithdrawalStatus;
  amount: Kobo;
  fee: Kobo;
  duty: Kobo;
  total: Kobo;
  account_name: string;
  bank_name: string;
  note?: string;
}

const answerOf = (w: Row, reviewAbove?: Kobo): WithdrawalAnswer => ({
  id: w.id,
  status: w.status,
  amount: Number(w.amount),
  fee: Number(w.fee),
  duty: Number(w.duty),
  total: Number(w.total),
  account_name: w.account_name,
  bank_name: w.bank_name,
  ...(w.status === 'awaiting_review' && reviewAbove !== undefined
    ? { note: reviewReasonMessage(w.review_reason ?? 'amount', reviewAbove) }
    : {}),
});

/** What a retry of the same `X-Request-Id` answers: the withdrawal as it stands now. */
export async function withdrawalAnswer(ctx: AppContext, id: string): Promise<WithdrawalAnswer> {
  const row = await ctx.db
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError('not_found', WITHDRAWAL_MSG.notFound);
  const s = await withdrawalSettings(ctx.db);
  return answerOf(row, s.review_above);
}

/** What a debit found (the caller turns it into a refusal). */
class NewBeneficiaryCap extends Error {}

/**
 * The debit, committed before any provider call: the withdrawal row, the customer's
 * transaction row, the movement, the idempotency key. Exported for the crash test: a debit
 * with no send after it is what a process that died between the two leaves.
 */
export async function debitWithdrawal(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'verification_level'>,
  req: {
    bank_code: string;
    bank_name: string;
    account_number: string;
    account_name: string;
    amount: Kobo;
  },
  settings: WithdrawalSettings,
  now: number,
): Promise<Row> {
  const cost = withdrawalCost(req.amount, settings.fee);
  const id = randomUUID();
  const wallet = walletAccountId(user.id);
  const legs = withdrawalDebitLegs(user.id, id, cost);
  const row = await ctx.dbh.writeTx(async (trx) => {
    // The ledger's conditional UPDATE takes the wallet's row first: parallel withdrawals of one
    // wallet queue here, so the checks below see every one committed before.
    const { movementId, entries } = await postMovement(trx, {
      kind: 'purchase',
      memo: id,
      legs,
      now,
    });
    const entry = entries.get(wallet)!;
    // An account first paid less than 24 hours ago (or never): a lower cap over those 24 hours.
    const paid = await trx
      .selectFrom('withdrawals')
      .select([
        sql<number | null>`min(created_at)`.as('first'),
        sql<number>`coalesce(sum(case when created_at > ${now - DAY_MS} then amount else 0 end), 0)`.as(
          'recent',
        ),
      ])
      .where('user_id', '=', user.id)
      .where('bank_code', '=', req.bank_code)
      .where('account_number', '=', req.account_number)
      .where('status', 'not in', ['failed', 'refunded'])
      .executeTakeFirst();
    const first = paid?.first === null || paid?.first === undefined ? null : Number(paid.first);
    const isNew = first === null || first > now - DAY_MS;
    if (isNew && Number(paid?.recent ?? 0) + req.amount > settings.new_beneficiary_cap) {
      throw new NewBeneficiaryCap();
    }
    // Why it waits, if it does (ADR 0088): its amount, the day's withdrawals, or money an
    // adjustment credited lately; asked after the ledger took the wallet's row.
    const why = await reviewReasonFor(
      trx,
      {
        userId: user.id,
        amount: cost.amount,
        balanceAfter: entry.balanceAfter,
        keyArmedAt: currentApiKey()?.withdrawals_on_at,
      },
      settings,
      now,
    );
    const review = why !== null;
    const w = {
      id,
      user_id: user.id,
      bank_code: req.bank_code,
      bank_name: req.bank_name,
      account_number: req.account_number,
      account_name: req.account_name,
      amount: cost.amount,
      fee: cost.fee,
      duty: cost.duty,
      total: cost.total,
      status: (review ? 'awaiting_review' : 'pending') as WithdrawalStatus,
      reason: null,
      provider: ctx.providers.payout.name,
      provider_id: null,
      provider_status: null,
      sent_at: null,
      refused_at: null,
      // Not sent within the grace (a crash): the worker finds it and sends it.
      next_requery_at: review ? null : now + SEND_GRACE_MS,
      reviewer_id: null,
      reviewed_at: null,
      review_reason: why,
      // Made with an API key (ADR 0091): its webhooks tell the key's owner of the outcome.
      api_key_id: currentApiKeyId(),
      created_at: now,
      updated_at: now,
    };
    await trx.insertInto('withdrawals').values(w).execute();
    await trx
      .insertInto('transactions')
      .values({
        id,
        user_id: user.id,
        movement_id: movementId,
        product: 'Withdrawal',
        direction: 'debit',
        status: 'pending',
        value: cost.amount,
        amount_charged: cost.total,
        balance_before: entry.balanceBefore,
        balance_after: entry.balanceAfter,
        service_id: req.bank_code,
        plan: req.bank_name,
        account_id: req.account_number,
        customer_name: req.account_name,
        counterparty: `${req.account_name}, ${req.bank_name}`,
        response_msg: why ? reviewReasonMessage(why, settings.review_above) : 'Sent to the bank.',
        // No `provider` and no `paid_account`: the purchase requery and the automatic reversal
        // of failed purchases never touch it; this service settles and refunds it.
        provider: null,
        paid_account: null,
        api_key_id: w.api_key_id,
        // Its X-Request-Id, as a purchase's: the key's requery and webhook name it (ADR 0091).
        client_request_id: currentRequestId(),
        created_at: now,
        updated_at: now,
      })
      .execute();
    await bindIdempotencyKey(trx, id);
    if (review) {
      await customerMail(
        trx,
        user.id,
        { kind: 'withdrawalReview', withdrawal: w, balance: entry.balanceAfter },
        now,
      );
    }
    return { ...w, requery_attempts: 0 } as Row;
  });
  ctx.metrics.withdrawal(row.status);
  return row;
}

export async function withdraw(
  ctx: AppContext,
  user: UserRow,
  body: { bank_code: string; account_number: string; amount: Kobo; pin: string },
): Promise<WithdrawalAnswer> {
  const settings = await withdrawalSettings(ctx.db);
  if (!settings.enabled) throw new ApiError('conflict', settings.paused_message);
  requireVerified(user);
  // Through a key, wrong pins count on the key's own budget and never lock the app (ADR 0034).
  const apiKeyId = currentApiKeyId();
  if (apiKeyId) await checkKeyPin(ctx, user, apiKeyId, body.pin);
  else await checkPin(ctx, user, body.pin);
  const level = Number(user.verification_level) as 1 | 2 | 3;
  const single = WITHDRAWAL_SINGLE_LIMIT_KOBO[level] ?? WITHDRAWAL_SINGLE_LIMIT_KOBO[1];
  if (body.amount > single) throw new ApiError('limit_exceeded', singleLimitMessage(single, level));
  const bank = await bankOf(ctx, body.bank_code);
  const { account_name } = await resolveAccount(ctx, body);
  const now = clockOf(ctx)();
  let row: Row;
  try {
    row = await debitWithdrawal(
      ctx,
      user,
      { ...body, bank_name: bank.name, account_name },
      settings,
      now,
    );
  } catch (err) {
    if (err instanceof InsufficientFunds)
      throw new ApiError('insufficient_funds', WITHDRAWAL_MSG.insufficient);
    if (err instanceof SpendingLimitReached) {
      throw new ApiError('limit_exceeded', dailyLimitMessage(err.limit, err.level));
    }
    if (err instanceof NewBeneficiaryCap) {
      throw new ApiError('limit_exceeded', newBeneficiaryMessage(settings.new_beneficiary_cap));
    }
    throw err;
  }
  if (row.status === 'pending') await send(ctx, row.id);
  return withdrawalAnswer(ctx, row.id);
}

async function event(db: Db, id: string, source: string, answer: PayoutAnswer, now: number) {
  const status =
    answer.providerStatus ??
    (answer.refused
      ? 'REFUSED'
      : answer.notFound
        ? 'NOT_FOUND'
        : answer.callFailed
          ? 'NO_ANSWER'
          : answer.status.toUpperCase());
  let raw = '';
  try {
    raw = JSON.stringify(answer.raw ?? null) ?? 'null';
  } catch {
    raw = 'null';
  }
  await db
    .insertInto('withdrawal_events')
    .values({
      withdrawal_id: id,
      source,
      status: status.slice(0, 32),
      message: answer.message?.slice(0, 500) ?? null,
      raw: raw.slice(0, 4_000),
      created_at: now,
    })
    .execute();
}

/** Calls the provider's create for a pending withdrawal (first send, or a recovery's resend). */
export async function send(ctx: AppContext, id: string): Promise<WithdrawalStatus> {
  const now = clockOf(ctx)();
  const w = await ctx.db
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!w || w.status !== 'pending') return w?.status ?? 'failed';
  const firstSend = w.sent_at === null;
  // Claimed by a compare-and-set on the send time read: of two callers racing to send (the
  // worker and an admin's requery, or approve), only the one whose update changed the row
  // sends; the other answers the status as it is. Two creates under one reference could
  // otherwise see one refused as a duplicate and refund it while the other is paid.
  const claimed = await ctx.db
    .updateTable('withdrawals')
    .set({ sent_at: now, next_requery_at: now + FIRST_REQUERY_MS, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) =>
      w.sent_at === null ? eb('sent_at', 'is', null) : eb('sent_at', '=', Number(w.sent_at)),
    )
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return w.status;
  const answer = await ctx.providers.payout.send({
    reference: w.id,
    bankCode: w.bank_code,
    accountNumber: w.account_number,
    amount: Number(w.amount),
    narration: `Withdrawal ${w.id.slice(0, 8)}`,
    beneficiaryName: w.account_name,
    callbackUrl: `${ctx.config.publicUrl}${api.paymentWebhook.path}`,
  });
  await event(ctx.db, id, 'create', answer, now);
  if (answer.refused) {
    await ctx.db.updateTable('withdrawals').set({ refused_at: now }).where('id', '=', id).execute();
    // No transfer was queued by this call; one under our reference may exist (a resend).
    const found = await ctx.providers.payout.byReference(w.id);
    await event(ctx.db, id, 'requery', found, now);
    if (found.notFound && firstSend) {
      return refund(ctx, id, 'failed', answer.message ?? 'The bank transfer was refused.', now);
    }
    return apply(ctx, id, found, now);
  }
  return apply(ctx, id, answer, now);
}

/** Acts on a verdict: settles, refunds, or schedules the next requery. */
async function apply(
  ctx: AppContext,
  id: string,
  answer: PayoutAnswer,
  now: number,
): Promise<WithdrawalStatus> {
  if (answer.status === 'successful') return settle(ctx, id, answer, now);
  if (answer.status === 'failed') {
    return refund(ctx, id, 'failed', answer.message || 'The bank transfer failed.', now, answer);
  }
  const w = await ctx.db
    .selectFrom('withdrawals')
    .select(['status', 'requery_attempts'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (w?.status === 'pending') {
    const wait = Math.min(FIRST_REQUERY_MS * 2 ** Number(w.requery_attempts), MAX_REQUERY_MS);
    await ctx.db
      .updateTable('withdrawals')
      .set({
        ...(answer.providerId ? { provider_id: answer.providerId } : {}),
        ...(answer.providerStatus ? { provider_status: answer.providerStatus.slice(0, 16) } : {}),
        next_requery_at: now + wait,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }
  return w?.status ?? 'failed';
}

export async function settle(
  ctx: AppContext,
  id: string,
  answer: PayoutAnswer,
  now: number,
): Promise<WithdrawalStatus> {
  const settled = await ctx.dbh.writeTx(async (trx) => {
    const row = await trx
      .updateTable('withdrawals')
      .set({
        status: 'successful',
        provider_id: answer.providerId ?? null,
        provider_status: (answer.providerStatus ?? 'SUCCESSFUL').slice(0, 16),
        next_requery_at: null,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    await trx
      .updateTable('transactions')
      .set({ status: 'successful', response_msg: 'Paid into the account.', updated_at: now })
      .where('id', '=', id)
      .execute();
    await queueWebhook(trx, id, 'successful');
    // Saved on success: the customer's list of accounts, and the new-account cap's clock.
    await trx
      .insertInto('beneficiaries')
      .values({
        id: randomUUID(),
        user_id: row.user_id,
        bank_code: row.bank_code,
        bank_name: row.bank_name,
        account_number: row.account_number,
        account_name: row.account_name,
        first_paid_at: Number(row.created_at),
        last_paid_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['user_id', 'bank_code', 'account_number']).doUpdateSet({
          last_paid_at: now,
          account_name: row.account_name,
          bank_name: row.bank_name,
        }),
      )
      .execute();
    await tellCustomer(trx, 'withdrawalSent', row, now);
    return row;
  });
  if (settled) ctx.metrics.withdrawal('successful');
  return settled ? 'successful' : currentStatus(ctx, id);
}

/** The customer's e-mail and SMS of a settled or refunded withdrawal, with the balance now. */
export async function tellCustomer(
  trx: Db,
  kind: 'withdrawalSent' | 'withdrawalFailed' | 'withdrawalRejected',
  row: Row,
  now: number,
): Promise<void> {
  const wallet = await trx
    .selectFrom('accounts')
    .select('balance')
    .where('id', '=', walletAccountId(row.user_id))
    .executeTakeFirst();
  await customerMail(
    trx,
    row.user_id,
    { kind, withdrawal: row, balance: Number(wallet?.balance ?? 0) },
    now,
  );
}

async function currentStatus(ctx: AppContext, id: string): Promise<WithdrawalStatus> {
  const w = await ctx.db
    .selectFrom('withdrawals')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirst();
  return w?.status ?? 'failed';
}

/**
 * Returns the whole debit (amount, fee and duty) to the wallet, once: `failed` when the bank
 * transfer failed (from pending), `refunded` when a reviewer rejected it (from awaiting_review).
 */
async function refund(
  ctx: AppContext,
  id: string,
  to: 'failed' | 'refunded',
  reason: string,
  now: number,
  answer?: PayoutAnswer,
  reviewerId?: string,
): Promise<WithdrawalStatus> {
  const from = to === 'failed' ? 'pending' : 'awaiting_review';
  const done = await ctx.dbh.writeTx(async (trx) => {
    const row = await trx
      .updateTable('withdrawals')
      .set({
        status: to,
        reason: reason.slice(0, 500),
        ...(answer?.providerId ? { provider_id: answer.providerId } : {}),
        ...(answer?.providerStatus ? { provider_status: answer.providerStatus.slice(0, 16) } : {}),
        ...(reviewerId ? { reviewer_id: reviewerId, reviewed_at: now } : {}),
        next_requery_at: null,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('status', '=', from)
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    const legs = await withdrawalRefundLegs(trx, id);
    await postMovement(trx, { kind: 'reversal', memo: id, legs, now });
    await trx
      .updateTable('transactions')
      .set({ status: 'reversed', response_msg: reason.slice(0, 500), updated_at: now })
      .where('id', '=', id)
      .execute();
    await queueWebhook(trx, id, 'reversed');
    await tellCustomer(trx, to === 'failed' ? 'withdrawalFailed' : 'withdrawalRejected', row, now);
    return row;
  });
  if (done) ctx.metrics.withdrawal(to);
  return done ? to : currentStatus(ctx, id);
}

// ── Requery worker and webhook ────────────────────────────────────────────────────────────

/**
 * Whether a by-reference answer listed no transfer at all, so that no filter or unreadable item
 * could have hidden one of ours: the only "not found" that proves a transfer was never made.
 */
export function listedNothing(answer: PayoutAnswer): boolean {
  const raw = answer.raw as { data?: unknown } | undefined;
  return Array.isArray(raw?.data) && raw.data.length === 0;
}

/** Asks about one pending withdrawal (by id when known, else by reference) and acts. */
export async function requeryOne(
  ctx: AppContext,
  id: string,
  now = clockOf(ctx)(),
): Promise<WithdrawalStatus> {
  const w = await ctx.db
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!w) throw new ApiError('not_found', WITHDRAWAL_MSG.notFound);
  if (w.status !== 'pending') return w.status;
  const provider = ctx.providers.payout;
  let answer = w.provider_id
    ? await provider.status(w.provider_id)
    : await provider.byReference(w.id);
  if (w.provider_id && answer.providerId === undefined && !answer.callFailed) {
    answer = await provider.byReference(w.id);
  }
  await event(ctx.db, id, 'requery', answer, now);
  if (answer.notFound) {
    // Never sent (a crash after the debit, before the send was claimed): send it now.
    if (w.sent_at === null) return send(ctx, id);
    // Sent long ago and unknown: sent again under the same reference only when the answer
    // lists no transfer at all. A list that ignored the reference filter, or held an item we
    // could not read, proves nothing (ADR 0089), and whether Flutterwave refuses a second
    // create under one reference is not confirmed: a resend on such an answer could pay twice.
    if (Number(w.sent_at) < now - RESEND_AFTER_MS && listedNothing(answer)) return send(ctx, id);
    return apply(ctx, id, { status: 'pending' }, now);
  }
  return apply(ctx, id, answer, now);
}

/** One pass of the worker: every pending withdrawal due, claimed so two instances ask once. */
export async function runWithdrawalRequeryOnce(
  ctx: AppContext,
  now = clockOf(ctx)(),
  limit = 50,
): Promise<number> {
  const due = await ctx.db
    .selectFrom('withdrawals')
    .select(['id', 'next_requery_at'])
    .where('status', '=', 'pending')
    .where('next_requery_at', '<=', now)
    .orderBy('next_requery_at')
    .limit(limit)
    .execute();
  let asked = 0;
  const lease = now + ctx.providers.config.PROVIDER_TIMEOUT_MS * 3 + 5_000;
  for (const d of due) {
    const claimed = await ctx.db
      .updateTable('withdrawals')
      .set((eb) => ({ next_requery_at: lease, requery_attempts: eb('requery_attempts', '+', 1) }))
      .where('id', '=', d.id)
      .where('status', '=', 'pending')
      .where('next_requery_at', '=', d.next_requery_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    await requeryOne(ctx, d.id, now).catch((err: Error) =>
      ctx.log.warn({ err: err.message, withdrawal: d.id }, 'withdrawal requery failed'),
    );
    asked++;
  }
  return asked;
}

export function startWithdrawalRequeryWorker(
  ctx: AppContext,
  everyMs = 5_000,
): () => Promise<void> {
  return startWorker(ctx, 'withdrawal requery', () => runWithdrawalRequeryOnce(ctx), everyMs);
}

/**
 * `transfer.completed` (signed with the webhook hash): the transfer is asked for by its id
 * before anything settles; an unknown reference is logged and acknowledged (reconciliation
 * reports payouts with no withdrawal). A provider that cannot answer now: 502, so Flutterwave
 * sends the webhook again.
 */
export async function transferWebhook(
  ctx: AppContext,
  refs: { providerId: string; reference: string },
): Promise<void> {
  const w = await ctx.db
    .selectFrom('withdrawals')
    .select(['id', 'status'])
    .where('id', '=', refs.reference)
    .executeTakeFirst();
  if (!w) {
    ctx.log.warn(
      { reference: refs.reference.slice(0, 64) },
      'transfer webhook for no withdrawal of ours',
    );
    return;
  }
  if (w.status !== 'pending') return;
  const now = clockOf(ctx)();
  const answer = await ctx.providers.payout.status(refs.providerId);
  await event(ctx.db, w.id, 'webhook', answer, now);
  if (answer.callFailed) throw new ApiError('provider_error', SERVER_MSG.providerUnavailable);
  // The transfer asked for must be ours: its id answers with our reference or it is ignored.
  const raw = answer.raw as { data?: { reference?: unknown } } | undefined;
  if (raw?.data?.reference !== w.id) {
    ctx.log.warn({ withdrawal: w.id }, 'transfer webhook names a transfer of another reference');
    return;
  }
  await apply(ctx, w.id, answer, now);
}

// ── Review (four eyes) ────────────────────────────────────────────────────────────────────

async function reviewable(ctx: AppContext, admin: Pick<UserRow, 'id'>, id: string) {
  const w = await ctx.db
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!w) throw new ApiError('not_found', WITHDRAWAL_MSG.notFound);
  if (w.user_id === admin.id) throw new ApiError('forbidden', WITHDRAWAL_MSG.ownWithdrawal);
  if (w.status !== 'awaiting_review')
    throw new ApiError('conflict', WITHDRAWAL_MSG.notAwaitingReview);
  return w;
}

export async function approve(ctx: AppContext, actor: Actor, id: string) {
  // Paused means no money leaves, an approval's included; a rejection (a refund) still may.
  const settings = await withdrawalSettings(ctx.db);
  if (!settings.enabled) throw new ApiError('conflict', settings.paused_message);
  const w = await reviewable(ctx, actor.admin, id);
  const now = clockOf(ctx)();
  const moved = await ctx.dbh.writeTx(async (trx) => {
    const row = await trx
      .updateTable('withdrawals')
      .set({
        status: 'pending',
        reviewer_id: actor.admin.id,
        reviewed_at: now,
        next_requery_at: now + SEND_GRACE_MS,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('status', '=', 'awaiting_review')
      .returningAll()
      .executeTakeFirst();
    if (!row) return false;
    // Not an admin who funded the customer by adjustment lately; within the daily total.
    await approverMayApprove(trx, actor, row, settings.approver_daily, now);
    await trx
      .updateTable('transactions')
      .set({ response_msg: 'Approved: sent to the bank.', updated_at: now })
      .where('id', '=', id)
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'withdrawal.approve',
        targetType: 'withdrawal',
        targetId: id,
        targetLabel: `${w.account_name}, ${w.bank_name}`,
        before: { status: 'awaiting_review' },
        after: { status: 'pending', amount_kobo: Number(w.amount) },
      },
      now,
    );
    return true;
  });
  if (!moved) throw new ApiError('conflict', WITHDRAWAL_MSG.notAwaitingReview);
  await send(ctx, id);
  return adminWithdrawal(ctx, id);
}

export async function reject(ctx: AppContext, actor: Actor, id: string, reason: string) {
  const w = await reviewable(ctx, actor.admin, id);
  const now = clockOf(ctx)();
  const status = await refund(ctx, id, 'refunded', reason, now, undefined, actor.admin.id);
  if (status !== 'refunded') throw new ApiError('conflict', WITHDRAWAL_MSG.notAwaitingReview);
  await ctx.dbh.writeTx((trx) =>
    recordAudit(
      trx,
      actor,
      {
        action: 'withdrawal.reject',
        targetType: 'withdrawal',
        targetId: id,
        targetLabel: `${w.account_name}, ${w.bank_name}`,
        before: { status: 'awaiting_review' },
        after: { status: 'refunded', refunded_kobo: Number(w.total), reason: reason.slice(0, 200) },
      },
      now,
    ),
  );
  return adminWithdrawal(ctx, id);
}

export async function adminRequery(ctx: AppContext, id: string) {
  const w = await ctx.db
    .selectFrom('withdrawals')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!w) throw new ApiError('not_found', WITHDRAWAL_MSG.notFound);
  if (w.status !== 'pending') throw new ApiError('conflict', WITHDRAWAL_MSG.notRequeryable);
  await requeryOne(ctx, id);
  return adminWithdrawal(ctx, id);
}

// ── Lists ─────────────────────────────────────────────────────────────────────────────────

const customerView = (w: Row) => ({
  id: w.id,
  status: w.status,
  amount: Number(w.amount),
  fee: Number(w.fee),
  duty: Number(w.duty),
  total: Number(w.total),
  account_name: w.account_name,
  account_number: w.account_number,
  bank_code: w.bank_code,
  bank_name: w.bank_name,
  reason: w.reason,
  created_at: Number(w.created_at),
  updated_at: Number(w.updated_at),
});

export async function myWithdrawals(
  ctx: AppContext,
  user: Pick<UserRow, 'id'>,
  query: { page: number; limit: number },
) {
  const base = ctx.db.selectFrom('withdrawals').where('user_id', '=', user.id);
  const total = await countRows(base);
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return paged(rows.map(customerView), query, total);
}

export async function listBeneficiaries(ctx: AppContext, user: Pick<UserRow, 'id'>) {
  const rows = await ctx.db
    .selectFrom('beneficiaries')
    .selectAll()
    .where('user_id', '=', user.id)
    .orderBy('last_paid_at', 'desc')
    .limit(100)
    .execute();
  return rows.map((b) => ({
    id: b.id,
    bank_code: b.bank_code,
    bank_name: b.bank_name,
    account_number: b.account_number,
    account_name: b.account_name,
    first_paid_at: Number(b.first_paid_at),
    last_paid_at: Number(b.last_paid_at),
  }));
}

export async function deleteBeneficiary(ctx: AppContext, user: Pick<UserRow, 'id'>, id: string) {
  const res = await ctx.db
    .deleteFrom('beneficiaries')
    .where('id', '=', id)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (Number(res.numDeletedRows) !== 1)
    throw new ApiError('not_found', WITHDRAWAL_MSG.beneficiaryNotFound);
  return WITHDRAWAL_MSG.beneficiaryDeleted;
}

const adminBase = (ctx: AppContext) =>
  ctx.db
    .selectFrom('withdrawals as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .leftJoin('users as r', 'r.id', 'w.reviewer_id');

const adminView = (w: Row & { email: string; reviewer: string | null }) => ({
  ...customerView(w),
  user: w.email,
  user_id: w.user_id,
  provider_id: w.provider_id,
  reviewer: w.reviewer,
  reviewed_at: w.reviewed_at === null ? null : Number(w.reviewed_at),
  review_reason: w.review_reason,
});

export async function adminWithdrawals(
  ctx: AppContext,
  query: { page: number; limit: number; q?: string; status?: WithdrawalStatus },
) {
  let base = adminBase(ctx);
  if (query.status) base = base.where('w.status', '=', query.status);
  if (query.q) {
    const q = query.q.trim();
    const like = `%${q.toLowerCase()}%`;
    base = base.where((eb) =>
      eb.or([
        eb('w.id', '=', q),
        eb('w.account_number', '=', q),
        eb('u.email', '=', q.toLowerCase()),
        eb(eb.fn('lower', ['w.account_name']), 'like', like),
      ]),
    );
  }
  const total = await countRows(base);
  const rows = await base
    .selectAll('w')
    .select(['u.email as email', 'r.email as reviewer'])
    .orderBy('w.created_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return paged(rows.map(adminView), query, total);
}

export async function adminWithdrawal(ctx: AppContext, id: string) {
  const row = await adminBase(ctx)
    .selectAll('w')
    .select(['u.email as email', 'r.email as reviewer'])
    .where('w.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError('not_found', WITHDRAWAL_MSG.notFound);
  const events = await ctx.db
    .selectFrom('withdrawal_events')
    .selectAll()
    .where('withdrawal_id', '=', id)
    .orderBy('id')
    .limit(200)
    .execute();
  return {
    ...adminView(row),
    events: events.map((e) => ({
      source: e.source,
      status: e.status,
      message: e.message,
      raw: e.raw,
      created_at: Number(e.created_at),
    })),
  };
}

// ── Reconciliation ────────────────────────────────────────────────────────────────────────

/**
 * Every payout Flutterwave lists matches one withdrawal of ours (by reference, amount and
 * outcome), and every withdrawal sent matches a payout: the problems, one line each.
 */
export async function reconcileWithdrawals(
  ctx: Pick<AppContext, 'db' | 'providers'>,
  maxPages = 20,
): Promise<string[]> {
  const problems: string[] = [];
  const seen = new Set<string>();
  let pages = 1;
  for (let page = 1; page <= Math.min(pages, maxPages); page++) {
    const list = await ctx.providers.payout.list(page);
    pages = list.pages;
    for (const p of list.items) {
      const w = p.reference
        ? await ctx.db
            .selectFrom('withdrawals')
            .selectAll()
            .where('id', '=', p.reference)
            .executeTakeFirst()
        : undefined;
      if (!w) {
        problems.push(
          `payout ${p.providerId} (reference ${p.reference ?? 'none'}, ${p.amount} kobo, ${p.status}) matches no withdrawal`,
        );
        continue;
      }
      seen.add(w.id);
      if (Number(w.amount) !== p.amount) {
        problems.push(
          `withdrawal ${w.id} is ${w.amount} kobo, its payout ${p.providerId} ${p.amount}`,
        );
      }
      if (p.status === 'successful' && w.status !== 'successful' && w.status !== 'pending') {
        problems.push(`withdrawal ${w.id} is ${w.status}, its payout ${p.providerId} was paid`);
      }
      if (p.status === 'failed' && w.status === 'successful') {
        problems.push(`withdrawal ${w.id} is successful, its payout ${p.providerId} failed`);
      }
    }
  }
  if (pages <= maxPages) {
    const sent = await ctx.db
      .selectFrom('withdrawals')
      .select(['id', 'status'])
      .where('status', '=', 'successful')
      .orderBy('created_at', 'desc')
      .limit(1_000)
      .execute();
    for (const w of sent) {
      if (!seen.has(w.id))
        problems.push(`withdrawal ${w.id} is successful but Flutterwave lists no payout for it`);
    }
  }
  return problems;
}
