/**
 * Card funding (decisions §6; ADR 0009). `initiate` records a `pending` payment with a unique
 * tx_ref and answers the provider's checkout link. `settlePayment` (the user's verify call and
 * the webhook) asks the PROVIDER, never the browser: credit only when the status is
 * successful, the tx_ref is ours, the currency NGN and the amount at least what we expect;
 * then a guarded `pending | failed | cancelled → completed` UPDATE (only while the payment has
 * no movement) and the credit movement commit together (and `payments.movement_id` is unique),
 * so any number of parallel calls credit once. A failed or cancelled attempt can still complete:
 * Flutterwave lets the customer retry on the same tx_ref.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  cardFee,
  fundingCredit,
  fundingCheck,
  MSG,
  SERVER_MSG,
  stampDuty,
  type Kobo,
  type Payment,
  type VerificationLevel,
} from '@contract';
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { PaymentsTable } from '../platform/db/schema.ts';
import { fundingLegs } from './funding.ts';
import { postMovement, walletAccountId } from '../wallet/ledger.ts';
import { ApiError } from '../platform/http/errors.ts';
import {
  type CardVerification,
  isTransferWebhook,
  readFlutterwaveWebhook,
  readTransferWebhook,
} from '../providers/index.ts';
import { customerMail } from '../notifications/customer-mail.ts';
import { cardFeePayer, heldOr, verificationFor } from '../accounts/verification.ts';
import { firstFundingBonus } from '../growth/referrals.ts';
import { transferWebhook } from './transfers.ts';
import { transferWebhook as transferPayoutWebhook } from '../payouts/withdrawals.ts';
import { requireVerified } from '../wallet/wallet.ts';
import type { UserRow } from '../accounts/users.ts';
import { countRows, paged } from '../platform/paging.ts';

type PaymentRow = Selectable<PaymentsTable>;

/** Who bears the card fee (decisions §6): the business by default, or `customer`. */
const customerBearsFee = (ctx: AppContext) => cardFeePayer(ctx) === 'customer';

export function toPayment(row: PaymentRow, email: string): Payment {
  return {
    id: row.id,
    t_id: row.tx_ref,
    user: email,
    user_id: row.user_id,
    amount: Number(row.amount),
    credited: Number(row.credited),
    status: row.status,
    payment_reference: row.payment_reference,
    date_of_payment: Number(row.created_at),
    channel: row.channel,
  };
}

function origin(ctx: AppContext, req: FastifyRequest): string {
  if (ctx.config.env.PUBLIC_URL) return ctx.config.publicUrl;
  return `${req.protocol}://${req.host}`;
}

