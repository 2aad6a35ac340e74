import { z } from './zod';
import { endpoint, message, paged, PageQuery, Text } from './endpoint';
import { EpochMs } from './entities';
import { naira, Naira, nairaText, type Kobo } from './money';
import { requiredId } from './rules';
import { AdminRoleSchema, type Permission } from './roles';

/**
 * Four eyes on every admin action that moves, releases or redirects a customer's money (ADR
 * 0070): manual adjustments, the assignment of a held bank transfer, the reversal of a failed
 * purchase, and a verification level or limit change that releases held credits.
 * - At or under the approval threshold an action may be instant, but only while the maker's
 *   and the customer's instant totals of the Lagos day stay within the owner-set daily totals;
 *   past them, or above the threshold, it waits for a second admin.
 * - The approver is never the maker and never the customer whose wallet gains; no admin moves
 *   money into their own wallet, instantly or by approval.
 * Adjustments keep their own table and screen (ADR 0050); the other kinds wait as approvals.
 */

export const APPROVAL_KINDS = [
  'transfer.assign',
  'transaction.reverse',
  'verification.level',
  'verification.limits',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** Why an action waits for a second admin instead of moving money at once. */
export const WAIT_REASONS = [
  'above_threshold',
  'maker_daily',
  'customer_daily',
  'releases_held',
] as const;
export type WaitReason = (typeof WAIT_REASONS)[number];

/**
 * The defaults an owner may change: ₦50,000 a day per customer (one approval threshold's
 * worth) and ₦200,000 a day per admin, over every customer.
 */
export const DEFAULT_CUSTOMER_DAILY_KOBO: Kobo = 5_000_000;
export const DEFAULT_MAKER_DAILY_KOBO: Kobo = 20_000_000;
/** The largest daily total an owner may set: ₦100,000,000. */
export const FOUR_EYES_DAILY_MAX_KOBO: Kobo = 10_000_000_000;

/** The permission an admin needs to approve a waiting action of each kind. */
export const APPROVAL_PERMISSION: Record<ApprovalKind, Permission> = {
  'transfer.assign': 'transfers',
  'transaction.reverse': 'transactions.reverse',
  'verification.level': 'adjustments',
  'verification.limits': 'adjustments',
};

export const KIND_LABEL: Record<ApprovalKind, string> = {
  'transfer.assign': 'Assign a held transfer',
  'transaction.reverse': 'Reverse a failed purchase',
  'verification.level': 'Change a verification level',
  'verification.limits': 'Change level limits',
};

export const FOUR_EYES_MSG = {
  ownWallet: 'No admin moves money into their own wallet: another admin must do it.',
  selfApproval: 'You asked for this: another admin must approve it.',
  beneficiaryApproval: 'This money goes to your own wallet: another admin must approve it.',
  alreadyWaiting: "This already waits for a second admin's approval.",
  notFound: 'This request was not found.',
  alreadyDecided: 'This request was already approved or rejected.',
  changedMeanwhile:
    'This request no longer matches the account (it changed since it was asked): reject it and ask again.',
  rejectNotAllowed: 'Only its maker, or an admin who could approve it, may reject this request.',
  approved: 'Approved: the change is made.',
  rejected: 'Rejected: nothing changed.',
  dailyInvalid: `Enter a daily total from ₦0 to ${nairaText(FOUR_EYES_DAILY_MAX_KOBO)}, with at most 2 decimals.`,
  saved: 'Daily totals saved.',
} as const;

/** One sentence per reason, for the screens and the answer that says the action waits. */
export function waitReasonText(
  why: WaitReason,
  limits: { approval_above: Kobo; maker_daily: Kobo; customer_daily: Kobo },
): string {
  switch (why) {
    case 'above_threshold':
      return `It is above ${nairaText(limits.approval_above)}, the most one admin moves alone.`;
    case 'maker_daily':
      return `It would take the maker past ${nairaText(limits.maker_daily)} of instant actions today.`;
    case 'customer_daily':
      return `It would take this customer past ${nairaText(limits.customer_daily)} of instant actions today.`;
    case 'releases_held':
      return 'It releases credits that the wallet limits hold.';
  }
}

/** The answer of an action that now waits: what waits and why. */
export const waitsForApproval = (why: string) =>
  `Saved: it waits for a second admin's approval before anything changes. ${why}`;

export const FourEyesLimitsSchema = z.object({
  /** Above this an action always waits (ADJUSTMENT_APPROVAL_KOBO on the server). */
  approval_above: Naira,
  /** The most one admin moves instantly in a Lagos day, over every customer. */
  maker_daily: Naira,
  /** The most one customer's wallet moves by instant admin actions in a Lagos day. */
  customer_daily: Naira,
});
export type FourEyesLimits = z.output<typeof FourEyesLimitsSchema>;

/**
 * The limits, what the calling admin has left of their own daily total, and who else may
 * approve what waits (other admins whose role decides waiting actions, not blocked): with none,
 * the screen says so rather than leaving a request to wait for nobody.
 */
export const FourEyesStateSchema = z.extend(FourEyesLimitsSchema, {
  maker_used: Naira,
  maker_left: Naira,
  approvers: z.array(z.object({ email: z.string(), role: AdminRoleSchema })),
});
export type FourEyesState = z.output<typeof FourEyesStateSchema>;

export const ApprovalSchema = z.object({
  id: z.string(),
  kind: z.enum(APPROVAL_KINDS),
  /** What is asked, in one line ("Assign transfer FLW-123 to ada@example.com"). */
  summary: z.string(),
  /** The customer whose wallet gains or whose level changes; none for a limit change. */
  user: z.nullable(z.string()),
  /** The money it moves or releases. */
  amount: Naira,
  why: z.enum(WAIT_REASONS),
  status: z.enum(APPROVAL_STATUSES),
  maker: z.string(),
  maker_id: z.string(),
  checker: z.nullable(z.string()),
  created_at: EpochMs,
  decided_at: z.nullable(EpochMs),
});
export type Approval = z.output<typeof ApprovalSchema>;

const dailyTotal = naira(FOUR_EYES_MSG.dailyInvalid).check(
  z.refine((k) => k >= 0 && k <= FOUR_EYES_DAILY_MAX_KOBO, FOUR_EYES_MSG.dailyInvalid),
);
export const FourEyesBody = z.object({ maker_daily: dailyTotal, customer_daily: dailyTotal });

export const ApprovalQuery = z.extend(z.omit(PageQuery, { q: true }), {
  status: z.optional(z.enum(APPROVAL_STATUSES)),
});
export const ApprovalActionBody = z.object({ id: requiredId() });

const ACTION_ERRORS = [400, 401, 403, 404, 409, 422, 423, 429, 500] as const;

export const approvals = endpoint({
  name: 'admin.approvals',
  method: 'GET',
  path: '/api/admin/approvals',
  access: 'admin',
  summary:
    'Actions waiting for a second admin (transfer assignments, reversals, level and limit changes), oldest pending first, paged, with the daily totals.',
  query: ApprovalQuery,
  response: z.extend(paged(ApprovalSchema), { four_eyes: FourEyesStateSchema }),
});
export const approveApproval = endpoint({
  name: 'admin.approveApproval',
  method: 'POST',
  path: '/api/admin/approvals/approve',
  access: 'admin',
  summary:
    'Approves a waiting action and carries it out, once; never by its maker, never into the approver’s own wallet (403).',
  body: ApprovalActionBody,
  response: Text,
  errors: ACTION_ERRORS,
});
export const rejectApproval = endpoint({
  name: 'admin.rejectApproval',
  method: 'POST',
  path: '/api/admin/approvals/reject',
  access: 'admin',
  summary: 'Rejects a waiting action (its maker may withdraw it this way): nothing changes.',
  body: ApprovalActionBody,
  response: Text,
  errors: ACTION_ERRORS,
});
export const fourEyes = endpoint({
  name: 'admin.fourEyes',
  method: 'GET',
  path: '/api/admin/four-eyes',
  access: 'admin',
  summary: 'The approval threshold, the daily totals, and what the caller has left today.',
  response: message(FourEyesStateSchema),
});
export const setFourEyes = endpoint({
  name: 'admin.setFourEyes',
  method: 'PUT',
  path: '/api/admin/four-eyes',
  access: 'admin',
  summary: 'Sets the daily totals of instant actions per admin and per customer (owner).',
  body: FourEyesBody,
  response: message(FourEyesStateSchema),
  errors: [400, 401, 403, 423, 429, 500],
});
