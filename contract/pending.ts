import { z } from './zod';
import { endpoint, message, paged, PageQuery } from './endpoint';
import { DISPUTE_ANSWERS, DISPUTE_OURS, EpochMs, ProductSchema } from './entities';
import { Naira } from './money';
import { requiredId } from './rules';

/**
 * Purchases pending past the alert age (ADR 0041). The requery worker keeps
 * asking about them; an admin may settle one: ask the provider now, fail and refund it, or
 * mark it delivered with the token or pins the provider gave. Each action moves only a
 * purchase still pending (guarded, in one transaction with its ledger movement and its audit
 * entry), so a second click, a second admin or the worker settling it at the same moment
 * changes nothing twice.
 */

/** The longest token or pins an admin may type (VTpass's longest: several exam pins). */
export const DELIVERED_CODE_MAX = 500;

/**
 * What the customer receives besides the service itself: a prepaid meter's token, exam pins,
 * or nothing (airtime, data, TV, a postpaid meter). Marking one of the first two delivered
 * needs the token or pins: the customer cannot use the purchase without them.
 */
export const PENDING_GOODS = ['token', 'pins', 'none'] as const;
export type PendingGoods = (typeof PENDING_GOODS)[number];

export const PENDING_MSG = {
  notPending: 'This purchase is no longer pending: it was settled meanwhile.',
  tooRecent: 'This purchase is not yet past the alert age: the requery worker is still asking.',
  codeRequired: 'Enter the token or pins the provider gave.',
  codeTooLong: `The token or pins can be at most ${DELIVERED_CODE_MAX} characters.`,
  codeInvalid: 'The token or pins can hold letters, digits, spaces and : ; , . / - only.',
  stillPending: 'The provider still reports this purchase as pending. Nothing changed.',
  unknownAtProvider:
    'The provider has no record of this purchase. If it has been pending this long, fail and refund it.',
  requeryDelivered: 'The provider delivered it: the purchase is now successful.',
  requeryFailed: 'The provider failed it: the purchase is failed and the customer refunded.',
  requeryFailedKept:
    'The provider failed it: the purchase is failed. Reverse it from Transactions to refund the customer.',
  failedRefunded: 'Purchase failed and the customer refunded.',
  markedDelivered: 'Purchase marked delivered.',
  /**
   * Fail and refund and mark delivered ask the provider first (ADR 0073) and are refused, with
   * what it said, when its answer contradicts the action. `provider` is its name (VTpass,
   * Flutterwave), `said` its own words or code.
   */
  failButDelivered: (provider: string, said: string) =>
    `${provider} says this purchase was delivered (${said}), so it cannot be failed and refunded: use Requery now to settle it as delivered.`,
  failButProcessing: (provider: string, said: string) =>
    `${provider} still reports this purchase as processing (${said}), so it cannot be failed and refunded until it says the purchase failed.`,
  failUnreachable: (provider: string) =>
    `${provider} could not be asked about this purchase, so it cannot be failed and refunded now: try again later.`,
  deliverButFailed: (provider: string, said: string) =>
    `${provider} says this purchase failed (${said}), so it cannot be marked delivered: fail and refund it instead.`,
  deliverButUnknown: (provider: string) =>
    `${provider} has no record of this purchase, so it cannot be marked delivered: fail and refund it instead.`,
  /** The purchase was settled while the provider was asked, and its answer says otherwise. */
  settledDisputed:
    "This purchase was settled meanwhile and the provider's answer contradicts it: it is on the Disputed list for an owner.",
} as const;

/** Letters, digits and the separators providers print between pins ("Serial: …, Pin: …; …"). */
const CODE_PATTERN = /^[A-Za-z0-9 :;,./-]*$/;

export const PendingPurchaseSchema = z.object({
  transaction_id: z.string(),
  user: z.string().check(z.describe('e-mail of the customer')),
  user_id: z.string(),
  product: ProductSchema,
  service_id: z.nullable(z.string()),
  plan: z.nullable(z.string()),
  /** Phone, meter, smart card or account id it was bought for. */
  destination: z.nullable(z.string()),
  /** Face value, and what the customer paid (refunded by a fail and refund). */
  value: Naira,
  amount: Naira,
  provider: z.nullable(z.string()),
  created_at: EpochMs,
  requery_attempts: z.int().check(z.nonnegative()),
  /** The requery worker flagged it (past the alert age on one of its passes). */
  flagged: z.boolean(),
  /**
   * Pending longer than the alert age (`alert_hours`): the alert a line carries, and the only
   * lines an admin may settle (a younger one is still the requery worker's).
   */
  overdue: z.boolean(),
  goods: z.enum(PENDING_GOODS),
});
export type PendingPurchase = z.output<typeof PendingPurchaseSchema>;

