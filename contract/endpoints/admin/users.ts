import { endpoint, paged, PageQuery, Text } from '../../endpoint';
import { UserSchema } from '../../entities';
import { BlockUserBody, UserIdBody } from '../../forms';

/** The admin's users page. */

export const users = endpoint({
  name: 'user.all',
  method: 'GET',
  path: '/api/user/all',
  access: 'admin',
  summary:
    'All users, paged; q matches the start of a name word, e-mail or phone (an exact e-mail finds its user).',
  query: PageQuery,
  response: paged(UserSchema),
});

export const blockUser = endpoint({
  name: 'user.block',
  method: 'POST',
  path: '/api/user/block',
  access: 'admin',
  summary:
    'Block a user: no sign-in, no money movement. The reason (required, at most 300 characters) is kept in the audit entry.',
  body: BlockUserBody,
  response: Text,
  errors: [400, 401, 403, 404, 409, 429, 500],
});

export const unblockUser = endpoint({
  name: 'user.unblock',
  method: 'POST',
  path: '/api/user/unblock',
  access: 'admin',
  summary: 'Unblock a user.',
  body: UserIdBody,
  response: Text,
  errors: [400, 401, 403, 404, 409, 429, 500],
});
