import { endpoint, message } from '../endpoint';
import { CustomerLookupSchema, TransactionSchema } from '../entities';
import {
  AirtimeBody,
  CableBody,
  DataBody,
  EducationBody,
  ElectricityBody,
  VerifyCustomerBody,
} from '../forms';

/** The five purchases and the name check before paying (spec §7). */

/** A purchase answers the transaction it created (pending, successful or failed). */
const Purchase = message(TransactionSchema);

export const airtime = endpoint({
  name: 'transactions.airtime',
  method: 'POST',
  path: '/api/transactions/airtime',
  access: 'user',
  summary: 'Buy airtime from the wallet or a coupon.',
  body: AirtimeBody,
  response: Purchase,
  errors: [400, 401, 403, 404, 409, 422, 423, 429, 500, 502],
});

export const data = endpoint({
  name: 'transactions.data',
  method: 'POST',
  path: '/api/transactions/data',
  access: 'user',
  summary: 'Buy a data plan (phone, or account id for SPECTRANET/SMILE).',
  body: DataBody,
  response: Purchase,
  errors: [400, 401, 403, 404, 409, 422, 423, 429, 500, 502],
});

export const cabletv = endpoint({
  name: 'transactions.cabletv',
  method: 'POST',
  path: '/api/transactions/cabletv',
  access: 'user',
  summary: 'Pay a cable TV subscription.',
  body: CableBody,
  response: Purchase,
  errors: [400, 401, 403, 404, 409, 422, 423, 429, 500, 502],
});

export const electricity = endpoint({
  name: 'transactions.electricity',
  method: 'POST',
  path: '/api/transactions/electricity',
  access: 'user',
  summary: 'Buy an electricity token or pay a postpaid bill.',
  body: ElectricityBody,
  response: Purchase,
  errors: [400, 401, 403, 404, 409, 422, 423, 429, 500, 502],
});

export const education = endpoint({
  name: 'transactions.education',
  method: 'POST',
  path: '/api/transactions/education',
  access: 'user',
  summary: 'Buy exam pins (1 to 5).',
  body: EducationBody,
  response: Purchase,
  errors: [400, 401, 403, 404, 409, 422, 423, 429, 500, 502],
});

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
