import { z } from 'zod';
import { endpoint, message } from './endpoint';
import { EpochMs } from './entities';
import { Naira, naira, nairaText, type Kobo } from './money';
import { requiredId } from './rules';

/**
 * Wallet limits by verification level (issue 26 §3; ADR 0058), after the CBN's three-tiered
 * KYC for mobile money wallets (circular BPS/DIR/GEN/CIR/04/007 of 7 September 2017):
 * - level 1: e-mail and phone verified (every customer starts here);
 * - level 2: a BVN checked with the provider, the customer's consent recorded with its time,
 *   only the last 4 digits kept;
 * - level 3: reviewed by an admin.
 * Each level has a maximum balance, a daily funding limit (money in) and a daily spending limit
 * (money out); `null` is no limit. Days are Lagos days. Admins may change the figures.
 */
export const VERIFICATION_LEVELS = [1, 2, 3] as const;
export type VerificationLevel = (typeof VERIFICATION_LEVELS)[number];
export const VerificationLevelSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const LevelLimitsSchema = z.object({
  level: VerificationLevelSchema,
  max_balance: Naira.nullable(),
  daily_funding: Naira.nullable(),
  daily_spending: Naira.nullable(),
});
export type LevelLimits = z.output<typeof LevelLimitsSchema>;

/**
 * The CBN's figures, in kobo: daily cumulative transaction limit ₦50,000 / ₦200,000 /
 * ₦5,000,000 and cumulative balance ₦300,000 / ₦500,000 / unlimited (BPS/DIR/GEN/CIR/04/007).
 * The circular has one daily figure for all transactions: it is used for money in and out.
 */
export const DEFAULT_LEVEL_LIMITS: readonly {
  level: VerificationLevel;
  max_balance: Kobo | null;
  daily_funding: Kobo | null;
  daily_spending: Kobo | null;
}[] = [
  { level: 1, max_balance: 30_000_000, daily_funding: 5_000_000, daily_spending: 5_000_000 },
  { level: 2, max_balance: 50_000_000, daily_funding: 20_000_000, daily_spending: 20_000_000 },
  { level: 3, max_balance: null, daily_funding: 500_000_000, daily_spending: 500_000_000 },
];

export const HELD_REASONS = ['balance', 'daily_funding'] as const;
export type HeldReason = (typeof HELD_REASONS)[number];
export const HELD_STATUSES = ['held', 'released'] as const;

export const HeldCreditSchema = z.object({
  id: z.string(),
  amount: Naira,
  reason: z.enum(HELD_REASONS),
  /** Where it came from: card, bank transfer, a share, an adjustment. */
  source: z.string(),
  status: z.enum(HELD_STATUSES),
  created_at: EpochMs,
  released_at: EpochMs.nullable(),
});
export type HeldCredit = z.output<typeof HeldCreditSchema>;

export const VerificationSchema = z.object({
  level: VerificationLevelSchema,
  limits: LevelLimitsSchema,
  /** Today's (Lagos) money in and out that counted against the limits. */
  funded_today: Naira,
  spent_today: Naira,
  balance: Naira,
  /** The last 4 digits of the checked BVN, and when the customer consented. */
  bvn_last4: z.string().nullable(),
  consented_at: EpochMs.nullable(),
  held: z.array(HeldCreditSchema),
  /** Every level's limits, so the screen can say what the next one allows. */
  levels: z.array(LevelLimitsSchema),
});
export type Verification = z.output<typeof VerificationSchema>;

export const LEVEL_NAMES: Record<VerificationLevel, string> = {
  1: 'Level 1: e-mail and phone verified',
  2: 'Level 2: BVN checked',
  3: 'Level 3: reviewed by our team',
};

export const VERIFICATION_MSG = {
  levelInvalid: 'Choose level 1, 2 or 3.',
  levelSet: 'Verification level saved.',
  limitInvalid: 'Enter an amount in naira with at most 2 decimals, or leave it empty for no limit.',
  limitsSaved: 'Limits saved.',
  userNotFound: 'This user was not found.',
} as const;

/** What raises a level's limits: the next step, for the end of a refusal. */
const nextStep = (level: VerificationLevel) =>
  level === 1
    ? 'Verify your BVN or NIN in Settings to raise it.'
    : level === 2
      ? 'Ask our team for a review in Settings to raise it.'
      : 'It starts again at midnight.';

/**
 * "This would pass your daily spending limit of ₦50,000 for level 1. Verify your BVN or NIN in
 * Settings to raise it."
 */
export const spendingLimitMessage = (limit: Kobo, level: VerificationLevel) =>
  `This would pass your daily spending limit of ${nairaText(limit)} for level ${level}. ${nextStep(level)}`;

/** Why a credit waits (the e-mail and Settings → Verification say it). */
export const heldReasonText = (reason: HeldReason, limit: Kobo, level: VerificationLevel) =>
  reason === 'balance'
    ? `it would take your balance past the level ${level} maximum of ${nairaText(limit)}`
    : `it would pass your daily funding limit of ${nairaText(limit)} for level ${level}`;

export const SetLevelBody = z.object({
  user_id: requiredId(),
  level: z.union([z.literal(1), z.literal(2), z.literal(3)], {
    error: VERIFICATION_MSG.levelInvalid,
  }),
});

/** A limit as typed by an admin: naira, or null for none. */
const LimitNaira = naira(VERIFICATION_MSG.limitInvalid)
  .refine((kobo) => kobo >= 0, VERIFICATION_MSG.limitInvalid)
  .nullable();

export const LevelLimitsBody = z.object({
  level: z.union([z.literal(1), z.literal(2), z.literal(3)], {
    error: VERIFICATION_MSG.levelInvalid,
  }),
  max_balance: LimitNaira,
  daily_funding: LimitNaira,
  daily_spending: LimitNaira,
});

const ERRORS = [400, 401, 403, 404, 409, 422, 429, 500, 502] as const;

export const verificationApi = {
  verification: endpoint({
    name: 'user.verification',
    method: 'GET',
    path: '/api/user/verification',
    access: 'user',
    summary:
      "Your verification level, its limits, today's use, credits held by a limit, and every level's limits.",
    response: message(VerificationSchema),
  }),
  verificationLimits: endpoint({
    name: 'admin.verificationLimits',
    method: 'GET',
    path: '/api/admin/verification/limits',
    access: 'admin',
    summary: "Every verification level's maximum balance and daily funding and spending limits.",
    response: message(z.array(LevelLimitsSchema)),
  }),
  setVerificationLimits: endpoint({
    name: 'admin.setVerificationLimits',
    method: 'PUT',
    path: '/api/admin/verification/limits',
    access: 'admin',
    summary: "Changes one level's limits (audited); null is no limit.",
    body: LevelLimitsBody,
    response: message(z.array(LevelLimitsSchema)),
    errors: ERRORS,
  }),
  userVerification: endpoint({
    name: 'admin.userVerification',
    method: 'GET',
    path: '/api/admin/verification/user',
    access: 'admin',
    summary: "A customer's level, limits, today's use and held credits.",
    query: z.object({ user_id: requiredId() }),
    response: message(VerificationSchema),
    errors: ERRORS,
  }),
  setUserLevel: endpoint({
    name: 'admin.setUserLevel',
    method: 'PUT',
    path: '/api/admin/verification/user',
    access: 'admin',
    summary:
      "Sets a customer's verification level (audited); a rise releases held credits that now fit.",
    body: SetLevelBody,
    response: message(VerificationSchema),
    errors: ERRORS,
  }),
} as const;
