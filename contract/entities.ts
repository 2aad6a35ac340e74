import { z } from './zod';
import { Naira } from './money';

/** Epoch milliseconds (spec §3: date, last_login, issued_at, expires_at, created_on). */
export const EpochMs = z.int().check(z.nonnegative());

// ── Statuses (spec §4) ────────────────────────────────────────────────────────

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
  if (status === 'pending') return 'neutral';
  return 'success'; // successful and any other
}
export function paymentTone(status: string): StatusTone {
  if (status === 'failed' || status === 'cancelled') return 'danger';
  if (status === 'pending') return 'neutral';
  return 'success'; // completed
}

export const PresenceSchema = z.enum(['online', 'offline']);

// ── Products ──────────────────────────────────────────────────────────────────

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

// ── Entities (spec §3) ────────────────────────────────────────────────────────

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
});
export type Transaction = z.output<typeof TransactionSchema>;

/** What became of one provider for one purchase (the record's `providers_tried`). */
export const TRIED_RESULTS = [
  /** The purchase was sent: the record's status is its answer. */
  'sent',
  /** It refused definitely: the purchase went to the next provider. */
  'refused',
  /** Skipped: paused by the breaker. */
  'paused',
  /** Skipped: the last catalogue sync shows no code for the plan there. */
  'not_sold',
  /** Skipped: it sells the plan above our price. */
  'above_price',
] as const;
export const TriedProviderSchema = z.object({
  provider: z.string(),
  result: z.enum(TRIED_RESULTS),
  message: z.nullable(z.string()),
});
export type TriedProvider = z.output<typeof TriedProviderSchema>;

/**
 * A transaction as an admin sees it (`GET /api/transactions/all`): with the providers a
 * purchase tried, in order (ADR 0052); null on a row from before failover or one no provider
 * saw. Only the admin's list uses it: provider names are ours, never the customer's.
 */
export const AdminTransactionSchema = z.extend(TransactionSchema, {
  providers_tried: z.optional(z.nullable(z.array(TriedProviderSchema))),
});
export type AdminTransaction = z.output<typeof AdminTransactionSchema>;

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

export const PaymentSchema = z.object({
  id: z.string(),
  /** Our reference sent to the card provider (tx_ref). */
  t_id: z.string(),
  user: z.string(),
  user_id: z.string(),
  amount: Naira,
  /** What reached the wallet: amount minus stamp duty (spec §9). Zero until completed. */
  credited: Naira,
  status: PaymentStatusSchema,
  /** The provider's reference (transaction_id), once known. */
  payment_reference: z.nullable(z.string()),
  date_of_payment: EpochMs,
  /** How the money came: the card checkout or a bank transfer (issue 16). */
  channel: z.enum(PAYMENT_CHANNELS),
});
export type Payment = z.output<typeof PaymentSchema>;

// ── Catalogue (spec §3; decisions §9) ─────────────────────────────────────────

export const NetworkSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Airtime service id at the provider (mtn, glo, airtel, etisalat). */
  service_id: z.string(),
  /** Percent taken off airtime bought from the wallet (spec §9). */
  wallet_percent_off: z.number().check(z.gte(0), z.lte(100)),
});
export type Network = z.output<typeof NetworkSchema>;

/**
 * Why a catalogue sync flagged a plan (ADR 0044): the provider charges us more than we sell it
 * for (taken off sale until repriced), the provider no longer lists it (off sale), or the
 * provider lists it and we had not (added off sale until an admin prices it).
 */
export const SYNC_FLAGS = ['price_above_ours', 'not_at_provider', 'new'] as const;
export type SyncFlag = (typeof SYNC_FLAGS)[number];

/**
 * What the last catalogue sync learnt of a plan: only in the admin catalogue
 * (`GET /api/product/all`); customers' lists never carry our cost.
 */
