import { z } from './zod';
import { endpoint, IdParams, message, paged, PageQuery, Text } from './endpoint';
import { EpochMs } from './entities';
import { Naira, naira, nairaText, type Kobo } from './money';
import { isDigits, MAX_LENGTH, notEmpty, requiredPin, text } from './rules';

/**
 * Withdrawals (ADR 0084): a customer sends their wallet to any Nigerian bank account through
 * Flutterwave Transfers v3. The whole debit (amount + fee + stamp duty) leaves the wallet, as
 * `pending`, before the provider is called; success settles it, a definite failure returns all
 * of it, anything else waits for the requery. Above an owner-set amount a withdrawal waits for
 * a finance admin (four eyes, ADR 0070); a rejection returns the whole debit at once.
 * Amounts are naira on the wire and kobo inside, as everywhere (decisions §3).
 */

// ── Statuses ──────────────────────────────────────────────────────────────────

/**
 * - `awaiting_review`: above the review threshold; debited, not sent, waits for a finance admin;
 * - `pending`: debited and sent (or being sent): the bank's answer is not final yet;
 * - `successful`: the bank credited the account;
 * - `failed`: the bank transfer failed: the whole debit is back in the wallet;
 * - `refunded`: rejected in review (with its reason): the whole debit is back in the wallet.
 */
