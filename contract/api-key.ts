/**
 * An API key as it is listed (never the key itself), and an admin's calls on a customer's keys
 * (ADR 0091). A module of its own, apart from the reseller API's (reseller.ts): the admin users
 * page imports only this, not the reseller API's messages and webhook schemas.
 */
import { z } from './zod';
import { endpoint, IdParams, message } from './endpoint';
import { EpochMs } from './entities';

export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the key, to tell keys apart (the rest is never stored). */
  prefix: z.string(),
  rate_limit: z.int().check(z.gte(1)),
  created_at: EpochMs,
  last_used_at: z.nullable(EpochMs),
  revoked_at: z.nullable(EpochMs),
  /** Since when the key may send withdrawals; null (the default): it may not (ADR 0091). */
  withdrawals_on_at: z.nullable(EpochMs),
});
export type ApiKey = z.output<typeof ApiKeySchema>;

export const KeyWithdrawalsBody = z.object({ enabled: z.boolean() });

export const userApiKeys = endpoint({
  name: 'admin.userApiKeys',
  method: 'GET',
  path: '/api/admin/users/:id/api-keys',
  access: 'admin',
  summary:
    "A customer's API keys (never the keys themselves), and whether each may send withdrawals.",
  params: IdParams,
  response: message(z.array(ApiKeySchema)),
});
export const setKeyWithdrawals = endpoint({
  name: 'admin.setKeyWithdrawals',
  method: 'PUT',
  path: '/api/admin/api-keys/:id/withdrawals',
  access: 'admin',
  summary:
    'Lets one API key send withdrawals, or stops it (audited; the customer is told by e-mail and SMS). Off for every key by default.',
  params: IdParams,
  body: KeyWithdrawalsBody,
  response: z.extend(message(z.string()), { key: ApiKeySchema }),
  errors: [400, 401, 403, 404, 409, 423, 429, 500],
});