export const PendingActionBody = z.object({ id: requiredId() });

export const MarkDeliveredBody = z.object({
  id: requiredId(),
  /** The token or pins, as the provider gave them; optional where `goods` is `none`. */
  code: z.optional(
    z
      .string({ error: PENDING_MSG.codeInvalid })
      .check(
        z.trim(),
        z.maxLength(DELIVERED_CODE_MAX, { error: PENDING_MSG.codeTooLong, abort: true }),
        z.regex(CODE_PATTERN, { error: PENDING_MSG.codeInvalid }),
      ),
  ),
});
export type MarkDeliveredInput = z.input<typeof MarkDeliveredBody>;

const Text = message(z.string());
const ACTION_ERRORS = [400, 401, 403, 404, 409, 423, 429, 500] as const;

export const pendingPurchases = endpoint({
  name: 'admin.pendingPurchases',
  method: 'GET',
  path: '/api/admin/purchases/pending',
  access: 'admin',
  summary:
    'Every purchase pending now, oldest first, paged, with the alert age: those pending longer than PENDING_ALERT_HOURS are overdue (the alert), and only they may be settled.',
  query: z.omit(PageQuery, { q: true }),
  response: z.extend(paged(PendingPurchaseSchema), {
    alert_hours: z.number().check(z.positive()),
  }),
});
export const requeryPending = endpoint({
  name: 'admin.requeryPending',
  method: 'POST',
  path: '/api/admin/purchases/pending/requery',
  access: 'admin',
  summary:
    'Asks the provider about a pending purchase now and applies its answer (502 when it could not be asked).',
  body: PendingActionBody,
  response: Text,
  errors: [...ACTION_ERRORS, 502],
});
export const failPending = endpoint({
  name: 'admin.failPending',
  method: 'POST',
  path: '/api/admin/purchases/pending/fail',
  access: 'admin',
  summary:
    'Asks the provider, then fails a pending purchase and refunds the customer, once, when it says failed or has no record; recorded in the audit log (502 when it could not be asked).',
  body: PendingActionBody,
  response: Text,
  errors: [...ACTION_ERRORS, 502],
});
export const deliverPending = endpoint({
  name: 'admin.deliverPending',
  method: 'POST',
  path: '/api/admin/purchases/pending/deliver',
  access: 'admin',
  summary:
    'Asks the provider, then marks a pending purchase delivered with the token or pins it gave, once, unless it says failed or has no record; recorded in the audit log.',
  body: MarkDeliveredBody,
  response: Text,
  errors: ACTION_ERRORS,
});

// ── Disputed purchases (ADR 0073) ─────────────────────────────────────────────

/**
 * A definite provider answer (the requery worker's, a provider callback's, an admin's requery or
 * the requery before fail and refund or mark delivered) for a purchase already settled the other
 * way: refunded, or failed, but the provider says delivered; marked delivered, but the provider
 * says it failed. It is recorded once per purchase, never dropped and never acted on by itself:
 * no money moves. An owner resolves it, keeping what we did, or after correcting the money with
 * a wallet adjustment (which needs its own second admin above the approval threshold).
 */
export const DISPUTE_SOURCES = ['requery', 'callback', 'admin'] as const;
export type DisputeSource = (typeof DISPUTE_SOURCES)[number];

export const DISPUTE_RESOLUTIONS = ['kept', 'adjusted'] as const;
export type DisputeResolution = (typeof DISPUTE_RESOLUTIONS)[number];

export const DISPUTE_SOURCE_LABEL: Record<DisputeSource, string> = {
  requery: 'the requery worker',
  callback: "the provider's callback",
  admin: "an admin's requery",
};
export const DISPUTE_RESOLUTION_LABEL: Record<DisputeResolution, string> = {
  kept: 'Keep as is',
  adjusted: 'Corrected by an adjustment',
};

