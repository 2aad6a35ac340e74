/**
 * The per-number SMS caps (ADR 0087), apart from sms.ts so /metrics can name them without
 * importing the outbox.
 *
 * Per number, across every account that names it: an outsider who can make us send security
 * SMS or alerts to a number (sign-ins, pin changes, shares between their own accounts) makes
 * us send at most this many. Each kind has its own budget, so a flood of alerts does not use
 * up the security SMS. Fixed windows (rate_counters). An outcome SMS (a purchase's) is never
 * capped.
 */
export const SMS_CAPS = {
  security: { hour: 5, day: 10 },
  alert: { hour: 10, day: 30 },
} as const;

export type CappedSmsKind = keyof typeof SMS_CAPS;

/** The reason a capped SMS is kept `skipped` with (and the cap the metrics name). */
export const capReason = (kind: CappedSmsKind, cap: 'hour' | 'day') =>
  `Not sent: over ${SMS_CAPS[kind][cap]} ${kind} SMS ${cap === 'hour' ? 'an hour' : 'a day'} to this number (ADR 0087)`;
