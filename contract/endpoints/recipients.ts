import { endpoint, IdParams, message, Text } from '../endpoint';
import { RecipientsSchema } from '../entities';

/**
 * Saved recipients: the list, which the overview and every purchase form read, and
 * deleting one. Saving one is endpoints/save-recipient.ts, so these pages do not download the
 * save form's rules and the server's sentences they use.
 */

export const recipients = endpoint({
  name: 'user.recipients',
  method: 'GET',
  path: '/api/user/recipients',
  access: 'user',
  summary: 'Your saved recipients and the destinations of your latest purchases.',
  response: message(RecipientsSchema),
});

export const deleteRecipient = endpoint({
  name: 'user.deleteRecipient',
  method: 'DELETE',
  path: '/api/user/recipients/:id',
  access: 'user',
  summary: 'Delete one of your saved recipients.',
  params: IdParams,
  response: Text,
  errors: [400, 401, 403, 404, 423, 429, 500],
});
