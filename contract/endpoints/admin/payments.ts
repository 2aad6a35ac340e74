import { z } from '../../zod';
import { endpoint, paged, PageQuery } from '../../endpoint';
import { PaymentSchema } from '../../entities';

/** Card payments, paged (the admin's payments page). */

export const payments = endpoint({
  name: 'payment.all',
  method: 'GET',
  path: '/api/payment/all',
  access: 'user',
  summary:
    'Card payments, newest first, paged: your own, or everyone’s for an admin; q searches user, reference a payment reference.',
  query: z.extend(PageQuery, {
    reference: z.optional(z.string().check(z.trim(), z.maxLength(128))),
  }),
  response: paged(PaymentSchema),
});
