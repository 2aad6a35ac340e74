import { z } from './zod';

/**
 * The customer's switch for the e-mails about their money (issue 24; ADR 0047): funding,
 * purchases (with the token or pins), refunds and shares received. Security e-mails (password,
 * pin, API keys, webhook address) have no switch: whoever took the account could turn off the
 * one warning the owner gets.
 */
export const MailPreferencesSchema = z.object({
  /** Mail after every credit, purchase and refund. On for every new account. */
  money_mail: z.boolean(),
});
export type MailPreferences = z.output<typeof MailPreferencesSchema>;

/** A boolean only: a JSON body with anything else is refused (400). */
export const MailPreferencesBody = z.strictObject(MailPreferencesSchema.shape);

export const MAIL_PREFS_MSG = {
  label: 'E-mail me about my money',
  hint: 'Funding, purchases with their token or pins, refunds and money received. Security e-mails are always sent.',
  saved: 'E-mail preference saved.',
} as const;