/** The longest note an owner may write on a resolution. */
export const DISPUTE_NOTE_MAX = 500;
/** As an adjustment's reference (contract/adjustments.ts): a receipt or ticket number. */
const ADJUSTMENT_REFERENCE = /^[A-Za-z0-9._:/-]{1,64}$/;

export const DISPUTE_MSG = {
  notFound: 'This dispute was not found.',
  alreadyResolved: 'This dispute was already resolved.',
  resolutionInvalid: 'Choose keep as is or corrected by an adjustment.',
  noteRequired: 'Enter a note saying why.',
  noteTooLong: `The note can be at most ${DISPUTE_NOTE_MAX} characters.`,
  adjustmentRequired: 'Enter the reference of the adjustment that corrected the money.',
  adjustmentInvalid:
    "The adjustment's reference holds letters, digits and . _ : / - only, at most 64 characters.",
  adjustmentNotFound:
    'No approved adjustment with this reference was made for this customer: correct the money first.',
  resolved: 'Dispute resolved.',
  /** Shown to an admin who may read disputes but not resolve them. */
  ownerOnly:
    'Only an owner can resolve a dispute: correct the money with an adjustment first if it needs it.',
} as const;

export const PurchaseDisputeSchema = z.object({
  transaction_id: z.string(),
  user: z.string().check(z.describe('e-mail of the customer')),
  user_id: z.string(),
  product: ProductSchema,
  destination: z.nullable(z.string()),
  /** What the customer paid. */
  amount: Naira,
  provider: z.nullable(z.string()),
  /** Our settlement when the answer came. */
  ours: z.enum(DISPUTE_OURS),
  provider_says: z.enum(DISPUTE_ANSWERS),
  /** The provider's code and status as it answered (VTpass `000 delivered`, Flutterwave `failed`). */
  provider_code: z.nullable(z.string()),
  provider_message: z.nullable(z.string()),
  source: z.enum(DISPUTE_SOURCES),
  seen_at: EpochMs,
  /** The owner who resolved it (e-mail), how, why, and when; all null while it is open. */
  resolved_by: z.nullable(z.string()),
  resolution: z.nullable(z.enum(DISPUTE_RESOLUTIONS)),
  note: z.nullable(z.string()),
  adjustment: z.nullable(z.string()),
  resolved_at: z.nullable(EpochMs),
});
export type PurchaseDispute = z.output<typeof PurchaseDisputeSchema>;

export const DISPUTE_STATES = ['open', 'resolved'] as const;

export const ResolveDisputeBody = z.object({
  id: requiredId(),
  resolution: z.enum(DISPUTE_RESOLUTIONS, { error: DISPUTE_MSG.resolutionInvalid }),
  note: z
    .string({ error: DISPUTE_MSG.noteRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: DISPUTE_MSG.noteRequired, abort: true }),
      z.maxLength(DISPUTE_NOTE_MAX, { error: DISPUTE_MSG.noteTooLong }),
    ),
  /** The wallet adjustment that corrected the money: required with `adjusted`. */
  adjustment: z.optional(
    z
      .string({ error: DISPUTE_MSG.adjustmentInvalid })
      .check(z.trim(), z.regex(ADJUSTMENT_REFERENCE, { error: DISPUTE_MSG.adjustmentInvalid })),
  ),
});
export type ResolveDisputeInput = z.input<typeof ResolveDisputeBody>;

export const purchaseDisputes = endpoint({
  name: 'admin.purchaseDisputes',
  method: 'GET',
  path: '/api/admin/purchases/disputes',
  access: 'admin',
  summary:
    'Purchases whose provider answered against how they were settled: open ones oldest first, or resolved ones newest first.',
  query: z.extend(z.omit(PageQuery, { q: true }), {
    status: z._default(z.enum(DISPUTE_STATES), 'open'),
  }),
  response: paged(PurchaseDisputeSchema),
});
export const resolveDispute = endpoint({
  name: 'admin.resolveDispute',
  method: 'POST',
  path: '/api/admin/purchases/disputes/resolve',
  access: 'admin',
  summary:
    'An owner resolves a disputed purchase, once, with a note (keep as is, or corrected by an approved adjustment); recorded in the audit log.',
  body: ResolveDisputeBody,
  response: Text,
  errors: ACTION_ERRORS,
});
