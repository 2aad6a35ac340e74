import { endpoint, message } from '../endpoint';
import { TransactionSchema } from '../entities';
import { ElectricityBody } from '../forms';

/**
 * Electricity: a purchase (spec §7), answered with the transaction it created (pending, successful
 * or failed). One module per product, so a purchase page's chunk carries its own.
 */
export const electricity = endpoint({
  name: 'transactions.electricity',
  method: 'POST',
  path: '/api/transactions/electricity',
  access: 'user',
  summary: 'Buy an electricity token or pay a postpaid bill.',
  body: ElectricityBody,
  response: message(TransactionSchema),
  errors: [400, 401, 403, 404, 409, 422, 423, 429, 500, 502],
});
