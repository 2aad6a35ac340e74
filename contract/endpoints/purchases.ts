import { endpoint, message } from '../endpoint';
import { CustomerLookupSchema } from '../entities';
import { VerifyCustomerBody } from '../forms';

/**
 * The name check before paying (spec §7). The five purchases have a module each
 * (endpoints/airtime.ts, data.ts, cable.ts, electricity.ts, education.ts).
 */

export const verifyCustomer = endpoint({
  name: 'transactions.verifyCustomer',
  method: 'POST',
  path: '/api/transactions/verify-customer',
  access: 'user',
  summary: 'Look up the name on a meter or smart card before paying.',
  body: VerifyCustomerBody,
  response: message(CustomerLookupSchema),
  errors: [400, 401, 403, 404, 429, 500, 502],
});
