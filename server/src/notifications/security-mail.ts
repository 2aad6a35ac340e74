/**
 * Security e-mails (ADR 0033): the owner is told of every change that could
 * hand someone else the account, its wallet or its purchase data: password changed or reset,
 * pin set or changed, API key created or revoked, webhook address changed, a sign-in from a
 * new device (ADR 0087). Each mail is queued
 * in the outbox inside the change's own transaction (decisions §2: a crash loses neither), and
 * says when (Lagos time) and from which client address, so an owner who did not do it knows
 * at once and can recover (a reset ends everything, ADR 0033).
 *
 * A mail never holds a password, pin, key, webhook secret or link token: a key is named by its
 * prefix (as Settings lists it) and creation time, never the name typed for it (whoever holds a
 * session could write a message or a link in the owner's mail with it), a webhook address by
 * its origin only (its path or query may carry the receiver's own secret). The HTML part is
 * escaped all the same.
 *
 * Each is also sent by SMS to the account's phone (ADR 0081), whatever the customer's choices:
 * someone who took the account could otherwise silence the warning. The SMS names the change
 * and when, and what to do if it was not the owner; it holds no link, key prefix, address or
 * secret of any kind.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import { enqueueMail, lagosTime, paragraphMail } from './mail.ts';
import { enqueueSms, smsTime } from './sms.ts';

export { lagosTime };

/** Where a change came from: the request (its address as TRUST_PROXY resolves it). */
export type Origin = Pick<FastifyRequest, 'ip'>;

export type SecurityEvent =
  | { kind: 'passwordChanged' }
  | { kind: 'passwordReset'; keysRevoked: number; webhookRemoved: boolean }
  | { kind: 'pinSet' }
  | { kind: 'pinChanged' }
  | { kind: 'keyCreated'; prefix: string; createdAt: number }
  | { kind: 'keyRevoked'; prefix: string; createdAt: number }
  /** An administrator blocked the account: their address is theirs, not the customer's. */
  | { kind: 'keysRevokedByBlock'; count: number }
  | { kind: 'webhookSet'; origin: string }
  /** An owner admin let a key send withdrawals, or stopped it (ADR 0091). */
  | { kind: 'keyWithdrawals'; prefix: string; createdAt: number; on: boolean }
  /** A sign-in from a device the account had not been used on (devices.ts, ADR 0087). */
  | { kind: 'newSignIn' };

/** A key as the owner can find it in Settings: its first characters and when it was made. */
const keyNamed = (e: { prefix: string; createdAt: number }) =>
  `API key starting ${e.prefix}, created ${lagosTime(e.createdAt)},`;

const keys = (n: number) => (n === 1 ? '1 API key was' : `${n} API keys were`);

/** Subject, what happened, and what else it did: plain sentences, nothing secret. */
function wording(event: SecurityEvent): { subject: string; what: string; more: string[] } {
  switch (event.kind) {
    case 'passwordChanged':
      return {
        subject: 'Your password was changed',
        what: 'The password of your account was changed',
        more: ['Every other device signed in to your account was signed out.'],
      };
    case 'passwordReset':
      return {
        subject: 'Your password was reset',
        what: 'The password of your account was reset with a link sent to this address',
        more: [
          'Every device signed in to your account was signed out.',
          ...(event.keysRevoked > 0
            ? [`${keys(event.keysRevoked)} revoked: create new ones in Settings if you need them.`]
            : []),
          ...(event.webhookRemoved
            ? ['Your webhook address was removed: set it again in Settings.']
            : []),
          'Your secret pin was cleared: you will create a new secret pin when you next sign in.',
        ],
      };
    case 'pinSet':
      return {
        subject: 'Your secret pin was set',
        what: 'A secret pin was created for your account',
        more: [],
      };
    case 'pinChanged':
      return {
        subject: 'Your secret pin was changed',
        what: 'The secret pin of your account was changed',
        more: [],
      };
    case 'keyCreated':
      return {
        subject: 'A new API key was created',
        what: `An ${keyNamed(event)} was created for your account`,
        more: ['A key can buy from your wallet, with your secret pin, until it is revoked.'],
      };
    case 'keyRevoked':
      return {
        subject: 'An API key was revoked',
        what: `The ${keyNamed(event)} of your account was revoked`,
        more: ['It no longer works.'],
      };
    case 'keysRevokedByBlock':
      return {
        subject: 'Your API keys were revoked',
        what: `${keys(event.count)} revoked because an administrator blocked your account`,
        more: [
          'They stay revoked if the account is unblocked: you would then create new ones.',
          'Please contact support.',
        ],
      };
    case 'webhookSet':
      return {
        subject: 'Your webhook address was changed',
        what: `The webhook address of your account was set to ${event.origin}`,
        more: ['Updates of the purchases made with your API keys are sent there from now on.'],
      };
    case 'keyWithdrawals':
      return event.on
        ? {
            subject: 'An API key may now send withdrawals',
            what: `The ${keyNamed(event)} may now send withdrawals from your wallet to bank accounts (with your secret pin): we turned this on`,
            more: ['Revoke the key in Settings to stop it at once.'],
          }
        : {
            subject: 'An API key may no longer send withdrawals',
            what: `The ${keyNamed(event)} may no longer send withdrawals: we turned this off`,
            more: ['It still buys with your secret pin until it is revoked.'],
          };
    case 'newSignIn':
      return {
        subject: 'New sign-in to your account',
        what: 'Your account was signed in to from a new device',
        more: ['If it was you, there is nothing to do.'],
      };
  }
}

