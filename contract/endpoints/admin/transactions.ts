import { z } from '../../zod';
import { endpoint, paged, PageQuery, Text } from '../../endpoint';
import { AdminTransactionSchema, TransactionStatusSchema } from '../../entities';
import { DATE_FILTER_MSG, isDay } from '../../time';

/** The admin's transactions page: the list and reversing a failed one. */

/** A Lagos calendar day on the wire, `YYYY-MM-DD` (ADR 0048). */
const LagosDay = z
  .string()
  .check(z.maxLength(10, DATE_FILTER_MSG.invalid), z.refine(isDay, DATE_FILTER_MSG.invalid));

/**
 * The admin's list: `?page&limit&q&id` plus a status and a range of Lagos days, `from` and
 * `to` both inclusive (ADR 0048).
 */
export const AdminTransactionsQuery = z
  .extend(PageQuery, {
    id: z.optional(z.string().check(z.trim(), z.maxLength(64))),
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
    'All transactions, newest first, paged; q searches user e-mail, id a transaction id; status, and from/to Lagos days (YYYY-MM-DD, inclusive) narrow it (ADR 0048).',
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
