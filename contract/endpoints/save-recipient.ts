import { endpoint, IdParams, message, Text } from '../endpoint';
import { RecipientSchema } from '../entities';
import { SaveRecipientBody } from '../forms';

/** Saving, renaming and deleting a recipient (issue 17); the list is endpoints/recipients.ts. */

export const saveRecipient = endpoint({
  name: 'user.saveRecipient',
  method: 'POST',
  path: '/api/user/recipients',
  access: 'user',
  summary: 'Save a destination with a name (renames it if already saved); at most 20.',
  body: SaveRecipientBody,
  response: message(RecipientSchema),
  errors: [400, 401, 403, 409, 423, 429, 500],
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
