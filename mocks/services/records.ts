import {
  MSG,
  SERVER_MSG,
  type Kobo,
  type Transaction,
  type TransactionStatus,
  type TriedProvider,
} from '@contract';
import { lagosStamp } from '../clock';
import type { Rng } from '../random';
import type { TransactionRecord, UserRecord } from '../records';
import {
  customerName,
  educationCodes,
  electricityReceipt,
  RESPONSE_TEXT,
  type Outcome,
} from './provider';
import type { Quote } from './quotes';

/**
 * Builders of transaction rows, shared by the seed (fixtures/ledger.ts) and the purchase
 * handlers, so a seeded electricity purchase looks exactly like one made in a story.
 */

/** VTpass-style id: Lagos date-time `YYYYMMDDHHmm` then a sequence (docs/domain.md). */
export function transactionId(at: number, seq: number): string {
  return `${lagosStamp(at)}${String(seq).padStart(6, '0')}`;
}

/** Where the purchase goes: the product-specific fields of the row. */
export interface Destination {
  phone?: string;
  account_id?: string;
  smart_card_number?: string;
  meter_number?: string;
  variation_code?: 'prepaid' | 'postpaid';
  quantity?: number;
}

export function destinationNumber(d: Destination): string | undefined {
  return d.phone ?? d.account_id ?? d.smart_card_number ?? d.meter_number;
}

/** What the provider hands back on success: a token for prepaid meters, pins for exams. */
export function providerExtras(
  rng: Rng,
  quote: Quote,
  destination: Destination,
  outcome: TransactionStatus,
): Partial<Transaction> {
  if (outcome !== 'successful') return {};
  if (quote.product === 'Electricity') {
    return electricityReceipt(rng, quote.price.value, destination.variation_code ?? 'prepaid');
  }
  if (quote.product === 'Education') {
    return { purchased_code: educationCodes(rng, quote.service_id, destination.quantity ?? 1) };
  }
  return {};
}

export interface PurchaseRow {
  id: string;
  at: number;
  user: UserRecord;
  quote: Quote;
  destination: Destination;
  status: TransactionStatus;
  /** What left the wallet (0 when a coupon paid). */
  charged: Kobo;
  balanceBefore: Kobo;
  balanceAfter: Kobo;
  extras: Partial<Transaction>;
  coupon_code?: string;
  /** The providers it went to; absent: the sandbox VTpass alone (the default route). */
  tried?: TriedProvider[];
}

/**
 * The sandbox VTpass alone, as a purchase on the default route records it: a failure there is
 * its documented refusal (016 TRANSACTION FAILED), as the simulator answers it.
 */
function vtpassAlone(status: TransactionStatus): TriedProvider[] {
  const refused = status === 'failed' || status === 'reversed';
  return [
    {
      provider: 'sandbox-vt',
      result: refused ? 'refused' : 'sent',
      message: refused ? 'TRANSACTION FAILED' : null,
    },
  ];
}

export function purchaseRecord(row: PurchaseRow): TransactionRecord {
  const { destination: d, quote } = row;
  const named = d.meter_number ?? d.smart_card_number;
  const outcome: Outcome =
    row.status === 'pending' || row.status === 'successful' ? row.status : 'failed';
  return {
    transaction_id: row.id,
    user: row.user.email,
    user_id: row.user.id,
    date: row.at,
    product: quote.product,
    value: quote.price.value,
    status: row.status,
    direction: 'debit',
    amountCharged: row.charged,
    balance_before: row.balanceBefore,
    balance_after: row.balanceAfter,
    service_id: quote.service_id,
    plan: quote.plan,
    ...(d.phone && { transaction_phone: d.phone }),
    ...(d.account_id && { account_id: d.account_id }),
    ...(d.smart_card_number && { smart_card_number: d.smart_card_number }),
    ...(d.meter_number && { meter_number: d.meter_number }),
    ...(named && { customerName: customerName(named) }),
    ...(d.quantity !== undefined && { quantity: d.quantity }),
    ...(row.coupon_code && { coupon_code: row.coupon_code }),
    ...row.extras,
    response_msg: row.status === 'cancelled' ? 'TRANSACTION CANCELLED' : RESPONSE_TEXT[outcome],
    hidden: false,
    providers_tried: row.tried ?? vtpassAlone(row.status),
  };
}

/** The buyer's row for a batch of coupons (seed and handler alike). */
export function couponPurchaseRecord(row: {
  id: string;
  at: number;
  user: UserRecord;
  unit: { service_id?: string; meta: { name: string } };
  units: number;
  price: { value: Kobo; total: Kobo };
  balanceBefore: Kobo;
}): TransactionRecord {
  return {
    transaction_id: row.id,
    user: row.user.email,
    user_id: row.user.id,
    date: row.at,
    product: 'Coupon',
    value: row.price.value,
    status: 'successful',
    direction: 'debit',
    amountCharged: row.price.total,
    balance_before: row.balanceBefore,
    balance_after: row.balanceBefore - row.price.total,
    ...(row.unit.service_id && { service_id: row.unit.service_id }),
    plan: `${row.unit.meta.name} coupon`,
    quantity: row.units,
    response_msg: RESPONSE_TEXT.successful,
    hidden: false,
  };
}

/** A share of funds is two rows: the sender's debit and the recipient's credit. */
export function transferRecords(args: {
  ids: [string, string];
  at: number;
  from: UserRecord;
  to: UserRecord;
  amount: Kobo;
  fromBefore: Kobo;
  toBefore: Kobo;
}): [TransactionRecord, TransactionRecord] {
  const { at, from, to, amount } = args;
  const base = {
    date: at,
    product: 'Transfer',
    value: amount,
    status: 'successful',
    hidden: false,
  } as const;
  return [
    {
      ...base,
      transaction_id: args.ids[0],
      user: from.email,
      user_id: from.id,
      direction: 'debit',
      amountCharged: amount,
      balance_before: args.fromBefore,
      balance_after: args.fromBefore - amount,
      counterparty: to.email,
      plan: `Funds sent to ${to.name}`,
      response_msg: MSG.fundsSent,
    },
    {
      ...base,
      transaction_id: args.ids[1],
      user: to.email,
      user_id: to.id,
      direction: 'credit',
      amountCharged: 0,
      balance_before: args.toBefore,
      balance_after: args.toBefore + amount,
      counterparty: from.email,
      plan: `Funds received from ${from.name}`,
      response_msg: SERVER_MSG.fundsReceived,
    },
  ];
}
