import type { Kobo } from './money';

/** One naira in kobo. */
export const NAIRA: Kobo = 100;

/** Business constants (spec §9); a module of their own (ADR 0066). */
export const LIMITS = {
  pageSize: 5,
  overviewTransactions: 5,
  recentlyActiveMs: 1_000_000,
  airtimeRuleMinimum: 51 * NAIRA, // "greater than 50"
  airtimeMinimum: 100 * NAIRA,
  electricityMinimum: 500 * NAIRA,
  couponAirtimeElectricityMinimum: 200 * NAIRA,
  educationUnits: { min: 1, max: 5 },
  couponUnits: { min: 1, max: 100 },
  couponLifetimeDays: 90,
  stampDutyAbove: 9_999 * NAIRA,
  stampDuty: 50 * NAIRA,
  electricityFlatFeeFrom: 1_000 * NAIRA,
  electricityFlatFee: 100 * NAIRA,
  cardFeeBps: 140, // 1.4 %
  cardFeeCap: 2_000 * NAIRA,
  verificationLinkHours: 24,
  deletionDays: 30,
  /** Saved recipients per customer, and recent destinations shown per product. */
  savedRecipients: 20,
  recentRecipients: 5,
  recipientName: 40,
} as const;
