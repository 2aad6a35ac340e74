import { z } from '../zod';
import { endpoint, message, Text } from '../endpoint';
import { EpochMs, MailSchema } from '../entities';
import { PaymentWebhookBody } from '../forms';

/** Calls from the providers, and the dev mailbox. */

/**
 * VTpass's transaction-update callback (https://www.vtpass.com/documentation/transaction-update-webhook-api/):
 * `{ type, data: <requery answer> }`. The server reads only the request id, as a hint, and
 * requeries (ADR 0038); other callback types are acknowledged and ignored.
 */
export const VtpassCallbackBody = z.looseObject({
  type: z.optional(z.string().check(z.maxLength(64))),
  // The requery answer's fields; the whole body is bounded by the server's body limit.
  data: z.optional(z.looseObject({ requestId: z.optional(z.string().check(z.maxLength(128))) })),
});

/** The reply VTpass waits for (https://www.vtpass.com/documentation/callback-api-integration/). */
export const VtpassCallbackReply = z.object({ response: z.literal('success') });

export const paymentWebhook = endpoint({
  name: 'payment.webhook',
  method: 'POST',
  path: '/api/payment/webhook',
  access: 'provider',
  summary:
    'Flutterwave webhook, cards and bank transfers (verif-hash checked, then re-verified; 502 when the provider could not confirm: retried).',
  body: PaymentWebhookBody,
  response: Text,
  errors: [400, 401, 500, 502],
});

export const vtpassWebhook = endpoint({
  name: 'vtpass.webhook',
  method: 'POST',
  path: '/api/webhooks/vtpass',
  access: 'provider',
  summary:
    'VTpass transaction-update callback: a hint, confirmed by a requery before money moves (502 when it could not be: VTpass retries).',
  body: VtpassCallbackBody,
  response: VtpassCallbackReply,
  errors: [400, 429, 500, 502],
});

export const devMail = endpoint({
  name: 'dev.mail',
  method: 'GET',
  path: '/api/dev/mail',
  access: 'dev',
  summary: 'Dev mailbox: messages sent to an address, newest first (off in production).',
  query: z.object({ to: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)) }),
  response: message(z.array(MailSchema)),
  errors: [400, 404],
});

/** One SMS the sandbox's Termii simulator received (ADR 0079). */
export const SmsSchema = z.object({
  /** International digits, as sent to Termii: 2348031234567. */
  to: z.string(),
  /** The sender ID it came from. */
  from: z.string(),
  text: z.string(),
  /** Termii's message id for it. */
  message_id: z.string(),
  received_at: EpochMs,
});
export type Sms = z.output<typeof SmsSchema>;

export const devSms = endpoint({
  name: 'dev.sms',
  method: 'GET',
  path: '/api/dev/sms',
  access: 'dev',
  summary:
    'Dev SMS outbox: the messages the Termii simulator received for a number (080… or 234…), newest first (sandbox only).',
  query: z.object({ to: z.string().check(z.trim(), z.minLength(1), z.maxLength(20)) }),
  response: message(z.array(SmsSchema)),
  errors: [400, 404],
});
