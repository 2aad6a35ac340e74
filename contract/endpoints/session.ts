import { z } from '../zod';
import { endpoint, message, Text } from '../endpoint';
import { CurrentUserSchema } from '../entities';
import { RefreshBody } from '../forms';

/** The calls every signed-in page may make: renew the session, end it, load who is signed in. */

export const Tokens = z.object({ JWTtoken: z.string(), refresh_token: z.string() });

export const logout = endpoint({
  name: 'auth.logout',
  method: 'POST',
  path: '/api/auth/logout',
  access: 'user',
  summary: 'Revoke the refresh token sent in X-Refresh-Token.',
  response: Text,
});

export const refresh = endpoint({
  name: 'auth.refresh',
  method: 'POST',
  path: '/api/auth/refresh',
  access: 'public',
  summary: 'Rotate the refresh token; reuse of an old one revokes the family.',
  body: RefreshBody,
  response: Tokens,
  errors: [400, 401, 429, 500],
});

export const currentUser = endpoint({
  name: 'user.current',
  method: 'GET',
  path: '/api/user',
  access: 'user',
  summary: 'The signed-in user with recent transactions and coupons.',
  response: message(CurrentUserSchema),
});