const PlanSyncFields = {
  /** The provider's price, our cost; null until a sync saw the plan. */
  cost: z.optional(z.nullable(Naira)),
  /** The provider adapter that said it (`vtpass`, `flutterwave`, `sandbox-vt`…). */
  provider: z.optional(z.nullable(z.string())),
  synced_at: z.optional(z.nullable(EpochMs)),
  sync_flag: z.optional(z.nullable(z.enum(SYNC_FLAGS))),
};

export const DataPlanSchema = z.object({
  id: z.string(),
  plan_id: z.string(),
  name: z.string(),
  wallet_price: Naira,
  /** false once an admin removed the plan from sale (history keeps it). */
  on_sale: z.optional(z.boolean()),
  ...PlanSyncFields,
});
export type DataPlan = z.output<typeof DataPlanSchema>;

export const DataVariationSchema = z.object({
  id: z.string(),
  name: z.string(),
  network_id: z.string(),
  service_id: z.string(),
  /** SPECTRANET and SMILE BUNDLES are bought for an account id, not a phone (spec §5). */
  requires_account_id: z.boolean(),
  plans: z.array(DataPlanSchema),
});
export type DataVariation = z.output<typeof DataVariationSchema>;

export const PricedPlanSchema = z.object({
  id: z.string(),
  plan_id: z.string(),
  name: z.string(),
  price: Naira,
  /** false once an admin removed the plan from sale (history keeps it). */
  on_sale: z.optional(z.boolean()),
  ...PlanSyncFields,
});
export type PricedPlan = z.output<typeof PricedPlanSchema>;

/** Cable TV and education share a shape: a flat convenience fee per unit (spec §9). */
export const BillVariationSchema = z.object({
  id: z.string(),
  name: z.string(),
  service_id: z.string(),
  wallet_convinience_fee: Naira,
  plans: z.array(PricedPlanSchema),
});
export type BillVariation = z.output<typeof BillVariationSchema>;
export const CableVariationSchema = BillVariationSchema;
export const EducationVariationSchema = BillVariationSchema;

export const ElectricityVariationSchema = z.object({
  id: z.string(),
  name: z.string(),
  service_id: z.string(),
  variation_code: z.enum(['prepaid', 'postpaid']),
  /** A percent of the amount, charged under ₦1,000 (spec §9); flat ₦100 from ₦1,000. */
  wallet_convinience_fee: z.number().check(z.gte(0), z.lte(100)),
});
export type ElectricityVariation = z.output<typeof ElectricityVariationSchema>;

/** `GET /api/product/all` (admin): the whole catalogue in one answer. */
export const CatalogueSchema = z.object({
  networks: z.array(NetworkSchema),
  data: z.array(DataVariationSchema),
  cabletv: z.array(CableVariationSchema),
  electricity: z.array(ElectricityVariationSchema),
  education: z.array(EducationVariationSchema),
});
export type Catalogue = z.output<typeof CatalogueSchema>;

export const MailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sent_at: EpochMs,
});
export type Mail = z.output<typeof MailSchema>;

/** Admin overview figures (spec §2 admin 1), with a 30-day series. */
export const AdminOverviewSchema = z.object({
  total_users: z.int().check(z.nonnegative()),
  payments_count: z.int().check(z.nonnegative()),
  payments_amount: Naira,
  /** Users who logged in within the last 1,000,000 ms (spec §4). */
  recent_users: z.int().check(z.nonnegative()),
  /** Referral commissions paid, net of what reversals took back (ADR 0056): all time, this Lagos month. */
  commissions_paid: Naira,
  commissions_paid_month: Naira,
  daily: z.array(
    z.object({
      day: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
      value: Naira,
      count: z.int().check(z.nonnegative()),
    }),
  ),
});
export type AdminOverview = z.output<typeof AdminOverviewSchema>;

/** Why a card payment's provider state disagrees with ours (ADR 0017). */
export const PAYMENT_MISMATCHES = {
  charged_not_credited: 'The provider charged the card but the wallet was never credited.',
  credited_not_charged:
    'The wallet was credited but the provider says the charge did not go through.',
} as const;
export type PaymentMismatch = keyof typeof PAYMENT_MISMATCHES;

