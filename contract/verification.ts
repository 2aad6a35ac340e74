import { z } from './zod';
import { endpoint, message } from './endpoint';
import { TRANSFER_MSG } from './messages';
import { EpochMs } from './entities';
import { Naira, naira, nairaText, type Kobo } from './money';
import { CARD_FEE_PAYERS, cardFee, fundingCredit, stampDuty, type CardFeePayer } from './pricing';
import { requiredId } from './rules';
import { VirtualAccountBody } from './transfers';

/**
 * Wallet limits by verification level (ADR 0058), after the CBN's three-tiered
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
  max_balance: z.nullable(Naira),
  daily_funding: z.nullable(Naira),
  daily_spending: z.nullable(Naira),
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
  released_at: z.nullable(EpochMs),
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
  bvn_last4: z.nullable(z.string()),
  consented_at: z.nullable(EpochMs),
  held: z.array(HeldCreditSchema),
  /** Every level's limits, so the screen can say what the next one allows. */
  levels: z.array(LevelLimitsSchema),
  /** Who bears the card fee: a customer-borne one makes a card payment credit less. */
  card_fee_payer: z.enum(CARD_FEE_PAYERS),
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

// ── Held credits told truthfully (ADR 0076) ──────────────────────────────────────────────────

/** What raises a level's funding limits, as the end of a sentence ("…, or at once when you …"). */
const raiseClause = (level: VerificationLevel) =>
  level === 1
    ? 'verify your BVN or NIN in Settings'
    : level === 2
      ? 'ask our team for a review in Settings'
      : null;

/** What raises a level's limits, as a sentence of its own (a refusal's end). */
const raiseSentence = (level: VerificationLevel) =>
  level === 3 ? 'Pay a smaller amount.' : nextStep(level);

/** How a held credit reaches the wallet: by itself, or at once when the level rises. */
export const heldReleaseText = (reason: HeldReason, level: VerificationLevel) => {
  const by =
    reason === 'balance'
      ? 'It is added after midnight once your balance has room for it'
      : 'It is added after midnight, when a new day’s limit starts';
  const raise = raiseClause(level);
  return raise ? `${by}, or at once when you ${raise}.` : `${by}.`;
};

/**
 * Back from the card checkout when the credit was held, not added: "₦39,950.00 is held, not
 * added to your balance: it would pass your daily funding limit of ₦50,000 for level 1. It is
 * added after midnight, when a new day’s limit starts, or at once when you verify your BVN or
 * NIN in Settings."
 */
export const fundsHeldMessage = (
  /** The amount as the app formats it (e.g. "₦39,950.00"), as TRUST_MSG.fundsAdded takes it. */
  amount: string,
  reason: HeldReason,
  limit: Kobo,
  level: VerificationLevel,
) =>
  `${amount} is held, not added to your balance: ${heldReasonText(reason, limit, level)}. ${heldReleaseText(reason, level)}`;

/** What the Fund Wallet dialog needs of the customer's verification (GET /api/verification). */
export type FundingRoom = Pick<
  Verification,
  'level' | 'limits' | 'funded_today' | 'balance' | 'card_fee_payer'
>;

/**
 * What Fund Wallet says reaches the wallet when the customer bears the card fee ("₦9,810
 * reaches your wallet: the card fee of ₦140 and stamp duty of ₦50 are taken from it."), so a
 * customer is never surprised by a smaller credit; nothing when the business bears it (the
 * stamp-duty note already says all that is taken).
 */
export function creditNote(amount: Kobo, feePayer: CardFeePayer): string | null {
  if (feePayer !== 'customer') return null;
  const fee = nairaText(cardFee(amount));
  const duty = stampDuty(amount);
  const taken = duty
    ? `the card fee of ${fee} and stamp duty of ${nairaText(duty)} are`
    : `the card fee of ${fee} is`;
  return `${nairaText(fundingCredit(amount, feePayer))} reaches your wallet: ${taken} taken from it.`;
}

export type FundingCheck =
  | { kind: 'ok' }
  /** It fits the level but not today or not the balance now: it would be held. */
  | { kind: 'held'; reason: HeldReason; message: string }
  /** It can never fit the level: refused before the checkout. */
  | { kind: 'never'; reason: HeldReason; message: string };

