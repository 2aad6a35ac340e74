import { endpoint, message, Text } from '../endpoint';
import { ChangePasswordBody, ResetPinBody } from '../forms';
import { MailPreferencesBody, MailPreferencesSchema } from '../mail-preferences';

/** The customer's settings: password, pin, mail. */

export const changePassword = endpoint({
  name: 'user.changePassword',
  method: 'PUT',
  path: '/api/user/changepassword',
  access: 'user',
  summary: 'Change password with the current one.',
  body: ChangePasswordBody,
  response: Text,
});

export const resetPin = endpoint({
  name: 'user.resetPin',
  method: 'PUT',
  path: '/api/user/resetpin',
  access: 'user',
  summary: 'Set a new pin with the password.',
  body: ResetPinBody,
  response: Text,
});

// SMS and e-mail per kind of message (ADR 0081; the e-mails ADR 0047). A refund's SMS and the
// security messages have no switch.
export const mailPreferences = endpoint({
  name: 'user.mailPreferences',
  method: 'GET',
  path: '/api/user/mail-preferences',
  access: 'user',
  summary:
    'How you are told of purchases, wallet alerts and security changes: SMS, e-mail or both.',
  response: message(MailPreferencesSchema),
});

export const setMailPreferences = endpoint({
  name: 'user.setMailPreferences',
  method: 'PUT',
  path: '/api/user/mail-preferences',
  access: 'user',
  summary:
    'Turn the SMS or e-mails of purchases or wallet alerts on or off (refund SMS and security messages are always sent).',
  body: MailPreferencesBody,
  response: message(MailPreferencesSchema),
});