export const WITHDRAWAL_STATUSES = [
  'pending',
  'awaiting_review',
  'successful',
  'failed',
  'refunded',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * Why a withdrawal waits for review (ADR 0088, `withdrawals.review_reason`): its amount is above
 * the review amount; the customer's withdrawals of the Lagos day, this one included, come to
 * more than it; or it would draw on money admins credited in the last 7 days.
 */
export const WITHDRAWAL_REVIEW_REASONS = [
  'amount',
  'daily_total',
  'recent_adjustment',
  'new_key',
] as const;

/**
 * Hours after an owner lets an API key send withdrawals during which every withdrawal through it
 * waits for review (ADR 0091): a second admin sees each one while the customer, told at once by
 * e-mail and SMS, has a day to revoke a key they did not ask to arm.
 */
export const NEW_KEY_REVIEW_HOURS = 24;
export type WithdrawalReviewReason = (typeof WITHDRAWAL_REVIEW_REASONS)[number];

/**
 * The reason in plain words for the admin who approves: "Above ₦200,000", "The day's
 * withdrawals above the review amount", "Paid from recent admin credit". The review amount is
 * not kept per withdrawal: `above` is named only when the caller knows it held (the amount is
 * above the amount set now), else the words say "the review amount".
 */
export function reviewReasonLabel(reason: WithdrawalReviewReason, above?: Kobo): string {
  switch (reason) {
    case 'amount':
      return above === undefined ? 'Above the review amount' : `Above ${nairaText(above)}`;
    case 'daily_total':
      return "The day's withdrawals above the review amount";
    case 'recent_adjustment':
      return 'Paid from recent admin credit';
    case 'new_key':
      return 'Through an API key armed in the last day';
  }
}

export const WITHDRAWAL_STATUS_LABEL: Record<WithdrawalStatus, string> = {
  pending: 'Processing',
  awaiting_review: 'Awaiting review',
  successful: 'Successful',
  failed: 'Failed (refunded)',
  refunded: 'Rejected (refunded)',
};

// ── Money rules ───────────────────────────────────────────────────────────────

/** The smallest withdrawal: ₦100. */
export const WITHDRAWAL_MIN_KOBO: Kobo = 10_000;
/** The largest single withdrawal the form accepts (the level's limits may be lower): ₦5,000,000. */
export const WITHDRAWAL_MAX_KOBO: Kobo = 500_000_000;

/**
 * Electronic money transfer levy (stamp duty) of ₦50 on a transfer of ₦10,000 and above, paid by
 * the sender, from 1 January 2026 (Nigeria Tax Act 2025; domain facts).
 */
export const WITHDRAWAL_DUTY_KOBO: Kobo = 5_000;
export const WITHDRAWAL_DUTY_FROM_KOBO: Kobo = 1_000_000;
export const withdrawalDuty = (amount: Kobo): Kobo =>
  amount >= WITHDRAWAL_DUTY_FROM_KOBO ? WITHDRAWAL_DUTY_KOBO : 0;

/** One band of the fee table: transfers up to `up_to` (inclusive; `null`: no upper end) cost `fee`. */
export const FeeBandSchema = z.object({ up_to: z.nullable(Naira), fee: Naira });
export type FeeBand = z.output<typeof FeeBandSchema>;

/** The owner-set fee: one flat amount, or by band of the amount. */
export const WithdrawalFeeSchema = z.object({
  kind: z.enum(['flat', 'bands']),
  flat: Naira,
  bands: z.array(FeeBandSchema),
});
export type WithdrawalFee = z.output<typeof WithdrawalFeeSchema>;

/**
 * Default: Flutterwave's NGN transfer fee, passed on at cost, as far as its published samples
 * show it (ADR 0084 "What Flutterwave documents", ADR 0089): ₦10.75 on ₦100 and ₦1,222,
 * ₦26.875 on ₦5,500 and ₦12,500
 * (https://github.com/Flutterwave/Node-v3/blob/master/documentation/transfers.md: "Get all
 * transfers" `"amount": 1222, "fee": 10.75` and `"amount": 100, "fee": 10.75`; "Create a
 * transfer" `"amount": 5500, "fee": 26.875`; "Get transfer fee" `"amount": "12500"` →
 * `"fee": 26.875`); ₦26.875 is 2,687.5 kobo, kept as 2,688 (as the adapter reads it). VAT
 * "7.5% is charged on all Flutterwave fees (including transaction, transfer, and foreign
 * processing fees)" (https://flutterwave.com/us/support/payment-methods/afrigo-cards), so
 * ₦10 and ₦25 before VAT.
 * NOT CONFIRMED (the docs are silent): where the bands break (₦5,000 and ₦50,000, each taken
 * as inclusive: `up_to`) and the ₦53.75 above ₦50,000; no stored Flutterwave page states
 * them (flutterwave.com/ng/pricing could not be read). The owner sets the real figures from
 * the dashboard or `GET /v3/transfers/fee` (ADR 0084).
 */
export const DEFAULT_WITHDRAWAL_FEE: WithdrawalFee = {
  kind: 'bands',
  flat: 0,
  bands: [
    { up_to: 500_000, fee: 1_075 },
    { up_to: 5_000_000, fee: 2_688 },
    { up_to: null, fee: 5_375 },
  ],
};

/** The fee on a withdrawal of `amount` kobo under `rule`. */
export function withdrawalFee(amount: Kobo, rule: WithdrawalFee): Kobo {
  if (rule.kind === 'flat') return rule.flat;
  const band = rule.bands.find((b) => b.up_to === null || amount <= b.up_to);
  return band?.fee ?? rule.bands.at(-1)?.fee ?? 0;
}

export interface WithdrawalCost {
  amount: Kobo;
  fee: Kobo;
  duty: Kobo;
  /** What leaves the wallet: amount + fee + duty. */
  total: Kobo;
}
export function withdrawalCost(amount: Kobo, rule: WithdrawalFee): WithdrawalCost {
  const fee = withdrawalFee(amount, rule);
  const duty = withdrawalDuty(amount);
  return { amount, fee, duty, total: amount + fee + duty };
}

/**
 * The most one withdrawal may be, by verification level: the CBN's single-transaction limits of
 * its three-tiered KYC (₦50,000 / ₦100,000 / ₦5,000,000; circular BPS/DIR/GEN/CIR/04/007), as
 * the wallet's daily limits follow the same circular (verification.ts).
 */
export const WITHDRAWAL_SINGLE_LIMIT_KOBO: Record<1 | 2 | 3, Kobo> = {
  1: 5_000_000,
  2: 10_000_000,
  3: 500_000_000,
};

/** Above this a withdrawal waits for a finance admin (owner-set; ₦200,000 by default). */
export const DEFAULT_WITHDRAWAL_REVIEW_ABOVE_KOBO: Kobo = 20_000_000;
/** The most that may go, in 24 h, to an account first paid less than 24 h ago: ₦20,000. */
export const DEFAULT_NEW_BENEFICIARY_CAP_KOBO: Kobo = 2_000_000;

// ── Messages (exact strings: the server answers them, the screens and tests use them) ──

export const WITHDRAWAL_MSG = {
  bankRequired: 'Choose a bank.',
  bankUnknown: 'Choose a bank from the list.',
  accountRequired: 'Enter the account number.',
  accountInvalid: 'Enter the 10-digit account number.',
  amountInvalid: 'Enter an amount in naira with at most 2 decimals.',
  amountMinimum: `The least you may withdraw is ${nairaText(WITHDRAWAL_MIN_KOBO)}.`,
  amountMaximum: `The most you may withdraw at once is ${nairaText(WITHDRAWAL_MAX_KOBO)}.`,
  pinRequired: 'Enter your PIN.',
  accountNotFound: 'We could not find this account at this bank: check the number and the bank.',
  resolveUnavailable: 'We could not check this account just now. Try again in a minute.',
  insufficient: 'Your wallet balance is not enough for this withdrawal, its fee and stamp duty.',
  /** The kill switch's default customer message (the owner may write another). */
  paused: 'Withdrawals are paused for now. Your money is safe in your wallet; try again later.',
  notFound: 'This withdrawal was not found.',
  beneficiaryNotFound: 'This saved account was not found.',
  beneficiaryDeleted: 'Saved account removed.',
  reasonRequired: 'Say why this withdrawal is rejected.',
  notAwaitingReview: 'This withdrawal is not awaiting review.',
  ownWithdrawal: 'This withdrawal is from your own wallet: another admin must approve it.',
  approved: 'Approved: the withdrawal is sent to the bank.',
  rejected: 'Rejected: the whole amount is back in the customer’s wallet.',
  requeried: 'Asked Flutterwave again: the status is up to date.',
  notRequeryable: 'Only a processing withdrawal can be asked about again.',
  settingsSaved: 'Withdrawal settings saved.',
  messageInvalid: `Write the message in at most ${MAX_LENGTH.text} characters.`,
  thresholdInvalid: 'Enter an amount in naira with at most 2 decimals.',
  feeInvalid:
    'Enter each fee and band limit in naira with at most 2 decimals; the last band has no limit.',
} as const;

/** What raises a level's limit, as the end of a refusal. */
const raise = (level: number) =>
  level === 1
    ? 'Verify your BVN or NIN in Settings to raise it.'
    : level === 2
      ? 'Ask our team for a review in Settings to raise it.'
      : 'It starts again at midnight.';

/** "This is above ₦50,000, the most you may withdraw at once at level 1. Verify …" */
export const singleLimitMessage = (limit: Kobo, level: number) =>
  `This is above ${nairaText(limit)}, the most you may withdraw at once at level ${level}. ${raise(level)}`;

/** "This would pass your daily spending limit of ₦50,000 for level 1. Verify …" (the wallet's). */
export const dailyLimitMessage = (limit: Kobo, level: number) =>
  `This would pass your daily spending limit of ${nairaText(limit)} for level ${level}. ${raise(level)}`;

/** A new account: the lower cap for its first 24 hours. */
export const newBeneficiaryMessage = (cap: Kobo) =>
  `You first paid this account less than 24 hours ago: at most ${nairaText(cap)} may go to it in its first 24 hours. Send a smaller amount, or wait until 24 hours have passed.`;

/** The answer when a withdrawal waits for review. */
export const awaitingReviewMessage = (above: Kobo) =>
  `Above ${nairaText(above)} a withdrawal is checked by our team before it is sent: the amount is held from your wallet meanwhile, and returned in full if it is not approved.`;

// ── Entities ──────────────────────────────────────────────────────────────────

export const BankSchema = z.object({ code: z.string(), name: z.string() });
export type Bank = z.output<typeof BankSchema>;

export const WithdrawalSchema = z.object({
  id: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  amount: Naira,
  fee: Naira,
  duty: Naira,
  total: Naira,
  account_name: z.string(),
  /** The account number in full: it is the customer's own beneficiary. */
  account_number: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
  /** The customer-facing reason of a failure or rejection. */
  reason: z.nullable(z.string()),
  created_at: EpochMs,
  updated_at: EpochMs,
});
export type Withdrawal = z.output<typeof WithdrawalSchema>;

/** The answer of `POST /api/wallet/withdrawals`. */
export const WithdrawalResultSchema = z.object({
  id: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  amount: Naira,
  fee: Naira,
  duty: Naira,
  total: Naira,
  account_name: z.string(),
  bank_name: z.string(),
  /** A sentence for the screen (e.g. why it waits for review). */
  note: z.optional(z.string()),
});

export const WithdrawalQuoteSchema = z.object({
  amount: Naira,
  fee: Naira,
  duty: Naira,
  total: Naira,
});
export type WithdrawalQuote = z.output<typeof WithdrawalQuoteSchema>;

export const BeneficiarySchema = z.object({
  id: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  /** When money first reached it (the new-account cap counts from here). */
  first_paid_at: EpochMs,
  last_paid_at: EpochMs,
});
export type Beneficiary = z.output<typeof BeneficiarySchema>;

/** One answer of Flutterwave about a withdrawal, as stored (admin detail). */
export const ProviderEventSchema = z.object({
  /** `create`, `requery`, `webhook`, `approve`. */
  source: z.string(),
  /** Flutterwave's status (NEW, PENDING, SUCCESSFUL, FAILED) or our reading of the answer. */
  status: z.string(),
  /** Flutterwave's `complete_message` / `message`. */
  message: z.nullable(z.string()),
  /** The raw JSON answer (never holds secrets). */
  raw: z.string(),
  created_at: EpochMs,
});

export const AdminWithdrawalSchema = z.extend(WithdrawalSchema, {
  user: z.string(),
  user_id: z.string(),
  /** Flutterwave's transfer id, once known. */
  provider_id: z.nullable(z.string()),
  reviewer: z.nullable(z.string()),
  reviewed_at: z.nullable(EpochMs),
  /** Why it waited (or waits) for review; null: it was sent at once. */
  review_reason: z.nullable(z.enum(WITHDRAWAL_REVIEW_REASONS)),
});
export type AdminWithdrawal = z.output<typeof AdminWithdrawalSchema>;

export const AdminWithdrawalDetailSchema = z.extend(AdminWithdrawalSchema, {
  events: z.array(ProviderEventSchema),
});

export const WithdrawalSettingsSchema = z.object({
  /** The kill switch: false stops every new withdrawal (those under way finish). */
  enabled: z.boolean(),
  /** What customers read while it is off. */
  paused_message: z.string(),
  review_above: Naira,
  new_beneficiary_cap: Naira,
  /**
   * What one finance admin may approve of withdrawals in a Lagos day before an owner must
   * (ADR 0088); ₦2,000,000 on a fresh database.
   */
  approver_daily: Naira,
  fee: WithdrawalFeeSchema,
});
export type WithdrawalSettings = z.output<typeof WithdrawalSettingsSchema>;

/** What the customer screen needs before the form: on or off, and the message when off. */
export const WithdrawalStateSchema = z.object({
  enabled: z.boolean(),
  message: z.nullable(z.string()),
});

// ── Bodies and queries ─────────────────────────────────────────────────────────

const bankCode = text([[notEmpty, WITHDRAWAL_MSG.bankRequired]], { max: 16 });
const accountNumber = text(
  [
    [notEmpty, WITHDRAWAL_MSG.accountRequired],
    [(v) => isDigits(v) && v.length === 10, WITHDRAWAL_MSG.accountInvalid],
  ],
  { max: 10, tooLong: WITHDRAWAL_MSG.accountInvalid },
);
const withdrawalAmount = naira(WITHDRAWAL_MSG.amountInvalid).check(
  z.refine((k) => k >= WITHDRAWAL_MIN_KOBO, WITHDRAWAL_MSG.amountMinimum),
  z.refine((k) => k <= WITHDRAWAL_MAX_KOBO, WITHDRAWAL_MSG.amountMaximum),
);

export const ResolveAccountBody = z.object({ bank_code: bankCode, account_number: accountNumber });
export const WithdrawalBody = z.object({
  bank_code: bankCode,
  account_number: accountNumber,
  amount: withdrawalAmount,
  pin: requiredPin(WITHDRAWAL_MSG.pinRequired),
});
export const QuoteQuery = z.object({ amount: z.coerce.number() });
export const WithdrawalListQuery = z.omit(PageQuery, { q: true });
export const AdminWithdrawalQuery = z.extend(PageQuery, {
  status: z.optional(z.enum(WITHDRAWAL_STATUSES)),
});
export const RejectWithdrawalBody = z.object({
  reason: text([[notEmpty, WITHDRAWAL_MSG.reasonRequired]], { max: MAX_LENGTH.text }),
});
export const WithdrawalSettingsBody = z.object({
  enabled: z.boolean(),
  paused_message: text([], { max: MAX_LENGTH.text, tooLong: WITHDRAWAL_MSG.messageInvalid }),
  review_above: naira(WITHDRAWAL_MSG.thresholdInvalid),
  new_beneficiary_cap: naira(WITHDRAWAL_MSG.thresholdInvalid),
  approver_daily: naira(WITHDRAWAL_MSG.thresholdInvalid),
  fee: WithdrawalFeeSchema,
});

// ── Endpoints ─────────────────────────────────────────────────────────────────

const SEND_ERRORS = [400, 401, 403, 404, 409, 422, 423, 429, 500, 502] as const;
const ADMIN_ERRORS = [400, 401, 403, 404, 409, 422, 423, 429, 500, 502] as const;

export const banks = endpoint({
  name: 'wallet.banks',
  method: 'GET',
  path: '/api/wallet/banks',
  access: 'user',
  summary: 'Nigerian banks a withdrawal may go to (Flutterwave’s list), by name.',
  response: message(z.array(BankSchema)),
  errors: [401, 403, 423, 429, 500, 502],
});
export const resolveAccount = endpoint({
  name: 'wallet.resolveAccount',
  method: 'POST',
  path: '/api/wallet/withdrawals/resolve',
  access: 'user',
  summary: 'The name on a bank account, checked with the bank before sending.',
  body: ResolveAccountBody,
  response: message(z.object({ account_name: z.string() })),
  errors: [400, 401, 403, 422, 423, 429, 500, 502],
});
export const withdrawalQuote = endpoint({
  name: 'wallet.withdrawalQuote',
  method: 'GET',
  path: '/api/wallet/withdrawals/quote',
  access: 'user',
  summary: 'The fee, the stamp duty and the total a withdrawal of `amount` naira takes.',
  query: QuoteQuery,
  response: message(WithdrawalQuoteSchema),
});
export const withdrawalState = endpoint({
  name: 'wallet.withdrawalState',
  method: 'GET',
  path: '/api/wallet/withdrawals/state',
  access: 'user',
  summary: 'Whether withdrawals are on, and the message to show when they are paused.',
  response: message(WithdrawalStateSchema),
});
export const withdraw = endpoint({
  name: 'wallet.withdraw',
  method: 'POST',
  path: '/api/wallet/withdrawals',
  access: 'user',
  summary:
    'Sends wallet money to a bank account; the pin is checked, the whole debit is taken at once; an `x-request-id` header makes a retry return the first answer.',
  body: WithdrawalBody,
  response: message(WithdrawalResultSchema),
  errors: SEND_ERRORS,
});
export const myWithdrawals = endpoint({
  name: 'wallet.withdrawals',
  method: 'GET',
  path: '/api/wallet/withdrawals',
  access: 'user',
  summary: 'Your withdrawals, newest first, paged.',
  query: WithdrawalListQuery,
  response: paged(WithdrawalSchema),
});
export const beneficiaries = endpoint({
  name: 'wallet.beneficiaries',
  method: 'GET',
  path: '/api/wallet/beneficiaries',
  access: 'user',
  summary: 'Bank accounts you have sent money to, last used first.',
  response: message(z.array(BeneficiarySchema)),
});
export const deleteBeneficiary = endpoint({
  name: 'wallet.deleteBeneficiary',
  method: 'DELETE',
  path: '/api/wallet/beneficiaries/:id',
  access: 'user',
  summary: 'Removes a saved bank account.',
  params: IdParams,
  response: Text,
  errors: [400, 401, 403, 404, 423, 429, 500],
});

export const adminWithdrawals = endpoint({
  name: 'admin.withdrawals',
  method: 'GET',
  path: '/api/admin/withdrawals',
  access: 'admin',
  summary:
    'Every withdrawal, newest first, paged; `q` searches the id, the customer, the account number and name; `status` filters.',
  query: AdminWithdrawalQuery,
  response: paged(AdminWithdrawalSchema),
});
export const adminWithdrawal = endpoint({
  name: 'admin.withdrawal',
  method: 'GET',
  path: '/api/admin/withdrawals/:id',
  access: 'admin',
  summary: 'One withdrawal with every answer Flutterwave gave about it.',
  params: IdParams,
  response: message(AdminWithdrawalDetailSchema),
  errors: [400, 401, 403, 404, 423, 429, 500],
});
export const requeryWithdrawal = endpoint({
  name: 'admin.requeryWithdrawal',
  method: 'POST',
  path: '/api/admin/withdrawals/:id/requery',
  access: 'admin',
  summary: 'Asks Flutterwave for a processing withdrawal’s status now and settles it if final.',
  params: IdParams,
  response: message(AdminWithdrawalDetailSchema),
  errors: ADMIN_ERRORS,
});
export const approveWithdrawal = endpoint({
  name: 'admin.approveWithdrawal',
  method: 'POST',
  path: '/api/admin/withdrawals/:id/approve',
  access: 'admin',
  summary:
    'Approves a withdrawal awaiting review and sends it; never by an admin whose own wallet it is from (403).',
  params: IdParams,
  response: message(AdminWithdrawalDetailSchema),
  errors: ADMIN_ERRORS,
});
export const rejectWithdrawal = endpoint({
  name: 'admin.rejectWithdrawal',
  method: 'POST',
  path: '/api/admin/withdrawals/:id/reject',
  access: 'admin',
  summary:
    'Rejects a withdrawal awaiting review with a reason: the whole debit is returned at once.',
  params: IdParams,
  body: RejectWithdrawalBody,
  response: message(AdminWithdrawalDetailSchema),
  errors: ADMIN_ERRORS,
});
export const withdrawalSettings = endpoint({
  name: 'admin.withdrawalSettings',
  method: 'GET',
  path: '/api/admin/withdrawal-settings',
  access: 'admin',
  summary:
    'The kill switch, its customer message, the review threshold, the new-account cap, the approvers’ daily total, the fee table.',
  response: message(WithdrawalSettingsSchema),
});
export const setWithdrawalSettings = endpoint({
  name: 'admin.setWithdrawalSettings',
  method: 'PUT',
  path: '/api/admin/withdrawal-settings',
  access: 'admin',
  summary: 'Sets the kill switch and the withdrawal settings (owner); audited.',
  body: WithdrawalSettingsBody,
  response: message(WithdrawalSettingsSchema),
  errors: [400, 401, 403, 423, 429, 500],
});
