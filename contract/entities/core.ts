import { z } from '../zod';
import { Naira } from '../money';

/** What every signed-in page shows: the user, their transactions and coupons, and the statuses. */

/** Epoch milliseconds (spec §3: date, last_login, issued_at, expires_at, created_on). */
export const EpochMs = z.int().check(z.nonnegative());

export const TRANSACTION_STATUSES = [
  'successful',
  'failed',
  'reversed',
  'pending',
  'cancelled',
] as const;

export const TransactionStatusSchema = z.enum(TRANSACTION_STATUSES);

export type TransactionStatus = z.infer<typeof TransactionStatusSchema>;

/** Final states: a user may delete (hide) only these from their history (decisions §5). */
export const FINAL_TRANSACTION_STATUSES: readonly TransactionStatus[] = [
  'successful',
  'failed',
  'reversed',
  'cancelled',
];

export const PAYMENT_STATUSES = ['completed', 'failed', 'pending', 'cancelled'] as const;

export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);

export const PAYMENT_CHANNELS = ['card', 'bank_transfer'] as const;

export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/** Spec §4 colours by status: the design system maps these tones to tokens. */
export type StatusTone = 'danger' | 'success-strong' | 'neutral' | 'success';

export function transactionTone(status: string): StatusTone {
  if (status === 'failed' || status === 'cancelled') return 'danger';
  if (status === 'reversed') return 'success-strong';
  // A held credit's line (ADR 0076) waits, as a pending one does.
  if (status === 'pending' || status === 'held') return 'neutral';
  return 'success'; // successful and any other
}

export function paymentTone(status: string): StatusTone {
  if (status === 'failed' || status === 'cancelled') return 'danger';
  if (status === 'pending') return 'neutral';
  return 'success'; // completed
}

export const PresenceSchema = z.enum(['online', 'offline']);

/**
 * Transaction products (spec §3), plus Transfer for shared funds; Funding, Commission and
 * Adjustment name the wallet statement's lines that are no purchase (ADR 0045).
 */
export const PRODUCTS = [
  'Airtime',
  'Data',
  'CableTV',
  'Electricity',
  'Education',
  'Coupon',
  'Transfer',
  'Funding',
  'Commission',
  'Adjustment',
  /** A withdrawal to a bank account (ADR 0084): its statement line names the account and bank. */
  'Withdrawal',
] as const;

export const ProductSchema = z.enum(PRODUCTS);

export type Product = z.infer<typeof ProductSchema>;

/** Coupon product values (spec §7). A coupon code ends with one of these. */
export const COUPON_PRODUCTS = [
  'AIRTIME',
  'DATA-REGULAR',
  'DATA-NON-REGULAR',
  'CABLETV',
  'EDUCATION',
  'ELECTRICITY',
] as const;

export const CouponProductSchema = z.enum(COUPON_PRODUCTS);

export type CouponProduct = z.infer<typeof CouponProductSchema>;

/** Which purchase screen redeems a coupon product (spec §4 coupon flow). */
export const COUPON_SCREEN: Record<CouponProduct, Product> = {
  AIRTIME: 'Airtime',
  'DATA-REGULAR': 'Data',
  'DATA-NON-REGULAR': 'Data',
  CABLETV: 'CableTV',
  EDUCATION: 'Education',
  ELECTRICITY: 'Electricity',
};

/**
 * What a wallet statement line is (ADR 0045): one per movement of the customer's wallet, plus
 * purchases paid by coupon (they move no wallet money but belong to the history).
 */
export const STATEMENT_KINDS = [
  'card_funding',
  'bank_transfer',
  'purchase',
  'refund',
  'share_in',
  'share_out',
  'coupon',
  'commission',
  'adjustment',
] as const;

export const StatementKindSchema = z.enum(STATEMENT_KINDS);

export type StatementKind = z.infer<typeof StatementKindSchema>;

/** Why a credit was held (contract/verification.ts HELD_REASONS, repeated: no import cycle). */
export const HeldLineSchema = z.object({
  status: z.enum(['held', 'released']),
  reason: z.enum(['balance', 'daily_funding']),
  /** The credit held (what reaches the wallet when released). */
  amount: Naira,
  /** When the money arrived and was held, and when it reached the wallet. */
  held_at: EpochMs,
  released_at: z.nullable(EpochMs),
});
export type HeldLine = z.output<typeof HeldLineSchema>;

