import { api } from '@contract';
import { db } from '../db';
import { impl } from './impl';

/** The dev mailbox (decisions §2): what register, reset and resend "sent" to an address. */
export const dev = {
  devMail: impl(
    api.devMail,
    ({ query }) => ({
      message: db.mails
        .filter((m) => m.to.toLowerCase() === query.to.toLowerCase())
        .sort((a, b) => b.sent_at - a.sent_at),
    }),
    () => ({ message: [] }),
  ),
  /**
   * The dev SMS outbox (ADR 0079): no mocked flow sends an SMS yet, so every number's list is
   * empty, as the server's is before its first SMS.
   */
  devSms: impl(
    api.devSms,
    () => ({ message: [] }),
    () => ({ message: [] }),
  ),
};
