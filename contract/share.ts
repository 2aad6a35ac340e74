import { z } from './zod';
import { endpoint, message } from './endpoint';
import { ShareBody } from './forms';

/**
 * A name before money leaves (ADR 0046). Share Funds first resolves the e-mail to the
 * account's display name, masked as the banking apps do ("Ade*** O***"), and the screen asks
 * to confirm it before sending. The answer tells a signed-in customer only whether an account
 * uses the e-mail and a masked name: not the e-mail's owner in full, not whether it is verified
 * or blocked.
 */

/** The e-mail rule of Share Funds itself (same message, same 254-character limit). */
export const ShareRecipientBody = z.pick(ShareBody, { email: true });

export const ShareRecipientSchema = z.object({
  /** The display name, masked by `maskName`. */
  name: z.string(),
});
export type ShareRecipient = z.output<typeof ShareRecipientSchema>;

/** At most this many words of a name are shown (masked): enough to recognise a friend. */
const SHOWN_WORDS = 3;

/**
 * "Adebayo Okafor" → "Ade*** O***": the first word keeps up to three letters (never the
 * whole word), the others their initial. Enough to recognise the person one meant, too little
 * to learn a stranger's name from an e-mail. Counted in code points, so an accented or emoji
 * letter is never cut in half.
 */
export function maskName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean).slice(0, SHOWN_WORDS);
  return words
    .map((word, i) => {
      const letters = [...word];
      const shown = i === 0 ? Math.max(1, Math.min(3, letters.length - 1)) : 1;
      return `${letters.slice(0, shown).join('')}***`;
    })
    .join(' ');
}

export const shareRecipient = endpoint({
  name: 'transactions.shareRecipient',
  method: 'POST',
  // POST, so the e-mail stays out of URLs and access logs.
  path: '/api/transactions/share/recipient',
  access: 'user',
  summary:
    'The masked display name of the account an e-mail belongs to, to confirm before Share Funds (ADR 0046).',
  body: ShareRecipientBody,
  response: message(ShareRecipientSchema),
  errors: [400, 401, 403, 404, 423, 429, 500],
});
