import { z } from '../../zod';
import {
  BEARER_FIELDS,
  REVEAL_ITEM_MAX,
  REVEAL_MSG,
  REVEAL_REASON_MAX,
  REVEAL_REASON_MIN,
} from '../../bearer-secrets';
import { endpoint, IdParams, message, paged, PageQuery, Text } from '../../endpoint';
import { AdminTransactionSchema, TransactionStatusSchema } from '../../entities';
import { notEmpty, text } from '../../rules';
import { DATE_FILTER_MSG, isDay } from '../../time';

/** The admin's transactions page: the list and reversing a failed one. */

/** A Lagos calendar day on the wire, `YYYY-MM-DD` (ADR 0048). */
const LagosDay = z
  .string()
  .check(z.maxLength(10, DATE_FILTER_MSG.invalid), z.refine(isDay, DATE_FILTER_MSG.invalid));

/**
 * The admin's list: `?page&limit&q&id&dest` plus a status and a range of Lagos days, `from` and
 * `to` both inclusive (ADR 0048).
 */
export const AdminTransactionsQuery = z
  .extend(PageQuery, {
    id: z.optional(z.string().check(z.trim(), z.maxLength(64))),
    /**
     * What the purchase was for, exact (ADR 0078): a phone (080…, +234… or 234…, tidied alike),
     * a meter or smart card number, or the provider's reference.
     */
    dest: z.optional(z.string().check(z.trim(), z.maxLength(64))),
    status: z.optional(TransactionStatusSchema),
    from: z.optional(LagosDay),
    to: z.optional(LagosDay),
  })
  .check(
    z.refine((q) => !q.from || !q.to || q.from <= q.to, {
      message: DATE_FILTER_MSG.order,
      path: ['to'],
    }),
  );

export const transactions = endpoint({
  name: 'transactions.all',
  method: 'GET',
  path: '/api/transactions/all',
  access: 'admin',
  summary:
    'All transactions, newest first, paged; q searches user e-mail, id a transaction id, dest the phone, meter or smart card number or provider reference it was for (exact; ADR 0078); status, and from/to Lagos days (YYYY-MM-DD, inclusive) narrow it (ADR 0048).',
  query: AdminTransactionsQuery,
  response: paged(AdminTransactionSchema),
});

export const reverse = endpoint({
  name: 'transactions.reverse',
  method: 'POST',
  path: '/api/transactions/reverse',
  access: 'admin',
  summary: 'Refund a failed transaction, once.',
  body: z.object({
    userId: z.string().check(z.minLength(1), z.maxLength(64)),
    transactionId: z.string().check(z.minLength(1), z.maxLength(64)),
  }),
  response: Text,
  errors: [400, 401, 403, 404, 409, 429, 500],
});

/** Which secret of the transaction to show, and why (ADR 0071). */
export const RevealBody = z.object({
  field: z.enum(BEARER_FIELDS, { error: REVEAL_MSG.fieldInvalid }),
  /** Its place in the field's list (a coupon purchase holds several codes); 0 when one. */
  item: z._default(
    z
      .int({ error: REVEAL_MSG.fieldInvalid })
      .check(
        z.nonnegative(REVEAL_MSG.fieldInvalid),
        z.maximum(REVEAL_ITEM_MAX, REVEAL_MSG.fieldInvalid),
      ),
    0,
  ),
  reason: text(
    [
      [notEmpty, REVEAL_MSG.reasonRequired],
      [(v) => v.length >= REVEAL_REASON_MIN, REVEAL_MSG.reasonTooShort],
    ],
    { max: REVEAL_REASON_MAX, tooLong: REVEAL_MSG.reasonTooLong },
  ),
});
export type RevealInput = z.input<typeof RevealBody>;

export const RevealedSchema = z.object({
  field: z.enum(BEARER_FIELDS),
  item: z.int().check(z.nonnegative()),
  value: z.string(),
});
export type Revealed = z.output<typeof RevealedSchema>;

export const revealSecret = endpoint({
  name: 'transactions.revealSecret',
  method: 'POST',
  path: '/api/admin/transactions/:id/reveal',
  access: 'admin',
  summary:
    'One coupon code, electricity token or exam pin of a transaction in clear, with a reason; audited without the value, never kept for a retry (owners, and support admins an owner granted it; ADR 0071).',
  params: IdParams,
  body: RevealBody,
  response: message(RevealedSchema),
  errors: [400, 401, 403, 404, 409, 423, 429, 500],
});
