import { endpoint, message } from '../endpoint';
import { TransactionSchema } from '../entities';
import { AirtimeBody } from '../forms';

/**
 * Airtime: a purchase (spec §7), answered with the transaction it created (pending, successful
 * or failed). One module per product, so a purchase page's chunk carries its own.
 */
export const airtime = endpoint({
  name: 'transactions.airtime',
  method: 'POST',
  path: '/api/transactions/airtime',
  access: 'user',
  summary: 'Buy airtime from the wallet or a coupon.',
  body: AirtimeBody,
  response: message(TransactionSchema),
  errors: [400, 401, 403, 404, 409, 422, 423, 429, 500, 502],
});
