/**
 * The admin's users and transactions pages: finding a customer from a complaint, and a block
 * with its reason (kept in the audit log). The server, the mocks and the screens share these.
 */

/** The longest block reason an admin may write (the audit entry keeps it whole). */
export const BLOCK_REASON_MAX = 300;

export const ADMIN_USERS_MSG = {
  blockReasonRequired: 'Say why you are blocking this customer: the audit log keeps your reason.',
  blockReasonTooLong: `The reason can be at most ${BLOCK_REASON_MAX} characters.`,
  /** The users search found nobody (a name, e-mail or phone). */
  noCustomerMatches: (q: string) => `No customer matches “${q}”.`,
  /** The transactions search found nothing (an e-mail, a destination or an id). */
  noTransactionMatches: 'No transaction matches this search',
  /** Unblocking is asked first too: what the admin is about to give back. */
  unblockAsk: 'They can sign in, buy and move money again at once. Recorded in the audit log.',
} as const;
