import { z } from './zod';
import { endpoint, message, paged, PageQuery } from './endpoint';
import { EpochMs } from './entities';
import { Naira, naira, nairaText, type Kobo } from './money';
import { isEmail, MAX_LENGTH, notEmpty, requiredId, text } from './rules';
import { FourEyesStateSchema, WAIT_REASONS } from './four-eyes';

/**
 * Manual wallet adjustments (ADR 0050): an admin credits or debits a customer's
 * wallet, never by SQL. The money moves through the ledger between the wallet and the
 * `adjustments` system account, so reconciliation still balances. Above the approval threshold
 * (ADJUSTMENT_APPROVAL_KOBO on the server) an adjustment waits, pending, for a second admin
 * (maker-checker); the maker cannot approve their own. The reference is the admin's own (a
 * receipt number, a ticket): sending the same adjustment twice answers the first one.
 */

export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];

export const ADJUSTMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

/** The default approval threshold: ₦50,000; above it a second admin approves. */
export const DEFAULT_ADJUSTMENT_APPROVAL_KOBO: Kobo = 5_000_000;
/**
 * The largest single adjustment: ₦10,000,000. A typed amount with a few zeros too many is
 * refused outright instead of waiting for an approver to notice.
 */
export const ADJUSTMENT_MAX_KOBO: Kobo = 1_000_000_000;
export const ADJUSTMENT_REASON_MAX = 200;
export const ADJUSTMENT_REFERENCE_MAX = 64;
/** Letters, digits and the separators receipt and ticket numbers use. */
const REFERENCE_PATTERN = /^[A-Za-z0-9._:/-]+$/;

export const ADJUSTMENT_MSG = {
  emailRequired: "Enter the customer's e-mail.",
  emailInvalid: 'Enter a valid e-mail address.',
  directionInvalid: 'Choose credit or debit.',
  amountInvalid: `Enter an amount above ₦0 and at most ${nairaText(ADJUSTMENT_MAX_KOBO)}, with at most 2 decimals.`,
  reasonRequired: 'Enter the reason the customer will see.',
  reasonTooLong: `The reason can be at most ${ADJUSTMENT_REASON_MAX} characters.`,
  referenceRequired: 'Enter a reference (a receipt or ticket number).',
  referenceInvalid: `The reference can hold letters, digits and . _ : / - only, at most ${ADJUSTMENT_REFERENCE_MAX} characters.`,
  referenceTaken: 'This reference belongs to another adjustment. Use a new reference.',
  ownWallet: 'You cannot adjust your own wallet: ask another admin.',
  selfApproval: 'You made this adjustment: another admin must approve it.',
  notFound: 'This adjustment was not found.',
  alreadyDecided: 'This adjustment was already approved or rejected.',
  applied: 'Adjustment applied: the wallet has moved.',
  awaitingApproval: "Adjustment saved: it waits for a second admin's approval before money moves.",
  approved: 'Adjustment approved: the wallet has moved.',
  rejected: 'Adjustment rejected: no money moved.',
} as const;

/** "The wallet holds ₦1,000: this debit would take it below zero. Nothing changed." */
export const adjustmentBelowZero = (balance: Kobo) =>
  `The wallet holds ${nairaText(balance)}: this debit would take it below zero. Nothing changed.`;

export const AdjustmentSchema = z.object({
  id: z.string(),
  reference: z.string(),
  /** The customer's e-mail and name (the list names who the money is for). */
  user: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  amount: Naira,
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  /** The admin who made it, and the one who approved or rejected it (none when applied at once). */
  maker: z.string(),
  maker_id: z.string(),
  checker: z.nullable(z.string()),
  checker_id: z.nullable(z.string()),
  created_at: EpochMs,
  decided_at: z.nullable(EpochMs),
  /** Why a pending adjustment waits for a second admin (ADR 0070); null once decided. */
  why: z.nullable(z.enum(WAIT_REASONS)),
});
export type Adjustment = z.output<typeof AdjustmentSchema>;

