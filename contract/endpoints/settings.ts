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

// The switch for the money e-mails (issue 24; ADR 0047); security e-mails have none.
export const mailPreferences = endpoint({
  name: 'user.mailPreferences',
  method: 'GET',
  path: '/api/user/mail-preferences',
  access: 'user',
  summary: 'Whether you are e-mailed after funding, purchases, refunds and money received.',
  response: message(MailPreferencesSchema),
});

export const setMailPreferences = endpoint({
  name: 'user.setMailPreferences',
  method: 'PUT',
  path: '/api/user/mail-preferences',
  access: 'user',
  summary: 'Turn the e-mails about your money on or off (security e-mails are always sent).',
  body: MailPreferencesBody,
  response: message(MailPreferencesSchema),
});
