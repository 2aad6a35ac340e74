import { z } from './zod';
import { EpochMs } from './entities';
import { Naira } from './money';

/**
 * In-app notices: the bell in the customer's header (ADR 0057). One notice per
 * money event that e-mails the customer (ADR 0047), recorded in the same transaction whether
 * or not the e-mails are on, plus commissions and the announcements live for the customer.
 */
export const NOTICE_KINDS = [
  /** Money reached the wallet: card, bank transfer, a share, a credit adjustment. */
  'credited',
  /** An admin's debit adjustment. */
  'debited',
  /** A purchase that was pending was delivered. */
  'purchased',
  'refunded',
  /**
   * A purchase still undecided 24 hours after it was made (ADR 0082): still being checked, no
   * need to pay again, it will be delivered or refunded.
   */
  'overdue',
  'commission',
  'announcement',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The bell shows the newest 20. */
export const NOTICES_SHOWN = 20;
export const NOTICE_TITLE_MAX = 200;
/** Notice ids are digits (a row's number); announcements in the feed carry their own prefix. */
export const NOTICE_ID_MAX = 64;

export const NoticeSchema = z.object({
  id: z.string().check(z.maxLength(NOTICE_ID_MAX)),
  kind: z.enum(NOTICE_KINDS),
  title: z.string().check(z.maxLength(NOTICE_TITLE_MAX)),
  /** Signed: + reached the wallet, − left it; null when no money moved (an announcement). */
  amount: z.nullable(Naira),
  /** The statement line it is about, when there is one. */
  transaction_id: z.nullable(z.string().check(z.maxLength(64))),
  created_at: EpochMs,
  read: z.boolean(),
});
export type Notice = z.output<typeof NoticeSchema>;

export const NoticesSchema = z.object({
  notices: z.array(NoticeSchema).check(z.maxLength(NOTICES_SHOWN)),
  /** Unread notices of this customer, all of them (not only the 20 shown). */
  unread: z.int().check(z.nonnegative()),
});
export type Notices = z.output<typeof NoticesSchema>;

/**
 * `{}`: everything read. `{ up_to }`: that notice and every older one (the newest the bell
 * showed, so a notice that arrived since stays unread). Anything else is refused (400).
 */
export const NoticesReadBody = z.strictObject({
  up_to: z.optional(z.string().check(z.regex(/^[1-9]\d{0,14}$/, 'Invalid notice.'))),
});
export type NoticesReadInput = z.output<typeof NoticesReadBody>;

export const NOTICES_MSG = {
  title: 'Notifications',
  empty: 'No notifications yet',
  emptyHint: 'Money in, refunds and purchases delivered after a wait show here.',
  markAll: 'Mark all as read',
  loadFailed: 'Could not load notifications.',
  retry: 'Try again',
  notFound: 'That notification was not found.',
  view: 'View transaction',
} as const;

/** The bell's accessible name: "Notifications, 3 unread". */
export const bellLabel = (unread: number) =>
  unread > 0 ? `${NOTICES_MSG.title}, ${unread} unread` : NOTICES_MSG.title;