/**
 * Whether a card payment of `amount` would reach the wallet (ADR 0076), from what it credits
 * (the amount less stamp duty, and less the card fee when the customer bears it:
 * `fundingCredit`) against the level's limits, as the ledger
 * decides (ADR 0058): over the daily funding limit or the maximum balance on its own it can
 * never fit this level (refused: "₦60,000 is more than your daily funding limit of ₦50,000 for
 * level 1. Verify your BVN or NIN in Settings to raise it."); over what is left of today's
 * limit, or past the maximum with the balance as it is, it would be held (a warning).
 */
export function fundingCheck(amount: Kobo, room: FundingRoom): FundingCheck {
  const credit = fundingCredit(amount, room.card_fee_payer);
  const { level } = room;
  const { max_balance: max, daily_funding: daily } = room.limits;
  const paid = nairaText(amount);
  if (daily !== null && credit > daily) {
    return {
      kind: 'never',
      reason: 'daily_funding',
      message: `${paid} is more than your daily funding limit of ${nairaText(daily)} for level ${level}. ${raiseSentence(level)}`,
    };
  }
  if (max !== null && credit > max) {
    return {
      kind: 'never',
      reason: 'balance',
      message: `${paid} is more than the level ${level} maximum balance of ${nairaText(max)}. ${raiseSentence(level)}`,
    };
  }
  if (daily !== null && room.funded_today + credit > daily) {
    const left = Math.max(0, daily - room.funded_today);
    return {
      kind: 'held',
      reason: 'daily_funding',
      message: `${paid} would pass your daily funding limit of ${nairaText(daily)} for level ${level} (${nairaText(left)} left today): it would be held, not added to your balance. ${heldReleaseText('daily_funding', level)}`,
    };
  }
  if (max !== null && room.balance + credit > max) {
    return {
      kind: 'held',
      reason: 'balance',
      message: `${paid} would take your balance past the level ${level} maximum of ${nairaText(max)}: it would be held, not added to your balance. ${heldReleaseText('balance', level)}`,
    };
  }
  return { kind: 'ok' };
}

export const SetLevelBody = z.object({
  user_id: requiredId(),
  level: z.union([z.literal(1), z.literal(2), z.literal(3)], {
    error: VERIFICATION_MSG.levelInvalid,
  }),
});

/** A limit as typed by an admin: naira, or null for none. */
const LimitNaira = z.nullable(
  naira(VERIFICATION_MSG.limitInvalid).check(
    z.refine((kobo) => kobo >= 0, VERIFICATION_MSG.limitInvalid),
  ),
);

export const LevelLimitsBody = z.object({
  level: z.union([z.literal(1), z.literal(2), z.literal(3)], {
    error: VERIFICATION_MSG.levelInvalid,
  }),
  max_balance: LimitNaira,
  daily_funding: LimitNaira,
  daily_spending: LimitNaira,
});

// ── Level 2 by BVN (ADR 0063) ─────────────────────────────────────────────────

/**
 * The customer's BVN (11 digits) and their explicit consent to share it with the payment
 * provider: the same rules and messages as the virtual account's form (contract/transfers.ts).
 * The BVN goes to the provider and nowhere else; only its last 4 digits are kept.
 */
export const BvnVerificationBody = z.object({
  bvn: VirtualAccountBody.shape.bvn,
  consent: VirtualAccountBody.shape.consent,
});
/** The form keeps the checkbox as a boolean; the same rules. */
export const bvnVerificationForm = () =>
  z.object({
    bvn: VirtualAccountBody.shape.bvn,
    consent: z.boolean().check(z.refine((v) => v, TRANSFER_MSG.consentRequired)),
  });

/** Our reference of one BVN check: it comes back in the consent page's return address. */
export const BVN_REFERENCE_PARAM = 'bvn_ref';

export const BvnStartSchema = z.object({
  reference: z.string(),
  /** The provider's consent page; where the browser goes next. */
  consent_url: z.string(),
});
export type BvnStart = z.output<typeof BvnStartSchema>;

export const BvnCompleteBody = z.object({
  reference: requiredId(),
});

export const BVN_OUTCOMES = ['verified', 'mismatch', 'declined', 'pending'] as const;
export type BvnOutcome = (typeof BVN_OUTCOMES)[number];

export const BvnResultSchema = z.object({
  outcome: z.enum(BVN_OUTCOMES),
  /** What to tell the customer (BVN_MSG). */
  text: z.string(),
  verification: VerificationSchema,
});
export type BvnResult = z.output<typeof BvnResultSchema>;