export const AdjustmentBody = z.object({
  email: text(
    [
      [notEmpty, ADJUSTMENT_MSG.emailRequired],
      [isEmail, ADJUSTMENT_MSG.emailInvalid],
    ],
    { max: MAX_LENGTH.email, tooLong: ADJUSTMENT_MSG.emailInvalid },
  ).check(z.overwrite((v) => v.toLowerCase())),
  direction: z.enum(ADJUSTMENT_DIRECTIONS, { error: ADJUSTMENT_MSG.directionInvalid }),
  amount: naira(ADJUSTMENT_MSG.amountInvalid).check(
    z.refine((kobo) => kobo > 0 && kobo <= ADJUSTMENT_MAX_KOBO, ADJUSTMENT_MSG.amountInvalid),
  ),
  reason: text([[notEmpty, ADJUSTMENT_MSG.reasonRequired]], {
    max: ADJUSTMENT_REASON_MAX,
    tooLong: ADJUSTMENT_MSG.reasonTooLong,
  }),
  reference: text(
    [
      [notEmpty, ADJUSTMENT_MSG.referenceRequired],
      [(v) => REFERENCE_PATTERN.test(v), ADJUSTMENT_MSG.referenceInvalid],
    ],
    { max: ADJUSTMENT_REFERENCE_MAX, tooLong: ADJUSTMENT_MSG.referenceInvalid },
  ),
});
export type AdjustmentInput = z.input<typeof AdjustmentBody>;

/** The form keeps the amount as typed: a naira string, the same rules after Number(). */
export const adjustmentForm = () =>
  z.extend(AdjustmentBody, {
    amount: z.pipe(
      z.pipe(
        z.string().check(
          z.trim(),
          z.maxLength(16, ADJUSTMENT_MSG.amountInvalid),
          z.refine((v) => /^\d+(\.\d{1,2})?$/.test(v), ADJUSTMENT_MSG.amountInvalid),
        ),
        z.transform(Number),
      ),
      AdjustmentBody.shape.amount,
    ),
  });

export const AdjustmentQuery = z.extend(z.omit(PageQuery, { q: true }), {
  status: z.optional(z.enum(ADJUSTMENT_STATUSES)),
});

export const AdjustmentActionBody = z.object({ id: requiredId() });

const ACTION_ERRORS = [400, 401, 403, 404, 409, 422, 423, 429, 500] as const;

export const adjustments = endpoint({
  name: 'admin.adjustments',
  method: 'GET',
  path: '/api/admin/adjustments',
  access: 'admin',
  summary:
    'Manual wallet adjustments, newest first, paged, optionally by status, with the approval threshold.',
  query: AdjustmentQuery,
  response: z.extend(paged(AdjustmentSchema), {
    approval_above: Naira,
    four_eyes: FourEyesStateSchema,
  }),
});
export const createAdjustment = endpoint({
  name: 'admin.createAdjustment',
  method: 'POST',
  path: '/api/admin/adjustments',
  access: 'admin',
  summary:
    "Credits or debits a customer's wallet (applied at once up to the threshold, else pending a second admin); the same reference answers the first one.",
  body: AdjustmentBody,
  response: message(AdjustmentSchema),
  errors: ACTION_ERRORS,
});
export const approveAdjustment = endpoint({
  name: 'admin.approveAdjustment',
  method: 'POST',
  path: '/api/admin/adjustments/approve',
  access: 'admin',
  summary: "Approves a pending adjustment and moves the money, once; never the maker's own (403).",
  body: AdjustmentActionBody,
  response: message(z.string()),
  errors: ACTION_ERRORS,
});
export const rejectAdjustment = endpoint({
  name: 'admin.rejectAdjustment',
  method: 'POST',
  path: '/api/admin/adjustments/reject',
  access: 'admin',
  summary: 'Rejects a pending adjustment: no money moves.',
  body: AdjustmentActionBody,
  response: message(z.string()),
  errors: ACTION_ERRORS,
});
