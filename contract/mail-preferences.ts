import { z } from './zod';

/**
 * How the customer is told about each kind of event: by SMS, by e-mail or both (ADR 0081; the
 * e-mails are ADR 0047's, the SMS outbox ADR 0079's).
 *
 * - `purchases`: a purchase's outcome (delivered, with its token or pins; refunded) and the
 *   "still processing" SMS of one answered pending. The SMS of a refund is always sent: it is
 *   the one word that a purchase failed and where the money went, so the switch only turns off
 *   the delivered and processing SMS (`refund_sms` is always true).
 * - `alerts`: every credit and debit of the wallet outside a purchase, bank-alert style.
 * - `security`: password, pin, API keys, webhook address. Both are always sent: whoever took
 *   the account could otherwise turn off the one warning the owner gets.
 *
 * `money_mail` is the older single switch, kept for clients that know only it: it reads true
 * when both money e-mails (purchases and alerts) are on, and setting it sets both.
 */
const Channels = z.object({ sms: z.boolean(), email: z.boolean() });
export type Channels = z.output<typeof Channels>;

export const MailPreferencesSchema = z.object({
  /** Both money e-mails (purchases and alerts) are on. */
  money_mail: z.boolean(),
  purchases: z.object({ sms: z.boolean(), email: z.boolean(), refund_sms: z.literal(true) }),
  alerts: Channels,
  security: z.object({ sms: z.literal(true), email: z.literal(true) }),
});
export type MailPreferences = z.output<typeof MailPreferencesSchema>;

/** The kinds a customer can switch, and their channels. */
export const SWITCHABLE_KINDS = ['purchases', 'alerts'] as const;
export type SwitchableKind = (typeof SWITCHABLE_KINDS)[number];

const Change = z.optional(
  z.strictObject({ sms: z.optional(z.boolean()), email: z.optional(z.boolean()) }),
);

/**
 * Any of the switches, booleans only: a JSON body with anything else, or with nothing to
 * change, is refused (400).
 */
export const MailPreferencesBody = z
  .strictObject({
    money_mail: z.optional(z.boolean()),
    purchases: Change,
    alerts: Change,
  })
  .check(
    z.refine(
      (b) =>
        b.money_mail !== undefined ||
        SWITCHABLE_KINDS.some((k) => b[k]?.sms !== undefined || b[k]?.email !== undefined),
      'Nothing to change.',
    ),
  );
export type MailPreferencesChange = z.output<typeof MailPreferencesBody>;

/** Applies `change` to `prefs` as the server does (the mocks share it). */
export function applyPreferences(
  prefs: MailPreferences,
  change: MailPreferencesChange,
): MailPreferences {
  const next = (k: SwitchableKind) => ({
    sms: change[k]?.sms ?? prefs[k].sms,
    email: change[k]?.email ?? change.money_mail ?? prefs[k].email,
  });
  const purchases = { ...next('purchases'), refund_sms: true as const };
  const alerts = next('alerts');
  return {
    money_mail: purchases.email && alerts.email,
    purchases,
    alerts,
    security: { sms: true, email: true },
  };
}

/** Every new account (and every account from before the choice): everything on. */
export const DEFAULT_PREFERENCES: MailPreferences = {
  money_mail: true,
  purchases: { sms: true, email: true, refund_sms: true },
  alerts: { sms: true, email: true },
  security: { sms: true, email: true },
};

export const MAIL_PREFS_MSG = {
  hint: 'Choose SMS, e-mail or both for each kind of message.',
  kinds: {
    purchases: {
      name: 'Purchases',
      hint: 'Delivered purchases with their token or pins, refunds, and purchases still processing.',
    },
    alerts: {
      name: 'Wallet alerts',
      hint: 'Every credit and debit: funding, transfers, money sent and received, adjustments and commissions.',
    },
    security: {
      name: 'Security',
      hint: 'Password, pin, API key and webhook changes.',
    },
  },
  sms: (kind: string) => `${kind} by SMS`,
  email: (kind: string) => `${kind} by e-mail`,
  refundSms: 'Refunds by SMS',
  refundLocked:
    'Always on: a refund SMS is how you learn that a purchase failed and that your money is back.',
  securityLocked:
    'Always on: if someone else took your account, these messages are your warning, so they cannot be turned off.',
  saved: 'Preference saved.',
} as const;