export const TransactionSchema = z.object({
  transaction_id: z.string(),
  user: z.string().check(z.describe('e-mail of the owner')),
  user_id: z.string(),
  date: EpochMs,
  product: ProductSchema,
  /** Face value of the purchase (airtime amount, plan price, electricity amount…). */
  value: Naira,
  status: TransactionStatusSchema,
  /** Debit (money left the wallet) or credit (received funds, refunds are separate entries). */
  direction: z.enum(['debit', 'credit']),
  amountCharged: Naira,
  balance_before: Naira,
  balance_after: Naira,
  service_id: z.optional(z.string()),
  plan: z.optional(z.string()),
  transaction_phone: z.optional(z.string()),
  meter_number: z.optional(z.string()),
  customerName: z.optional(z.string()),
  quantity: z.optional(z.int().check(z.positive())),
  smart_card_number: z.optional(z.string()),
  account_id: z.optional(z.string()),
  token: z.optional(z.string()),
  exchangeReference: z.optional(z.string()),
  units: z.optional(z.string()),
  /** Exam pins or other codes the provider returned. */
  purchased_code: z.optional(z.string()),
  /** Counterparty e-mail for Transfer. */
  counterparty: z.optional(z.string()),
  coupon_code: z.optional(z.string()),
  response_msg: z.optional(z.string()),
  // The wallet statement's fields (ADR 0045): optional, so answers and fixtures from before
  // the statement still parse. A line's sign is `direction`; `balance_after` is the ledger's.
  kind: z.optional(StatementKindSchema),
  /** What moved in or out of the wallet (0 for a purchase paid by coupon). */
  amount: z.optional(Naira),
  /** Funding lines: the provider's fee the customer bore and the stamp duty kept back. */
  fee: z.optional(Naira),
  stamp_duty: z.optional(Naira),
  /** Funding lines: our reference for the card payment or the bank transfer. */
  reference: z.optional(z.string()),
  /** A refund line: the purchase it refunds. */
  refund_of: z.optional(z.string()),
  /** A refunded purchase: how much came back and when. */
  refund: z.optional(z.object({ amount: Naira, date: EpochMs })),
  /** Shares: the other customer's display name (`counterparty` is their e-mail). */
  counterparty_name: z.optional(z.string()),
  /** An adjustment line: why an admin credited or debited the wallet (ADR 0050). */
  reason: z.optional(z.string()),
  /**
   * A credit a verification level's limit held (ADR 0058, ADR 0076): while `held`, a line that
   * moved no wallet money (not in the balance or the totals); once `released`, the release's
   * line, of its source's kind, with the funding's `reference`.
   */
  held: z.optional(HeldLineSchema),
});

export type Transaction = z.output<typeof TransactionSchema>;

export const CouponMetaSchema = z.object({
  product: CouponProductSchema,
  /** Display name, e.g. "MTN 1GB - 30 days" or "₦500 Airtime". */
  name: z.string(),
  plan: z.optional(z.string()),
  /** Face value per coupon. */
  amount: Naira,
  plan_id: z.optional(z.string()),
  network_id: z.optional(z.string()),
  service_id: z.optional(z.string()),
  /** Electricity coupons: the meter type the token is for (always prepaid when bought). */
  variation_code: z.optional(z.enum(['prepaid', 'postpaid'])),
});

export type CouponMeta = z.output<typeof CouponMetaSchema>;

export const CouponSchema = z.object({
  coupon_code: z.string(),
  meta_data: CouponMetaSchema,
  isValid: z.boolean(),
  issued_at: EpochMs,
  expires_at: EpochMs,
});

export type Coupon = z.output<typeof CouponSchema>;

export const UserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  wallet_balance: Naira,
  isAdmin: z.boolean(),
  has_created_secret_pin: z.boolean(),
  email_verified: z.boolean(),
  referral_code: z.string(),
  status: PresenceSchema,
  last_login: z.nullable(EpochMs),
  isBlocked: z.boolean(),
  /** The customer's price tier (ADR 0027); absent in answers from before tiers. */
  tier_id: z.optional(z.string()),
  created_on: EpochMs,
});

export type User = z.output<typeof UserSchema>;

/** How many of the newest transactions and coupons `GET /api/user` carries (ADR 0020). */
export const CURRENT_USER_RECENT = 5;

/**
 * `GET /api/user`: the signed-in user with their most recent transactions and coupons (spec
 * §7), at most CURRENT_USER_RECENT of each, and the history's totals for the overview; the
 * whole history is paged by `GET /api/user/transactions` and `/api/user/coupons` (ADR 0020).
 */
export const CurrentUserSchema = z.extend(UserSchema, {
  transactions: z.array(TransactionSchema).check(z.maxLength(CURRENT_USER_RECENT)),
  coupons: z.array(CouponSchema).check(z.maxLength(CURRENT_USER_RECENT)),
  /** Transactions in the customer's history (the ones they deleted not counted). */
  transactions_count: z.int().check(z.nonnegative()),
  /** Sum of the values of the successful ones among them. */
  successful_total: Naira,
  /**
   * From the wallet's ledger (ADR 0045): what left the wallet net of refunds, and what came in
   * (funding, shares received, commission, adjustments; refunds not counted twice).
   */
  spent_total: z.optional(Naira),
  received_total: z.optional(Naira),
});

export type CurrentUser = z.output<typeof CurrentUserSchema>;
