import { z } from './zod';
import { endpoint, message, paged, PageQuery } from './endpoint';
import { EpochMs, ProductSchema } from './entities';
import { Naira } from './money';
import { requiredId } from './rules';

/**
 * Purchases pending past the alert age (issue 23 item 4; ADR 0041). The requery worker keeps
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
    'Purchases pending longer than PENDING_ALERT_HOURS, oldest first, paged, with the alert age.',
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
  summary: 'Fails a pending purchase and refunds the customer, once; recorded in the audit log.',
  body: PendingActionBody,
  response: Text,
  errors: ACTION_ERRORS,
});
export const deliverPending = endpoint({
  name: 'admin.deliverPending',
  method: 'POST',
  path: '/api/admin/purchases/pending/deliver',
  access: 'admin',
  summary:
    'Marks a pending purchase delivered with the token or pins the provider gave, once; recorded in the audit log.',
  body: MarkDeliveredBody,
  response: Text,
  errors: ACTION_ERRORS,
});
