import { endpoint, message } from '../endpoint';
import { TransactionSchema } from '../entities';
import { CableBody } from '../forms';

/**
 * Cable TV: a purchase (spec §7), answered with the transaction it created (pending, successful
 * or failed). One module per product, so a purchase page's chunk carries its own.
 */
export const cabletv = endpoint({
  name: 'transactions.cabletv',
  method: 'POST',
  path: '/api/transactions/cabletv',
  access: 'user',
  summary: 'Pay a cable TV subscription.',
  body: CableBody,
  response: message(TransactionSchema),
  errors: [400, 401, 403, 404, 409, 422, 423, 429, 500, 502],
});
