import { z } from './zod';
import { endpoint, message, paged, PageQuery } from './endpoint';
import { EpochMs } from './entities';
import { hasAtMostTwoDecimals, Naira, naira, nairaText, type Kobo } from './money';
import {
  percentText,
  PROVIDER_COMMISSION_BPS,
  TIER_PRODUCT_LABELS,
  TIER_PRODUCTS,
  type TierProduct,
} from './tiers';

/**
 * Referral commissions (ADR 0056). A customer who signed up with another's
 * referral code earns that referrer a commission on each purchase that succeeds: a percentage,
 * per product, of our margin on it or of its amount, set by an admin. It is paid from the
 * `referral_expense` system account into the referrer's wallet through the ledger, in the
 * transaction that moves the purchase to `successful`, and taken back if the purchase is
 * reversed. Optionally a fixed bonus when the friend first funds their wallet.
 *
 * Rounding: every commission is rounded DOWN to the kobo (the business's favour), and never
 * exceeds our margin on the purchase (`commissionOf`), so a referral of oneself can at best win
 * back part of the margin, never make money.
 */

export const COMMISSION_BASES = ['margin', 'amount'] as const;
export type CommissionBasis = (typeof COMMISSION_BASES)[number];

export const COMMISSION_BASIS_LABELS: Record<CommissionBasis, string> = {
  margin: 'of our margin',
  amount: 'of the amount',
};

export interface CommissionRate {
  basis: CommissionBasis;
  /** Percent on the wire (at most 2 decimals), basis points once parsed (1 % = 100). */
  percent: number;
}
export type CommissionRates = Record<TierProduct, CommissionRate>;

/**
 * The defaults until an admin saves others: 10 % of our margin on every product (on ₦1,000 of
 * MTN airtime, about ₦4), so referrals pay something from the first start without ever costing
 * more than a sale earns. No first-funding bonus; at most ₦2,000 a day per referrer.
 */
export const DEFAULT_COMMISSION_RATES: CommissionRates = {
  airtime: { basis: 'margin', percent: 1_000 },
  data: { basis: 'margin', percent: 1_000 },
  cabletv: { basis: 'margin', percent: 1_000 },
  electricity: { basis: 'margin', percent: 1_000 },
  education: { basis: 'margin', percent: 1_000 },
};
export const DEFAULT_FIRST_FUNDING_BONUS: Kobo = 0;
export const DEFAULT_REFERRAL_DAILY_CAP: Kobo = 200_000;

/** The largest first-funding bonus an admin can set: ₦5,000. */
export const REFERRAL_BONUS_MAX: Kobo = 500_000;
/** A first funding below ₦1,000 earns no bonus: a token top-up is not a customer won. */
export const REFERRAL_BONUS_MIN_FUNDING: Kobo = 100_000;
/** The largest daily cap per referrer: ₦100,000. ₦0 pays nothing (commissions off). */
export const REFERRAL_CAP_MAX: Kobo = 10_000_000;

export const REFERRAL_MSG = {
  ownCode: 'You cannot use your own referral code.',
  rate: 'Enter a commission from 0 to 100% with at most 2 decimals.',
  basis: 'Choose “of our margin” or “of the amount”.',
  bonus: `Enter a bonus from ₦0 to ${nairaText(REFERRAL_BONUS_MAX)}, with at most 2 decimals.`,
  cap: `Enter a daily cap from ₦0 to ${nairaText(REFERRAL_CAP_MAX)}, with at most 2 decimals.`,
  saved: 'Referral commissions saved.',
  noEarnings: 'No commissions yet. Share your link: you earn when a friend’s purchase succeeds.',
} as const;

/** "A commission on Airtime's amount can be at most 6%: …" */
export function commissionAboveMarginMessage(product: TierProduct): string {
  return `A commission on ${TIER_PRODUCT_LABELS[product]}’s amount can be at most ${percentText(PROVIDER_COMMISSION_BPS[product])}: more would pay out more than the provider gives us.`;
}

/** `base × bps / 10000`, rounded down, in integer math (no product above 2^53). */
export function bpsDown(base: Kobo, bps: number): Kobo {
  if (!Number.isSafeInteger(base) || base <= 0) return 0;
  const q = Math.floor(base / 10_000);
  const r = base - q * 10_000;
  return q * bps + Math.floor((r * bps) / 10_000);
}

/**
 * The commission on a purchase that charged `paid` for `value` of `product` whose cost to us is
 * `cost`: the rate applied to the margin (`paid − cost`) or to the amount paid, rounded down,
 * never more than the margin (nothing when we sold at or below cost).
 */
export function commissionOf(rate: CommissionRate, paid: Kobo, cost: Kobo): Kobo {
  const margin = Math.max(0, paid - cost);
  if (margin === 0 || rate.percent <= 0) return 0;
  return Math.min(margin, bpsDown(rate.basis === 'margin' ? margin : paid, rate.percent));
}

// ── Wire ──────────────────────────────────────────────────────────────────────

