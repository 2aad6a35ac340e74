import { z } from './zod';
import { endpoint, IdParams, message } from './endpoint';
import { AdminTransactionSchema, EpochMs, TransactionStatusSchema } from './entities';
import { Naira } from './money';

/**
 * One page per purchase that proves what happened (ADR 0083): for support, when a customer
 * calls. The admin reads every fact in time order: its creation and debit, each provider call
 * (the request as sent, with nothing secret in it; the answer's code, words and latency), each
 * requery and callback, each failover hop, each status change, the ledger entries of its
 * movements with the balance before and after, the audit log's entries about it (who, why),
 * and every e-mail and SMS sent about it with its state. The customer reads only their part:
 * when its status changed, and which messages were sent, when.
 */

export const TIMELINE_KINDS = [
  'created',
  'provider_call',
  'requery',
  'callback',
  'failover',
  'status',
  'ledger',
  'audit',
  'mail',
  'sms',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** The headings the admin's page groups its events under, in its own words. */
export const TIMELINE_KIND_LABEL: Record<TimelineKind, string> = {
  created: 'Created',
  provider_call: 'Provider call',
  requery: 'Requery',
  callback: 'Provider callback',
  failover: 'Failover',
  status: 'Status change',
  ledger: 'Ledger entry',
  audit: 'Admin action',
  mail: 'E-mail',
  sms: 'SMS',
};

/** An outbox message's state: waiting (or waiting for a retry), sent, or given up. */
export const MESSAGE_STATES = ['queued', 'sent', 'failed'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

export const TimelineEventSchema = z.object({
  at: EpochMs,
  kind: z.enum(TIMELINE_KINDS),
  /** One line saying what happened: "Sent to VTpass", "Refunded to the wallet". */
  title: z.string(),
  /** Who acted: the customer, the system, the requery worker, a provider, an admin's e-mail. */
  actor: z.string(),
  provider: z.nullable(z.string()),
  /** The provider's code and status as it answered (`000 delivered`, `016`). */
  code: z.nullable(z.string()),
  /** The provider's words, an admin's reason, a mail's subject. */
  detail: z.nullable(z.string()),
  latency_ms: z.nullable(z.int().check(z.nonnegative())),
  /** The request as sent, redacted: never a pin, a key, a token or a code. */
  request: z.nullable(z.string()),
  /** The answer's verdict, the new status, or a message's state. */
  status: z.nullable(z.string()),
  /** A ledger entry: its account, the amount moved (signed), the balance before and after. */
  account: z.nullable(z.string()),
  amount: z.nullable(Naira),
  balance_before: z.nullable(Naira),
  balance_after: z.nullable(Naira),
});
export type TimelineEvent = z.output<typeof TimelineEventSchema>;

export const TransactionTimelineSchema = z.object({
  transaction: AdminTransactionSchema,
  events: z.array(TimelineEventSchema),
});
export type TransactionTimeline = z.output<typeof TransactionTimelineSchema>;

export const transactionTimeline = endpoint({
  name: 'transactions.timeline',
  method: 'GET',
  path: '/api/admin/transactions/:id/timeline',
  access: 'admin',
  summary:
    "One transaction's story, time-ordered: created, debited, each provider call, requery, callback and failover hop (requests redacted), status changes, its ledger entries with balances, audit entries, and the e-mails and SMS sent about it (ADR 0083).",
  params: IdParams,
  response: message(TransactionTimelineSchema),
  errors: [400, 401, 403, 404, 429, 500],
});

// ── The customer's part ───────────────────────────────────────────────────────

export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_CHANNEL_LABEL: Record<MessageChannel, string> = {
  email: 'E-mail',
  sms: 'SMS',
};

/**
 * What the customer may read of it: a status change and its time, or a message sent (its
 * channel, when, and whether it went). Never a provider, a code or a request.
 */
export const CustomerTimelineEventSchema = z.object({
  at: EpochMs,
  kind: z.enum(['status', 'message']),
  /** A status change: the status it took. */
  status: z.nullable(TransactionStatusSchema),
  /** A message: its channel and whether it went. */
  channel: z.nullable(z.enum(MESSAGE_CHANNELS)),
  state: z.nullable(z.enum(MESSAGE_STATES)),
});
export type CustomerTimelineEvent = z.output<typeof CustomerTimelineEventSchema>;

export const myTransactionTimeline = endpoint({
  name: 'user.transactionTimeline',
  method: 'GET',
  path: '/api/user/transactions/:id/timeline',
  access: 'user',
  summary:
    'Your own transaction, as it happened: each status it took and when, and each e-mail or SMS sent to you about it (ADR 0083).',
  params: IdParams,
  response: message(z.array(CustomerTimelineEventSchema)),
  errors: [400, 401, 404, 429, 500],
});