const NOT_YOU = 'Not you? Reset your password now from the sign-in page.';

/** The SMS of `event` (ADR 0081): what changed and when, GSM characters, one page. */
export function securitySms(event: SecurityEvent, now: number): string {
  const at = smsTime(now);
  switch (event.kind) {
    case 'passwordChanged':
      return `Your password was changed on ${at}. Other devices were signed out. ${NOT_YOU}`;
    case 'passwordReset':
      return `Your password was reset on ${at}. All devices were signed out. Not you? Secure your e-mail, then reset your password again.`;
    case 'pinSet':
      return `A secret pin was set on your account on ${at}. ${NOT_YOU}`;
    case 'pinChanged':
      return `Your secret pin was changed on ${at}. ${NOT_YOU}`;
    case 'keyCreated':
      return `A new API key was created on your account on ${at}. It can buy from your wallet. ${NOT_YOU}`;
    case 'keyRevoked':
      return `An API key of your account was revoked on ${at}. It no longer works.`;
    case 'keysRevokedByBlock':
      return `Your account was blocked on ${at} and its API keys revoked. Please contact support.`;
    case 'webhookSet':
      return `Your webhook address was changed on ${at}. ${NOT_YOU}`;
    case 'keyWithdrawals':
      return event.on
        ? `An API key of your account may now send withdrawals to bank accounts, from ${at}. Did not ask for it? Revoke the key in Settings.`
        : `An API key of your account may no longer send withdrawals, from ${at}.`;
    case 'newSignIn':
      return `New sign-in to your account on ${at} from a new device. ${NOT_YOU}`;
  }
}

/** One SMS per change: a key's own identity, else the account and the moment. */
const securityKey = (event: SecurityEvent, userId: string, now: number) =>
  event.kind === 'keyCreated' || event.kind === 'keyRevoked'
    ? `${event.kind}:${userId}:${event.prefix}:${event.createdAt}`
    : `${event.kind}:${userId}:${now}`;

/** Queues the mail of `event` to `to`, inside the transaction that made the change. */
export async function securityMail(
  trx: Db,
  ctx: Pick<AppContext, 'config'>,
  to: string,
  event: SecurityEvent,
  origin: Origin | null,
  now = Date.now(),
): Promise<void> {
  const { subject, what, more } = wording(event);
  // A block is an administrator's: their address is not the customer's to see (the audit log
  // keeps it).
  const from = origin?.ip ? `, from the IP address ${origin.ip.slice(0, 64)}` : '';
  const paragraphs = [
    `${what} on ${lagosTime(now)}${from}.`,
    ...more,
    event.kind === 'passwordReset'
      ? 'If this was not you, someone can read your e-mail: secure your e-mail account first, then reset your password again.'
      : `If this was not you, reset your password now at ${ctx.config.publicUrl}/auth/forgotpassword: a reset signs out every device, revokes every API key and asks for a new secret pin.`,
  ];
  await enqueueMail(trx, paragraphMail(to, subject, paragraphs), now);
  // The account is found by its address (unique), so every caller tells it in one place.
  const user = await trx
    .selectFrom('users')
    .select(['id', 'phone'])
    .where('email', '=', to)
    .executeTakeFirst();
  if (user?.phone) {
    const key = securityKey(event, user.id, now);
    const text = securitySms(event, now);
    const sms = { key, userId: user.id, phone: user.phone, text, kind: 'security' as const };
    await enqueueSms(trx, sms, now);
  }
}