/** A rate: percent with at most 2 decimals on the wire, basis points after parsing. */
export const CommissionPercent = z.codec(
  z
    .number({ error: REFERRAL_MSG.rate })
    .check(
      z.gte(0, REFERRAL_MSG.rate),
      z.lte(100, REFERRAL_MSG.rate),
      z.refine(hasAtMostTwoDecimals, REFERRAL_MSG.rate),
    ),
  z.int().check(z.gte(0), z.lte(10_000)),
  { decode: (p) => Math.round(p * 100), encode: (bps) => bps / 100 },
);

const RateSchema = z.object({
  basis: z.enum(COMMISSION_BASES, { error: REFERRAL_MSG.basis }),
  percent: CommissionPercent,
});

export const CommissionRatesSchema = z.object({
  airtime: RateSchema,
  data: RateSchema,
  cabletv: RateSchema,
  electricity: RateSchema,
  education: RateSchema,
});

const bonus = naira(REFERRAL_MSG.bonus).check(
  z.refine((k) => k >= 0 && k <= REFERRAL_BONUS_MAX, REFERRAL_MSG.bonus),
);
const cap = naira(REFERRAL_MSG.cap).check(
  z.refine((k) => k >= 0 && k <= REFERRAL_CAP_MAX, REFERRAL_MSG.cap),
);

export const ReferralSettingsSchema = z.object({
  rates: CommissionRatesSchema,
  first_funding_bonus: bonus,
  daily_cap: cap,
  /** When an admin last saved them; null while the defaults apply. */
  updated_at: z.nullable(EpochMs),
});
export type ReferralSettings = z.output<typeof ReferralSettingsSchema>;

/** What an admin saves; a percentage of the amount above the provider's commission is refused. */
export const ReferralSettingsBody = z
  .object({
    rates: CommissionRatesSchema,
    first_funding_bonus: bonus,
    daily_cap: cap,
  })
  .check(
    z.superRefine((body, ctx) => {
      for (const product of TIER_PRODUCTS) {
        const rate = body.rates[product];
        if (rate.basis === 'amount' && rate.percent > PROVIDER_COMMISSION_BPS[product]) {
          ctx.addIssue({
            code: 'custom',
            path: ['rates', product, 'percent'],
            message: commissionAboveMarginMessage(product),
          });
        }
      }
    }),
  );
export type ReferralSettingsInput = z.input<typeof ReferralSettingsBody>;

export const REFERRAL_EARNING_KINDS = ['purchase', 'first_funding'] as const;
export const REFERRAL_EARNING_STATUSES = ['paid', 'reversed'] as const;

/** One commission as the referrer's Settings → Referrals lists it. */
export const ReferralEarningSchema = z.object({
  id: z.string(),
  kind: z.enum(REFERRAL_EARNING_KINDS),
  /** The friend's first name only: the referrer learns no more about them than that. */
  friend: z.string(),
  /** The purchase's product (Airtime, Data, …); null for a first-funding bonus. */
  product: z.nullable(z.string()),
  amount: Naira,
  /** `reversed`: the purchase was refunded and the commission taken back. */
  status: z.enum(REFERRAL_EARNING_STATUSES),
  created_at: EpochMs,
});
export type ReferralEarning = z.output<typeof ReferralEarningSchema>;

export const ReferralSummarySchema = z.object({
  referral_code: z.string(),
  /** Customers who signed up with the code. */
  referred: z.int().check(z.nonnegative()),
  /** Commissions paid and not reversed. */
  earned: Naira,
  /** What the friends' purchases still pending would earn at today's rates, if they succeed. */
  pending: Naira,
});
export type ReferralSummary = z.output<typeof ReferralSummarySchema>;

export const ReferralsQuery = z.omit(PageQuery, { q: true });

export const myReferrals = endpoint({
  name: 'user.referrals',
  method: 'GET',
  path: '/api/user/referrals',
  access: 'user',
  summary:
    'Your referral code, how many signed up with it, commissions earned and pending, and your earnings, newest first, paged.',
  query: ReferralsQuery,
  response: z.extend(paged(ReferralEarningSchema), { summary: ReferralSummarySchema }),
});
export const referralSettings = endpoint({
  name: 'admin.referralSettings',
  method: 'GET',
  path: '/api/admin/referrals',
  access: 'admin',
  summary: 'The referral commission per product, the first-funding bonus and the daily cap.',
  response: message(ReferralSettingsSchema),
});
export const setReferralSettings = endpoint({
  name: 'admin.setReferralSettings',
  method: 'PUT',
  path: '/api/admin/referrals',
  access: 'admin',
  summary: 'Sets the referral commissions (later purchases only); audited.',
  body: ReferralSettingsBody,
  response: message(ReferralSettingsSchema),
  errors: [400, 401, 403, 423, 429, 500],
});

/** Lower-cased, `+tag` dropped, Gmail's dots ignored: one mailbox, one spelling (ADR 0056). */
export function normalEmail(email: string): string {
  const at = email.trim().toLowerCase().lastIndexOf('@');
  if (at < 0) return email.trim().toLowerCase();
  const lower = email.trim().toLowerCase();
  let local = lower.slice(0, at).split('+')[0]!;
  let domain = lower.slice(at + 1);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

/** Digits only, +234 / 234 written as the leading 0: one line, one spelling. */
export function normalPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('234') && digits.length === 13 ? `0${digits.slice(3)}` : digits;
}
