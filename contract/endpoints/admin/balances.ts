import { endpoint, message } from '../../endpoint';
import { Naira } from '../../money';

/** The two floats' balances at the providers (ADR 0040). */

export const atgBalance = endpoint({
  name: 'user.atgwallet',
  method: 'GET',
  path: '/api/user/atgwallet',
  access: 'admin',
  summary: 'The second float: balance held at Flutterwave bill payments (ADR 0040).',
  response: message(Naira),
  errors: [401, 403, 429, 500, 502],
});

export const vtBalance = endpoint({
  name: 'user.vtwallet',
  method: 'GET',
  path: '/api/user/vtwallet',
  access: 'admin',
  summary: 'Balance held at VTpass.',
  response: message(Naira),
  errors: [401, 403, 429, 500, 502],
});
