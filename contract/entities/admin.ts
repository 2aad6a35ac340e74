import { z } from '../zod';
import { Naira } from '../money';
import { BearerItemSchema } from '../bearer-secrets';
import { EpochMs, PaymentStatusSchema, ProductSchema, TransactionSchema } from './core';

/** What only the admin dashboard shows: providers tried, the overview, reconciliation, the dev mailbox. */

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

export const ProviderAnswerSchema = z.object({
  provider: z.string(),
  code: z.nullable(z.string()),
  message: z.string(),
  requery_attempts: z.int().check(z.nonnegative()),
});

export type ProviderAnswer = z.output<typeof ProviderAnswerSchema>;

/**
 * A transaction as an admin sees it (`GET /api/transactions/all`): with the providers a
 * purchase tried, in order (ADR 0052); null on a row from before failover or one no provider
 * saw. Only the admin's list uses it: provider names are ours, never the customer's.
 */
export const AdminTransactionSchema = z.extend(TransactionSchema, {
  providers_tried: z.optional(z.nullable(z.array(TriedProviderSchema))),
  /**
   * Its coupon codes, token and exam pins, masked (ADR 0071): `token`, `purchased_code` and
   * `coupon_code` hold the same masked text; each item is revealed on its own.
   */
  secrets: z.array(BearerItemSchema),
  /**
   * The provider's last answer about it, as it gave it (ADR 0074): whose, its code (VTpass's;
   * null when the answer has none) and its own words, with how often it was requeried. The
   * customer reads a plain sentence instead; only admins see these.
   */
  provider_answer: z.optional(z.nullable(ProviderAnswerSchema)),
});

export type AdminTransaction = z.output<typeof AdminTransactionSchema>;

export const MailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sent_at: EpochMs,
});

export type Mail = z.output<typeof MailSchema>;

/** Withdrawals over a span of Lagos days (ADR 0094). */
export const WithdrawalFiguresSchema = z.object({
  /**
   * Our withdrawal fees booked to `fees_income` in the span, less the fees refunds took back in
   * it (from the ledger): negative on a day whose refunds were of earlier days' withdrawals.
   */
  fee_income: Naira,
  /** Withdrawals that settled (paid into the account) in the span. */
  settled_count: z.int().check(z.nonnegative()),
  /** What those sent to the banks (the amounts, without fee or duty). */
  settled_amount: Naira,
});

export type WithdrawalFigures = z.output<typeof WithdrawalFiguresSchema>;

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
  /**
   * Withdrawals to bank accounts (ADR 0094): today (Lagos) and the 30 Lagos days of `daily`,
   * and how many are processing or waiting for review now, whenever made.
   */
  withdrawals: z.object({
    today: WithdrawalFiguresSchema,
    last_30_days: WithdrawalFiguresSchema,
    pending: z.int().check(z.nonnegative()),
    awaiting_review: z.int().check(z.nonnegative()),
  }),
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
 * A disputed purchase (ADR 0073): the provider's definite answer came for a purchase already
 * settled the other way. What we did: `delivered` (successful), `refunded` (reversed), or
 * `failed` (failed, its refund not yet made).
 */
export const DISPUTE_OURS = ['delivered', 'refunded', 'failed'] as const;
export type DisputeOurs = (typeof DISPUTE_OURS)[number];
export const DISPUTE_OURS_LABEL: Record<DisputeOurs, string> = {
  delivered: 'Delivered',
  refunded: 'Refunded',
  failed: 'Failed, not yet refunded',
};
/** What the provider said: it delivered the purchase, or it failed it (or has no record of it). */
export const DISPUTE_ANSWERS = ['delivered', 'failed'] as const;
export type DisputeAnswer = (typeof DISPUTE_ANSWERS)[number];

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
  /** Bank transfers to nobody's account waiting for an admin. */
  held_transfers: z.int().check(z.nonnegative()),
  /** Credited bank transfers whose payment or wallet credit does not match. */
  transfer_problems: z.array(z.string()),
  /**
   * Withdrawals (ADR 0084): payouts at Flutterwave with no withdrawal of ours, withdrawals paid
   * with no payout there, amounts or outcomes that disagree. Optional: older answers lack it.
   */
  withdrawal_problems: z.optional(z.array(z.string())),
  /** Disputed purchases no owner has resolved yet, oldest first (ADR 0073). */
  open_disputes: z.array(
    z.object({
      transaction_id: z.string(),
      user: z.string(),
      product: ProductSchema,
      amount: Naira,
      ours: z.enum(DISPUTE_OURS),
      provider_says: z.enum(DISPUTE_ANSWERS),
      provider_code: z.nullable(z.string()),
      seen_at: EpochMs,
    }),
  ),
});

export type Reconciliation = z.output<typeof ReconciliationSchema>;
