import { z } from '../zod';
import { endpoint, message } from '../endpoint';
import { PaymentSchema } from '../entities';
import { FundBody, PaymentVerifyBody, ShareBody } from '../forms';
import { Naira } from '../money';
import { BankTransferInfoSchema, VirtualAccountBody, VirtualAccountSchema } from '../transfers';

/** Funding the wallet (card, bank transfer) and sharing from it. */

export const share = endpoint({
  name: 'transactions.share',
  method: 'POST',
  path: '/api/transactions/share',
  access: 'user',
  summary: 'Send wallet funds to another user by e-mail; answers the new balance.',
  body: ShareBody,
  response: message(Naira),
  errors: [400, 401, 403, 404, 409, 422, 423, 429, 500],
});

export const initiatePayment = endpoint({
  name: 'payment.initiate',
  method: 'POST',
  path: '/api/payment/initiate',
  access: 'user',
  summary: 'Start a card payment; answers the checkout link.',
  body: FundBody,
  response: message(z.url()),
  errors: [400, 401, 403, 409, 423, 429, 500, 502],
});

export const verifyPayment = endpoint({
  name: 'payment.verify',
  method: 'POST',
  path: '/api/payment/verify',
  access: 'user',
  summary: 'Verify a returned payment with the provider; credits once.',
  body: PaymentVerifyBody,
  response: message(PaymentSchema),
  errors: [400, 401, 403, 404, 409, 429, 500, 502],
});

export const bankTransferInfo = endpoint({
  name: 'payment.virtualAccount',
  method: 'GET',
  path: '/api/payment/virtual-account',
  access: 'user',
  summary:
    'Your account number for funding by bank transfer (null until created) and the fee rule.',
  response: message(BankTransferInfoSchema),
});

export const createVirtualAccount = endpoint({
  name: 'payment.createVirtualAccount',
  method: 'POST',
  path: '/api/payment/virtual-account',
  access: 'user',
  summary: 'Get a permanent account number with the provider (BVN with consent); once.',
  body: VirtualAccountBody,
  response: message(VirtualAccountSchema),
  errors: [400, 401, 403, 409, 423, 429, 500, 502],
});
