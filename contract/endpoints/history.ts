import { z } from '../zod';
import { endpoint, IdParams, paged, PageQuery, Text } from '../endpoint';
import {
  ProductSchema,
  StatementKindSchema,
  TransactionSchema,
  TransactionStatusSchema,
} from '../entities';

/** The customer's history (ADR 0020, 0045). */

/** A customer's history: `?page&limit&q` plus a status, a product and a kind (ADR 0020, 0045). */
export const HistoryQuery = z.extend(PageQuery, {
  q: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  status: z.optional(TransactionStatusSchema),
  product: z.optional(ProductSchema),
  kind: z.optional(StatementKindSchema),
});

export const myTransactions = endpoint({
  name: 'user.transactions',
  method: 'GET',
  path: '/api/user/transactions',
  access: 'user',
  summary:
    'Your wallet statement, newest first, paged: every movement of your wallet (funding, purchases, refunds, shares, coupons) with its sign and the balance after; status, product and kind filter, q is a transaction id, a reference or the phone, meter, card or account it went to (ADR 0020, 0045).',
  query: HistoryQuery,
  response: paged(TransactionSchema),
});

export const deleteTransaction = endpoint({
  name: 'transactions.delete',
  method: 'DELETE',
  path: '/api/transactions/delete/:id',
  access: 'user',
  summary:
    'Hide one of your own transactions from your history: a refunded or cancelled one, or a failed one that took nothing; a successful or pending one, or a failed one still waiting for its refund, is refused (409). The ledger, the totals and the admin keep it (ADR 0074).',
  params: IdParams,
  response: Text,
  errors: [400, 401, 403, 404, 409, 429, 500],
});
