import { endpoint, message } from '../endpoint';
import { NoticesReadBody, NoticesSchema } from '../notices';

/** The notices bell. */

// The bell (ADR 0057): the newest notices, read state kept here.
export const notices = endpoint({
  name: 'user.notices',
  method: 'GET',
  path: '/api/user/notices',
  access: 'user',
  summary:
    'Your newest 20 notices (money in, refunds, purchases delivered after pending, commissions, announcements) and how many are unread.',
  response: message(NoticesSchema),
});

export const readNotices = endpoint({
  name: 'user.readNotices',
  method: 'POST',
  path: '/api/user/notices/read',
  access: 'user',
  summary:
    'Mark every notice read, or up_to one of yours and every older one; answers the notices.',
  body: NoticesReadBody,
  response: message(NoticesSchema),
  errors: [400, 401, 403, 404, 423, 429, 500],
});
