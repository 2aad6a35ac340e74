import { endpoint, message } from '../endpoint';
import { TransactionSchema } from '../entities';
import { DataBody } from '../forms';

/**
 * Data: a purchase (spec §7), answered with the transaction it created (pending, successful
 * or failed). One module per product, so a purchase page's chunk carries its own.
 */
export const data = endpoint({
  name: 'transactions.data',
  method: 'POST',
  path: '/api/transactions/data',
  access: 'user',
  summary: 'Buy a data plan (phone, or account id for SPECTRANET/SMILE).',
  body: DataBody,
  response: message(TransactionSchema),
  errors: [400, 401, 403, 404, 409, 422, 423, 429, 500, 502],
});
