import { SERVER_MSG, type Kobo } from '@contract';
import { now } from '../clock';
import { db } from '../db';
import { MockApiError } from '../errors';
import type { CouponRecord, TransactionRecord, UserRecord } from '../records';
import { markRedeemed, restore } from './coupons';
import { sandboxOutcome } from './provider';
import type { Quote } from './quotes';
import {
  destinationNumber,
  providerExtras,
  purchaseRecord,
  transactionId,
  type Destination,
} from './records';
import { priceFor } from './tiers';
import { assertCanSpend, checkPin, credit, debit } from './wallet';

/**
 * The purchase flow of decisions §5, in memory: check the pin, debit the wallet (or take the
 * coupon), ask the sandbox provider, record the transaction. A failed purchase stays debited
 * until reversed (by an admin, or at once when `db.settings.autoReverseFailed`); a pending
 * one is never refunded.
 */
export function purchase(
  user: UserRecord,
  args: { quote: Quote; destination: Destination; pin: string; coupon?: CouponRecord },
): TransactionRecord {
  const { quote, destination, coupon } = args;
  assertOnSale(quote);
  assertCanSpend(user);
  checkPin(user, args.pin);

  // A coupon was paid for when it was bought (decisions §8): the wallet is not charged.
  // The customer's tier price (ADR 0027), as the server charges it.
  const charged: Kobo = coupon ? 0 : priceFor(user, quote.product, quote.price).total;
  const before = debit(user, charged);
  if (coupon) markRedeemed(coupon, user);

  const status = sandboxOutcome(destinationNumber(destination));
  const at = now();
  db.seq += 1;
  const record = purchaseRecord({
    id: transactionId(at, db.seq),
    at,
    user,
    quote,
    destination,
    status,
    charged,
    balanceBefore: before,
    balanceAfter: user.wallet_balance,
    extras: providerExtras(db.rng, quote, destination, status),
    ...(coupon && { coupon_code: coupon.coupon_code }),
  });

  if (status === 'failed') {
    if (coupon) restore(coupon);
    if (db.settings.autoReverseFailed) reverse(record);
  } else {
    spendProviderFloat(quote, quote.price.value);
  }
  db.transactions.unshift(record);
  return record;
}

/** failed → reversed, exactly once: the wallet gets back what was charged (decisions §5). */
export function reverse(record: TransactionRecord): void {
  if (record.status !== 'failed') throw new MockApiError('conflict', SERVER_MSG.notReversible);
  const owner = db.users.find((u) => u.id === record.user_id);
  if (!owner) throw new MockApiError('not_found', SERVER_MSG.userNotFound);
  credit(owner, record.amountCharged);
  record.status = 'reversed';
  // The statement's refund line and the receipt say when and how much (ADR 0045).
  record.refund = { amount: record.amountCharged, date: now() };
}

/** Plans an admin took off sale cannot be bought (decisions §9: later purchases only). */
export function assertOnSale(quote: Quote): void {
  const planId = quote.meta.plan_id;
  if (planId && db.offSale.has(planId))
    throw new MockApiError('not_found', SERVER_MSG.productNotFound);
}

/**
 * Data plans are bought from the second float (Flutterwave bill payments, kept under the
 * `atgwallet` path's `atg` key), everything else from VTpass (ADR 0040).
 */
function spendProviderFloat(quote: Quote, value: Kobo): void {
  const key = quote.product === 'Data' ? 'atg' : 'vt';
  db.providerBalances[key] = Math.max(0, db.providerBalances[key] - value);
}
