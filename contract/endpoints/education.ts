import { endpoint, message } from '../endpoint';
import { TransactionSchema } from '../entities';
import { EducationBody } from '../forms';

/**
 * Exam pins: a purchase (spec §7), answered with the transaction it created (pending, successful
 * or failed). One module per product, so a purchase page's chunk carries its own.
 */
export const education = endpoint({
  name: 'transactions.education',
  method: 'POST',
  path: '/api/transactions/education',
  access: 'user',
  summary: 'Buy exam pins (1 to 5).',
  body: EducationBody,
  response: message(TransactionSchema),
  errors: [400, 401, 403, 404, 409, 422, 423, 429, 500, 502],
});
