import { LIMITS } from '@contract';
import type { LinkTokenRecord, MailRecord, UserRecord } from '../records';
import { HOUR } from '../clock';

/**
 * The e-mails the mock server "sends": recorded in the db and readable through the dev
 * mailbox (`GET /api/dev/mail?to=`), like the real server's dev mailbox (decisions §2).
 * Links are built on the origin of the request that caused them, so they open in the same app.
 * (The brand name lives in src/config; mocks depend on the contract only, so subjects are plain.)
 */

export const VERIFY_LINK_LIFETIME = LIMITS.verificationLinkHours * HOUR;
export const RESET_LINK_LIFETIME = HOUR;

function mail(to: string, subject: string, lines: string[], link: string, at: number): MailRecord {
  const text = [...lines, link].join('\n\n');
  const html = `${lines.map((l) => `<p>${l}</p>`).join('')}<p><a href="${link}">${link}</a></p>`;
  return { to, subject, text, html, sent_at: at };
}

export function verificationMail(
  user: UserRecord,
  token: LinkTokenRecord,
  origin: string,
  at: number,
): MailRecord {
  return mail(
    user.email,
    'Verify your e-mail address',
    [`Hello ${user.name},`, 'Please confirm your e-mail address. This link expires in 24 hours.'],
    `${origin}/auth/verifyemail/${token.token}`,
    at,
  );
}

export function resetMail(
  user: UserRecord,
  token: LinkTokenRecord,
  origin: string,
  at: number,
): MailRecord {
  return mail(
    user.email,
    'Reset your password',
    [
      `Hello ${user.name},`,
      'Use this link to choose a new password. It can be used once and expires in 1 hour.',
    ],
    `${origin}/auth/resetpassword/${token.token}`,
    at,
  );
}