/**
 * The reconciliation report (ADR 0017; `npm run reconcile` and the admin overview): the ledger's
 * invariants, purchases pending longer than PENDING_ALERT_HOURS, and recent card payments whose
 * provider state disagrees with ours. `ok` when there is nothing to look at.
 */
export const ReconciliationSchema = z.object({
  ok: z.boolean(),
  checked_at: EpochMs,
  /** Broken ledger invariants, in words (none when healthy). */
  ledger: z.array(z.string()),
  pending_alert_hours: z.number().check(z.positive()),
  stale_purchases: z.array(
    z.object({
      transaction_id: z.string(),
      user: z.string(),
      product: ProductSchema,
      amount: Naira,
      provider: z.nullable(z.string()),
      created_at: EpochMs,
      requery_attempts: z.int().check(z.nonnegative()),
      /** The requery worker has flagged it for an admin. */
      flagged: z.boolean(),
    }),
  ),
  /** Card payments of the last `payments_days` days asked about at the provider. */
  payments_days: z.int().check(z.positive()),
  payments_checked: z.int().check(z.nonnegative()),
  /** Of those, how many the provider could not confirm either way (not counted as disagreeing). */
  payments_unchecked: z.int().check(z.nonnegative()),
  payment_mismatches: z.array(
    z.object({
      t_id: z.string(),
      user: z.string(),
      amount: Naira,
      ours: PaymentStatusSchema,
      provider: z.string(),
      problem: z.enum(Object.keys(PAYMENT_MISMATCHES) as [PaymentMismatch, ...PaymentMismatch[]]),
    }),
  ),
  /** Bank transfers to nobody's account waiting for an admin (issue 16). */
  held_transfers: z.int().check(z.nonnegative()),
  /** Credited bank transfers whose payment or wallet credit does not match (issue 16). */
  transfer_problems: z.array(z.string()),
});
export type Reconciliation = z.output<typeof ReconciliationSchema>;

/** Products a customer buys for a destination they may want again (issue 17). */
export const RECIPIENT_PRODUCTS = ['Airtime', 'Data', 'CableTV', 'Electricity'] as const;
export const RecipientProductSchema = z.enum(RECIPIENT_PRODUCTS);
export type RecipientProduct = z.output<typeof RecipientProductSchema>;

/**
 * Where a purchase went: a phone and its network (Airtime, Data), an account id (SPECTRANET,
 * SMILE), a smart card and its TV provider, a meter and its DisCo. Saved ones have an id and a
 * name the customer gave ("Mum's MTN"); recent ones come from the customer's own purchases.
 */
export const RecipientSchema = z.object({
  /** A saved recipient's id (to delete it); null for a recent one. */
  id: z.nullable(z.string()),
  product: RecipientProductSchema,
  /** Phone, account id, smart card or meter number. */
  destination: z.string(),
  /** The network's, TV provider's or DisCo's service id in the catalogue. */
  service_id: z.string(),
  /** Electricity only: the meter type. */
  variation_code: z.nullable(z.enum(['prepaid', 'postpaid'])),
  /** The name the customer gave a saved recipient; null for a recent one. */
  name: z.nullable(z.string()),
  /** When it was last bought for (recent) or saved (saved), epoch ms. */
  last_used: EpochMs,
});
export type Recipient = z.output<typeof RecipientSchema>;

/** `GET /api/user/recipients`: the customer's saved recipients and recent destinations. */
export const RecipientsSchema = z.object({
  saved: z.array(RecipientSchema),
  recent: z.array(RecipientSchema),
});
export type Recipients = z.output<typeof RecipientsSchema>;

export const CustomerLookupSchema = z.object({
  customer_name: z.string(),
  address: z.optional(z.string()),
  meter_number: z.optional(z.string()),
  current_bouquet: z.optional(z.string()),
  due_date: z.optional(z.string()),
  min_purchase_amount: z.optional(Naira),
});
export type CustomerLookup = z.output<typeof CustomerLookupSchema>;