export const BVN_MSG = {
  alreadyVerified: 'Your BVN is already verified: your account is at level 2 or higher.',
  verified: 'Your BVN is verified. Your account is now at level 2.',
  mismatch:
    'The name on this BVN does not match the name on your account, so your level has not changed. Check both and try again.',
  declined: 'You did not give consent, so your BVN was not checked. Your level has not changed.',
  pending: 'Your consent has not reached us yet. Try again in a minute.',
  unknownReference: 'This BVN check was not found. Please start again.',
  refused: 'Our payment provider did not accept this BVN. Check the 11 digits and try again.',
  /** One BVN verifies one account (ADR 0063): refused on any other. */
  usedElsewhere:
    'This BVN is already verified on another PayBills account. One BVN can verify one account only.',
  /** The account verified a BVN before and an admin has since set its level (ADR 0063). */
  levelSetByAdmin:
    'Your BVN is already verified on this account. Your level was set by an admin: contact support to change it.',
} as const;

/** Normalised for comparison: trimmed, inner spaces single, lower case (ADR 0063). */
const normaliseName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** The account's first and last names from its one name field: first and last word. */
export function accountNames(fullName: string): { first: string; last: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  return { first, last: words.length > 1 ? words[words.length - 1]! : first };
}

/**
 * ADR 0063's rule: the provider's first and last names equal the account's first and last
 * words, ignoring case and extra spaces, in either order (Nigerian names are often written
 * surname first). Middle names are not compared; an empty name never matches.
 */
export function bvnNamesMatch(accountName: string, firstName: string, lastName: string): boolean {
  const { first, last } = accountNames(accountName);
  const a = [normaliseName(first), normaliseName(last)];
  const b = [normaliseName(firstName), normaliseName(lastName)];
  if (a.some((x) => !x) || b.some((x) => !x)) return false;
  return (a[0] === b[0] && a[1] === b[1]) || (a[0] === b[1] && a[1] === b[0]);
}

const ERRORS = [400, 401, 403, 404, 409, 422, 429, 500, 502] as const;

export const verification = endpoint({
  name: 'user.verification',
  method: 'GET',
  path: '/api/user/verification',
  access: 'user',
  summary:
    "Your verification level, its limits, today's use, credits held by a limit, and every level's limits.",
  response: message(VerificationSchema),
});
export const verificationLimits = endpoint({
  name: 'admin.verificationLimits',
  method: 'GET',
  path: '/api/admin/verification/limits',
  access: 'admin',
  summary: "Every verification level's maximum balance and daily funding and spending limits.",
  response: message(z.array(LevelLimitsSchema)),
});
export const setVerificationLimits = endpoint({
  name: 'admin.setVerificationLimits',
  method: 'PUT',
  path: '/api/admin/verification/limits',
  access: 'admin',
  summary:
    "Changes one level's limits (audited); null is no limit. A rise that would release held credits waits for a second admin (`waits` says so).",
  body: LevelLimitsBody,
  response: z.extend(message(z.array(LevelLimitsSchema)), { waits: z.nullable(z.string()) }),
  errors: ERRORS,
});
export const userVerification = endpoint({
  name: 'admin.userVerification',
  method: 'GET',
  path: '/api/admin/verification/user',
  access: 'admin',
  summary: "A customer's level, limits, today's use and held credits.",
  query: z.object({ user_id: requiredId() }),
  response: message(VerificationSchema),
  errors: ERRORS,
});
export const setUserLevel = endpoint({
  name: 'admin.setUserLevel',
  method: 'PUT',
  path: '/api/admin/verification/user',
  access: 'admin',
  summary:
    "Sets a customer's verification level (audited); a rise releases held credits that now fit, or waits for a second admin under the four-eyes rules (`waits` says so).",
  body: SetLevelBody,
  response: z.extend(message(VerificationSchema), { waits: z.nullable(z.string()) }),
  errors: ERRORS,
});
export const startBvnVerification = endpoint({
  name: 'user.startBvnVerification',
  method: 'POST',
  path: '/api/user/verification/bvn',
  access: 'user',
  summary:
    'Level 2: sends the BVN (with consent) to the provider and answers its consent page; only the last 4 digits are kept.',
  body: BvnVerificationBody,
  response: message(BvnStartSchema),
  errors: ERRORS,
});
export const completeBvnVerification = endpoint({
  name: 'user.completeBvnVerification',
  method: 'POST',
  path: '/api/user/verification/bvn/complete',
  access: 'user',
  summary:
    "Back from the consent page: asks the provider; level 2 when the BVN's names match the account's (releases held credits).",
  body: BvnCompleteBody,
  response: message(BvnResultSchema),
  errors: ERRORS,
});