export async function initiate(
  ctx: AppContext,
  user: UserRow,
  amount: Kobo,
  req: FastifyRequest,
): Promise<string> {
  requireVerified(user);
  // An amount whose credit can never fit the customer's level is refused before the checkout
  // (ADR 0076): it would only be held. One that fits the level but not today is the dialog's
  // warning, and is held if paid (ADR 0058).
  const check = fundingCheck(amount, await verificationFor(ctx, user.id));
  if (check.kind === 'never') throw new ApiError('limit_exceeded', check.message);
  const now = Date.now();
  const txRef = `PB-${now}-${randomBytes(6).toString('hex')}`;
  await ctx.db
    .insertInto('payments')
    .values({
      id: randomUUID(),
      tx_ref: txRef,
      user_id: user.id,
      amount,
      status: 'pending',
      payment_reference: null,
      movement_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  try {
    const { link } = await ctx.providers.card.createCheckout({
      txRef,
      amount,
      redirectUrl: `${origin(ctx, req)}/user/dashboard`,
      customer: { email: user.email, name: user.name, phone: user.phone },
    });
    return link;
  } catch {
    throw new ApiError('provider_error', SERVER_MSG.providerUnavailable);
  }
}

/** Whether the provider's answer makes this payment creditable (decisions §6). */
export function creditable(row: PaymentRow, v: CardVerification): boolean {
  return (
    v.status === 'successful' &&
    v.txRef === row.tx_ref &&
    v.currency === 'NGN' &&
    Number.isSafeInteger(v.amount) &&
    v.amount >= Number(row.amount)
  );
}

async function loadWithEmail(ctx: AppContext, id: string) {
  return ctx.db
    .selectFrom('payments')
    .innerJoin('users', 'users.id', 'payments.user_id')
    .selectAll('payments')
    .select('users.email')
    .where('payments.id', '=', id)
    .executeTakeFirstOrThrow();
}

/**
 * Not credited yet, so still worth asking the provider about: `pending`, and also `failed` or
 * `cancelled`, because Flutterwave lets the customer retry on the same tx_ref and a later
 * attempt may succeed (its verify then answers successful).
 */
const OPEN_STATUSES = ['pending', 'failed', 'cancelled'] as const;

/** Verifies with the provider and credits at most once. Answers the payment as it ends up. */
export async function settlePayment(
  ctx: AppContext,
  row: PaymentRow,
  transactionId?: string,
): Promise<Payment> {
  if ((OPEN_STATUSES as readonly string[]).includes(row.status) && row.movement_id === null) {
    let v: CardVerification;
    try {
      v = await ctx.providers.card.verify({ txRef: row.tx_ref, transactionId });
    } catch {
      throw new ApiError('provider_error', SERVER_MSG.providerUnavailable);
    }
    const now = Date.now();
    if (creditable(row, v)) {
      const amount = Number(row.amount);
      const duty = stampDuty(amount);
      const fee = cardFee(amount);
      const credit = fundingCredit(amount, cardFeePayer(ctx));
      await ctx.dbh.writeTx(async (trx) => {
        const moved = await trx
          .updateTable('payments')
          .set({
            status: 'completed',
            credited: credit,
            payment_reference: v.transactionId || null,
            updated_at: now,
          })
          .where('id', '=', row.id)
          .where('status', 'in', [...OPEN_STATUSES])
          // Guarded on "no movement yet": a payment is credited once, ever.
          .where('movement_id', 'is', null)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return; // another call credited it
        const { movementId, entries, held } = await postMovement(trx, {
          kind: 'card_funding',
          memo: row.tx_ref,
          legs: fundingLegs({
            userId: row.user_id,
            amount,
            fee,
            duty,
            credit,
            customerPaysFee: customerBearsFee(ctx),
          }),
          now,
        });
        // Unique: one credit movement per payment, ever.
        await trx
          .updateTable('payments')
          .set({ movement_id: movementId })
          .where('id', '=', row.id)
          .execute();
        // Over the level's limits the credit is held, and the mail says why (ADR 0058).
        await customerMail(
          trx,
          row.user_id,
          heldOr(held, 'card_funding', {
            kind: 'cardFunded',
            ref: row.tx_ref,
            amount,
            duty,
            fee: customerBearsFee(ctx) ? fee : 0,
            credited: credit,
            balance: entries.get(walletAccountId(row.user_id))?.balanceAfter ?? 0,
          }),
          now,
        );
        // A referred friend's first funding may pay their referrer a bonus (ADR 0056): held,
        // when its release puts the money in the wallet.
        await firstFundingBonus(
          trx,
          row.user_id,
          { movementId, credited: credit, held: held.length > 0 },
          now,
        );
      });
    } else if (v.status === 'failed' || v.status === 'cancelled') {
      if (v.txRef === row.tx_ref) {
        await ctx.db
          .updateTable('payments')
          .set({ status: v.status, updated_at: now })
          .where('id', '=', row.id)
          .where('status', '=', 'pending')
          .execute();
      }
    }
  }
  const out = await loadWithEmail(ctx, row.id);
  const payment = toPayment(out, out.email);
  const held = out.status === 'completed' ? await heldOfPayment(ctx, out) : undefined;
  return held ? { ...payment, held } : payment;
}

/**
 * Whether a completed card payment's credit was held (ADR 0076): its held credit (memo = the
 * tx_ref, by the held credits' user index), why, and the customer's level and its limit now.
 */
async function heldOfPayment(
  ctx: AppContext,
  row: Pick<PaymentRow, 'user_id' | 'tx_ref'>,
): Promise<Payment['held']> {
  const h = await ctx.db
    .selectFrom('held_credits as h')
    .innerJoin('users as u', 'u.id', 'h.user_id')
    .leftJoin('verification_limits as l', 'l.level', 'u.verification_level')
    .select(['h.status', 'h.reason', 'u.verification_level', 'l.max_balance', 'l.daily_funding'])
    .where('h.user_id', '=', row.user_id)
    .where('h.source', '=', 'card_funding')
    .where('h.memo', '=', row.tx_ref)
    .executeTakeFirst();
  if (!h) return undefined;
  const limit = h.reason === 'balance' ? h.max_balance : h.daily_funding;
  return {
    status: h.status,
    reason: h.reason,
    level: Number(h.verification_level) as VerificationLevel,
    limit: Number(limit ?? 0),
  };
}

export async function verifyForUser(
  ctx: AppContext,
  user: UserRow,
  body: { tx_ref: string; transaction_id?: string },
): Promise<Payment> {
  const row = await ctx.db
    .selectFrom('payments')
    .selectAll()
    .where('tx_ref', '=', body.tx_ref)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (!row) throw new ApiError('not_found', SERVER_MSG.paymentNotFound);
  return settlePayment(ctx, row, body.transaction_id);
}

/**
 * The one Flutterwave webhook URL (an account has one): a card payment we started (its tx_ref
 * is in `payments`) settles as before; anything else signed by the transfer provider may be a
 * bank transfer, which `transferWebhook` verifies with the provider before it counts. Either
 * body shape is read (ADR 0039). A signed body naming nothing is refused (4xx), so Flutterwave
 * retries it rather than it vanishing; an unsigned one is 401.
 */
export async function webhook(
  ctx: AppContext,
  headers: FastifyRequest['headers'],
  body: unknown,
): Promise<string> {
  // A payout's `transfer.completed` (ADR 0084): re-verified by id before anything settles.
  if (isTransferWebhook(body) && ctx.providers.payout.verifyWebhookSignature(headers)) {
    const payout = readTransferWebhook(body);
    if (!payout) throw new ApiError('validation_error', MSG.inputsInvalid);
    await transferPayoutWebhook(ctx, payout);
    return SERVER_MSG.webhookReceived;
  }
  const cardSigned = ctx.providers.card.verifyWebhookSignature(headers);
  const transferSigned = ctx.providers.transfer.verifyWebhookSignature(headers);
  if (!cardSigned && !transferSigned) {
    throw new ApiError('unauthorized', SERVER_MSG.unauthorized);
  }
  const refs = readFlutterwaveWebhook(body);
  if (!refs) {
    ctx.log.warn('signed Flutterwave webhook names no transaction: refused, to be retried');
    throw new ApiError('validation_error', MSG.inputsInvalid);
  }
  const row =
    cardSigned && refs.txRef
      ? await ctx.db
          .selectFrom('payments')
          .selectAll()
          .where('tx_ref', '=', refs.txRef)
          .where('channel', '=', 'card')
          .executeTakeFirst()
      : undefined;
  if (row) {
    await settlePayment(ctx, row, refs.transactionId);
  } else if (transferSigned) {
    await transferWebhook(ctx, refs);
  }
  return SERVER_MSG.webhookReceived;
}

/** Every customer's payments: the admin list (`payments` permission, ADR 0072). */
export async function listPayments(
  ctx: AppContext,
  query: { page: number; limit: number; q?: string; reference?: string },
) {
  let base = ctx.db.selectFrom('payments').innerJoin('users', 'users.id', 'payments.user_id');
  if (query.q) base = base.where('users.email', '=', query.q.toLowerCase());
  if (query.reference) {
    const ref = query.reference;
    base = base.where((eb) =>
      eb.or([eb('payments.tx_ref', '=', ref), eb('payments.payment_reference', '=', ref)]),
    );
  }
  const total = await countRows(base);
  const rows = await base
    .selectAll('payments')
    .select('users.email')
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return paged(
    rows.map((r) => toPayment(r, r.email)),
    query,
    total,
  );
}
