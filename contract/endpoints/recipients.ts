import { endpoint, message } from '../endpoint';
import { RecipientsSchema } from '../entities';

/**
 * Saved recipients (issue 17): the list, which the overview and every purchase form read.
 * Saving and deleting one is endpoints/save-recipient.ts, so the overview does not download
 * the save form's rules and the server's sentences they use (issue 27).
 */

export const recipients = endpoint({
  name: 'user.recipients',
  method: 'GET',
  path: '/api/user/recipients',
  access: 'user',
  summary: 'Your saved recipients and the destinations of your latest purchases.',
  response: message(RecipientsSchema),
});
