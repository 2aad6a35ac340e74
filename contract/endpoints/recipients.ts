import { endpoint, IdParams, message, Text } from '../endpoint';
import { RecipientSchema, RecipientsSchema } from '../entities';
import { SaveRecipientBody } from '../forms';

/** Saved recipients (issue 17). */

export const recipients = endpoint({
  name: 'user.recipients',
  method: 'GET',
  path: '/api/user/recipients',
  access: 'user',
  summary: 'Your saved recipients and the destinations of your latest purchases.',
  response: message(RecipientsSchema),
});

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
