import { z } from '../../zod';
import { endpoint, paged, PageQuery } from '../../endpoint';
import { PaymentSchema } from '../../entities';

/**
 * Every customer's payments, paged (the admin's payments page): an admin endpoint under
 * `payments` (contract/roles.ts; ADR 0072). A customer's own fundings are in their history.
 */

export const payments = endpoint({
  name: 'payment.all',
  method: 'GET',
  path: '/api/payment/all',
  access: 'admin',
  summary:
    'Every customer’s card payments and bank transfers, newest first, paged; q searches user, reference a payment reference.',
  query: z.extend(PageQuery, {
    reference: z.optional(z.string().check(z.trim(), z.maxLength(128))),
  }),
  response: paged(PaymentSchema),
});
