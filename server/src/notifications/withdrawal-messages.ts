/**
 * What a customer is told about their withdrawal (ADR 0089), through the same hub as purchases
 * (customer-mail.ts: the bell, the e-mail and the SMS, in the transaction that moves the money,
 * by the customer's choice for outcomes, ADR 0081): sent (paid into the account), failed and
 * refunded (with the reason, the amount back and the new balance), awaiting review, and
 * rejected (with the reviewer's reason). One message per event: each is queued by the one
 * guarded status change that makes the event, under its own SMS key (`withdrawalSent:<id>`…).
 *
 * SMS texts are GSM characters only ("NGN", never "₦") and always one 160-character page: the
 * account holder's name and the bank are cut to fit, and a reason is cut last.
 */
import { nairaText, type Kobo } from '@contract';
import type { Selectable } from 'kysely';
import type { WithdrawalsTable } from '../platform/db/schema.ts';
import type { NoticeInput } from './notices.ts';
import { oneLine } from './mail.ts';
import { gsmText, SMS_PAGE, smsNaira } from './sms.ts';

export type WithdrawalFacts = Pick<
  Selectable<WithdrawalsTable>,
  'id' | 'amount' | 'fee' | 'duty' | 'total' | 'account_name' | 'account_number' | 'bank_name'
> & { reason?: string | null };

export type WithdrawalEvent = {
  kind: 'withdrawalSent' | 'withdrawalFailed' | 'withdrawalReview' | 'withdrawalRejected';
  withdrawal: WithdrawalFacts;
  /** The wallet's balance after the event. */
  balance: Kobo;
};

export const WITHDRAWAL_KINDS: readonly WithdrawalEvent['kind'][] = [
  'withdrawalSent',
  'withdrawalFailed',
  'withdrawalReview',
  'withdrawalRejected',
];

export const isWithdrawalEvent = (e: { kind: string }): e is WithdrawalEvent =>
  (WITHDRAWAL_KINDS as readonly string[]).includes(e.kind);

/** A refund's SMS has no switch (ADR 0081): the failed and the rejected one are always sent. */
export const withdrawalSmsForced = (e: WithdrawalEvent) =>
  e.kind === 'withdrawalFailed' || e.kind === 'withdrawalRejected';

const n = (v: unknown) => Number(v);

/** "ADAEZE NWOSU, GTBank Plc", cut to fit an SMS. */
const toSms = (w: WithdrawalFacts) =>
  `${gsmText(oneLine(w.account_name, 30))}, ${gsmText(oneLine(w.bank_name, 24))}`;

/** The account as a mail names it: "ADAEZE NWOSU, GTBank Plc (0123456785)". */
const toMail = (w: WithdrawalFacts) =>
  `${oneLine(w.account_name, 100)}, ${oneLine(w.bank_name, 100)} (${w.account_number})`;

const sentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

/** `head` + the reason + `tail`, the reason cut so the whole fits one page. */
function withReason(head: string, reason: string, tail: string): string {
  const room = SMS_PAGE - head.length - tail.length;
  const why = sentence(gsmText(oneLine(reason, 500)));
  const cut = why.length <= room ? why : `${why.slice(0, Math.max(0, room - 3)).trimEnd()}...`;
  return `${head}${cut}${tail}`;
}

/** The SMS of `e`: one page, bank-alert style. */
export function withdrawalSms(e: WithdrawalEvent): string {
  const w = e.withdrawal;
  const bal = `Bal: ${smsNaira(e.balance)}`;
  switch (e.kind) {
    case 'withdrawalSent':
      return `Debit: ${smsNaira(n(w.amount))} sent to ${toSms(w)}. Charges ${smsNaira(n(w.fee) + n(w.duty))}. ${bal}`;
    case 'withdrawalReview':
      return `Your ${smsNaira(n(w.amount))} withdrawal to ${toSms(w)} is awaiting review. We will SMS you when it is sent or refunded.`;
    case 'withdrawalFailed':
      return withReason(
        `Refund: ${smsNaira(n(w.total))}. Withdrawal to ${gsmText(oneLine(w.account_name, 30))} failed: `,
        w.reason || 'The bank transfer failed.',
        ` ${bal}`,
      );
    case 'withdrawalRejected':
      return withReason(
        `Refund: ${smsNaira(n(w.total))}. Withdrawal to ${gsmText(oneLine(w.account_name, 30))} was not approved: `,
        w.reason || 'Not approved.',
        ` ${bal}`,
      );
  }
}

/** The e-mail of `e`. */
export function withdrawalWording(e: WithdrawalEvent): { subject: string; paragraphs: string[] } {
  const w = e.withdrawal;
  const amount = nairaText(n(w.amount));
  const total = nairaText(n(w.total));
  const costs = `Amount ${amount}, fee ${nairaText(n(w.fee))}, stamp duty ${nairaText(n(w.duty))}: ${total} in all.`;
  const ref = `Reference: ${w.id}.`;
  const balance = `Your wallet balance is ${nairaText(e.balance)}.`;
  switch (e.kind) {
    case 'withdrawalSent':
      return {
        subject: `${amount} sent to ${oneLine(w.account_name, 60)}`,
        paragraphs: [
          `We sent ${amount} to ${toMail(w)}. The bank has it: it is in the account.`,
          costs,
          balance,
          ref,
        ],
      };
    case 'withdrawalReview':
      return {
        subject: `Your ${amount} withdrawal is awaiting review`,
        paragraphs: [
          `Your withdrawal of ${amount} to ${toMail(w)} is awaiting review by our team. ${total} is set aside from your wallet meanwhile.`,
          'We will tell you when it is sent, or refund it in full if it is not approved.',
          costs,
          ref,
        ],
      };
    case 'withdrawalFailed':
      return {
        subject: `Withdrawal failed: ${total} refunded`,
        paragraphs: [
          `Your withdrawal of ${amount} to ${toMail(w)} failed: ${sentence(oneLine(w.reason || 'The bank transfer failed.', 300))}`,
          `The whole ${total} (amount, fee and stamp duty) is back in your wallet.`,
          balance,
          ref,
        ],
      };
    case 'withdrawalRejected':
      return {
        subject: `Withdrawal not approved: ${total} refunded`,
        paragraphs: [
          `Your withdrawal of ${amount} to ${toMail(w)} was not approved: ${sentence(oneLine(w.reason || 'Not approved.', 300))}`,
          `The whole ${total} (amount, fee and stamp duty) is back in your wallet.`,
          balance,
          ref,
        ],
      };
  }
}

/** The bell's line: money back rings it; a debit the customer just made, or a wait, does not. */
export function withdrawalNotice(e: WithdrawalEvent, title: string): NoticeInput | null {
  switch (e.kind) {
    case 'withdrawalFailed':
    case 'withdrawalRejected':
      return {
        kind: 'refunded',
        title,
        amount: n(e.withdrawal.total),
        transactionId: e.withdrawal.id,
      };
    case 'withdrawalSent':
      return {
        kind: 'debited',
        title,
        amount: -n(e.withdrawal.total),
        transactionId: e.withdrawal.id,
      };
    case 'withdrawalReview':
      return null;
  }
}
