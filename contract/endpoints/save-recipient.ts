import { endpoint, message } from '../endpoint';
import { RecipientSchema } from '../entities';
import { SaveRecipientBody } from '../forms';

/**
 * Saving or renaming a recipient. Its own module: the list and deleting are read on
 * every purchase page, the save form's rules only once it is opened (endpoints/recipients.ts).
 */

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
