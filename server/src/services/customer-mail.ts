/**
 * A word after every credit (issue 24; ADR 0047): the customer is mailed when money reaches
 * their wallet (card funding, bank transfer, a held transfer an admin assigned, a share from
 * another customer), when a purchase is delivered (with the token or pins it bought) and when
 * one is refunded. Every template is here; security mails keep theirs (security-mail.ts).
 *
 * Each mail is queued in the outbox inside the transaction that moves the money or settles
 * the purchase (decisions §2): a rolled-back movement queues nothing, a committed one cannot
 * lose its mail, and the guarded status change that lets one caller settle a purchase is the
 * one that queues its mail, so a requery and a webhook racing on it mail once.
 *
 * Each also records the customer's in-app notice (notices.ts, ADR 0057), whatever the switch.
 *
 * The customer can turn these off in Settings (`users.money_mail`); the switch is read in the
 * same transaction. A body may hold a token or exam pins: it is never logged (mail.ts blanks
 * it once sent over SMTP), and the HTML part is escaped like every other mail.
 */
import {
  heldReasonText,
  nairaText,
  type HeldReason,
  type Kobo,
  type MailPreferences,
  type VerificationLevel,
} from '@contract';
import { customerPlanName } from '@contract/plan-names';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import type { TransactionsTable } from '../db/schema.ts';
import { sealedCodes, type SealedCodes } from '../db/sealed-codes.ts';
import { enqueueMail, lagosTime, paragraphMail } from './mail.ts';
import { recordNotice, type NoticeInput } from './notices.ts';
import type { UserRow } from './users.ts';

type TxRow = Selectable<TransactionsTable>;

/** A purchase as its mail names it. */
export type PurchaseFacts = Pick<
  TxRow,
  | 'id'
  | 'product'
  | 'plan'
  | 'quantity'
  | 'transaction_phone'
  | 'meter_number'
  | 'smart_card_number'
  | 'account_id'
  | 'paid_amount'
  | 'coupon_code'
  | 'token'
  | 'units'
  | 'purchased_code'
  | 'created_at'
>;

export type MoneyEvent =
  | {
      kind: 'cardFunded';
      /** The statement's search finds the line by it (the payment's tx_ref; ADR 0057). */
      ref?: string;
      /** What the card paid. */
      amount: Kobo;
      /** Stamp duty and the fee the customer bore (0 when the business bears it). */
      duty: Kobo;
      fee: Kobo;
      credited: Kobo;
      balance: Kobo;
    }
  | {
      kind: 'transferFunded';
      ref?: string;
      amount: Kobo;
      duty: Kobo;
      fee: Kobo;
      credited: Kobo;
      balance: Kobo;
      /** An administrator matched it to this customer after it was held. */
      assigned: boolean;
    }
  | {
      kind: 'purchased';
      purchase: PurchaseFacts;
      /** Settled after the customer was answered "pending": news for the bell (ADR 0057). */
      afterPending?: boolean;
    }
  | {
      kind: 'refunded';
      purchase: PurchaseFacts;
      amount: Kobo;
      /** The wallet's balance after the refund; none when a coupon paid (it is valid again). */
      balance: Kobo | null;
    }
  | { kind: 'shareReceived'; amount: Kobo; from: string; balance: Kobo; ref?: string }
  | {
      /** An admin's manual adjustment (ADR 0050), when it moved the money. */
      kind: 'adjusted';
      direction: 'credit' | 'debit';
      amount: Kobo;
      reason: string;
      reference: string;
      balance: Kobo;
    }
  | {
      /** A referral commission (ADR 0056): on a friend's purchase, or their first funding. */
      kind: 'commissionEarned';
      amount: Kobo;
      /** The friend's first name. */
      friend: string;
      source: 'purchase' | 'first_funding';
      balance: Kobo;
    }
  | { kind: 'commissionReversed'; amount: Kobo; friend: string; balance: Kobo }
  // A credit a verification level's limit held, and its release (ADR 0058).
  | {
      kind: 'creditHeld';
      amount: Kobo;
      /** The movement it came with: card_funding, transfer_funding, share, adjustment. */
      source: string;
      reason: HeldReason;
      level: VerificationLevel;
      limit: Kobo;
    }
  | { kind: 'heldReleased'; amount: Kobo; balance: Kobo };

const HELD_SOURCES: Record<string, string> = {
  card_funding: 'Your card payment',
  transfer_funding: 'Your bank transfer',
  share: 'Money another customer sent you',
  adjustment: 'A credit from our team',
};

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]+/g;

/** Names and codes from people and providers: one line, bounded, as a mail header must be. */
const oneLine = (s: string, max = 100) => s.replace(CONTROL, ' ').trim().slice(0, max);

const PRODUCT_NAMES: Record<string, string> = { CableTV: 'Cable TV' };
const productName = (p: PurchaseFacts) => PRODUCT_NAMES[p.product] ?? p.product;

/** "Airtime (MTN) for 08031234567": what was bought and where it went. */
function bought(p: PurchaseFacts): string {
  // A data plan, bouquet or exam pin by its clean name, as the customer reads it (ADR 0077).
  const name = customerPlanName(p.product, p.plan ?? undefined);
  const plan = name ? ` (${oneLine(name)})` : '';
  const to = p.transaction_phone
    ? ` for ${p.transaction_phone}`
    : p.meter_number
      ? ` for meter ${p.meter_number}`
      : p.smart_card_number
        ? ` for smart card ${p.smart_card_number}`
        : p.account_id
          ? ` for account ${p.account_id}`
          : '';
  const count = p.quantity !== null && Number(p.quantity) > 1 ? `${Number(p.quantity)} × ` : '';
  return `${count}${productName(p)}${plan}${to}`;
}

const paidWith = (p: PurchaseFacts) =>
  p.coupon_code
    ? `Paid with coupon ${p.coupon_code}.`
    : `Paid from your wallet: ${nairaText(Number(p.paid_amount))}.`;

/** What the customer uses: the electricity token (and units), exam pins or any other code. */
function goods(p: PurchaseFacts): string[] {
  const out: string[] = [];
  if (p.token) {
    out.push(`Token: ${oneLine(p.token, 200)}${p.units ? ` (${oneLine(p.units, 40)})` : ''}`);
  }
  if (p.purchased_code) out.push(oneLine(p.purchased_code, 2000));
  return out;
}

const ref = (p: PurchaseFacts) => `Reference: ${p.id}.`;

function wording(event: MoneyEvent, now: number): { subject: string; paragraphs: string[] } {
  switch (event.kind) {
    case 'cardFunded':
    case 'transferFunded': {
      const how = event.kind === 'cardFunded' ? 'by card' : 'by bank transfer';
      const deductions = [
        ...(event.fee > 0 ? [`a fee of ${nairaText(event.fee)}`] : []),
        ...(event.duty > 0 ? [`stamp duty of ${nairaText(event.duty)}`] : []),
      ];
      return {
        subject: `${nairaText(event.credited)} added to your wallet`,
        paragraphs: [
          `${nairaText(event.credited)} was added to your wallet ${how} on ${lagosTime(now)}.`,
          ...(deductions.length > 0
            ? [
                `You paid ${nairaText(event.amount)}; ${deductions.join(' and ')} ${deductions.length > 1 ? 'were' : 'was'} deducted.`,
              ]
            : []),
          ...(event.kind === 'transferFunded' && event.assigned
            ? ['Our team matched this transfer to your account.']
            : []),
          `Your wallet balance is now ${nairaText(event.balance)}.`,
        ],
      };
    }
    case 'purchased': {
      const p = event.purchase;
      const codes = goods(p);
      return {
        subject: `Your ${productName(p)} purchase was successful`,
        paragraphs: [
          `${bought(p)}: delivered on ${lagosTime(now)}.`,
          ...codes,
          paidWith(p),
          ref(p),
        ],
      };
    }
    case 'refunded': {
      const p = event.purchase;
      // Which purchase: what, where and when it was bought.
      const which = `${bought(p)} of ${lagosTime(Number(p.created_at))}`;
      if (event.balance === null) {
        return {
          subject: 'Your coupon can be used again',
          paragraphs: [
            `${which} did not go through. On ${lagosTime(now)} it was reversed and coupon ${p.coupon_code ?? ''} can be used again.`,
            ref(p),
          ],
        };
      }
      return {
        subject: `${nairaText(event.amount)} refunded to your wallet`,
        paragraphs: [
          `${which} did not go through. ${nairaText(event.amount)} was refunded to your wallet on ${lagosTime(now)}.`,
          `Your wallet balance is now ${nairaText(event.balance)}.`,
          ref(p),
        ],
      };
    }
    case 'adjusted': {
      const moved =
        event.direction === 'credit'
          ? `${nairaText(event.amount)} added to your wallet`
          : `${nairaText(event.amount)} taken from your wallet`;
      return {
        subject: moved,
        paragraphs: [
          `${moved} by our team on ${lagosTime(now)}.`,
          `Reason: ${oneLine(event.reason, 500)}`,
          `Your wallet balance is now ${nairaText(event.balance)}.`,
          `Reference: ${oneLine(event.reference)}.`,
        ],
      };
    }
    case 'shareReceived': {
      const from = oneLine(event.from);
      return {
        subject: `${nairaText(event.amount)} from ${from}`,
        paragraphs: [
          `${from} sent you ${nairaText(event.amount)} on ${lagosTime(now)}.`,
          `Your wallet balance is now ${nairaText(event.balance)}.`,
        ],
      };
    }
    case 'creditHeld': {
      const what = HELD_SOURCES[event.source] ?? 'A credit';
      return {
        subject: `${nairaText(event.amount)} is held: verify to receive it`,
        paragraphs: [
          `${what} of ${nairaText(event.amount)} reached us on ${lagosTime(now)} but was not added to your wallet: ${heldReasonText(event.reason, event.limit, event.level)}.`,
          'The money is safe and held for you. It is added to your wallet as soon as your verification level allows it: see Settings → Verification.',
        ],
      };
    }
    case 'heldReleased':
      return {
        subject: `${nairaText(event.amount)} added to your wallet`,
        paragraphs: [
          `${nairaText(event.amount)} that your wallet's limits held was added to your wallet on ${lagosTime(now)}.`,
          `Your wallet balance is now ${nairaText(event.balance)}.`,
        ],
      };
    case 'commissionEarned': {
      const friend = oneLine(event.friend, 40);
      const what = event.source === 'purchase' ? 'purchase' : 'first funding';
      return {
        subject: `${nairaText(event.amount)} commission from ${friend}’s ${what}`,
        paragraphs: [
          `${friend}, who signed up with your referral link, made a ${what === 'purchase' ? 'purchase' : 'first wallet funding'} on ${lagosTime(now)}: ${nairaText(event.amount)} commission was added to your wallet.`,
          `Your wallet balance is now ${nairaText(event.balance)}.`,
        ],
      };
    }
    case 'commissionReversed': {
      const friend = oneLine(event.friend, 40);
      return {
        subject: `${nairaText(event.amount)} commission taken back`,
        paragraphs: [
          `${friend}’s purchase was refunded on ${lagosTime(now)}, so its commission of ${nairaText(event.amount)} was taken back from your wallet.`,
          `Your wallet balance is now ${nairaText(event.balance)}.`,
        ],
      };
    }
  }
}

/**
 * The bell's line for `event` (ADR 0057): the mail's subject, the money signed as it moved and
 * what finds the statement line. A purchase answered at once is no news to the customer who
 * just saw it; one that settled later is.
 */
function noticeOf(event: MoneyEvent, title: string): NoticeInput | null {
  switch (event.kind) {
    case 'cardFunded':
    case 'transferFunded':
      return { kind: 'credited', title, amount: event.credited, transactionId: event.ref };
    case 'shareReceived':
      return { kind: 'credited', title, amount: event.amount, transactionId: event.ref };
    case 'adjusted':
      return event.direction === 'credit'
        ? { kind: 'credited', title, amount: event.amount, transactionId: event.reference }
        : { kind: 'debited', title, amount: -event.amount, transactionId: event.reference };
    case 'purchased':
      if (!event.afterPending) return null;
      return {
        kind: 'purchased',
        title,
        // What it cost when it was bought (a coupon: nothing from the wallet).
        amount: Number(event.purchase.paid_amount) > 0 ? -Number(event.purchase.paid_amount) : null,
        transactionId: event.purchase.id,
      };
    case 'refunded':
      return {
        kind: 'refunded',
        title,
        amount: event.balance === null ? null : event.amount,
        transactionId: event.purchase.id,
      };
    case 'commissionEarned':
      return { kind: 'commission', title, amount: event.amount };
    case 'commissionReversed':
      return { kind: 'commission', title, amount: -event.amount };
    case 'heldReleased':
      return { kind: 'credited', title, amount: event.amount };
    case 'creditHeld':
      // Nothing reached the wallet yet: the mail and Settings → Verification tell it.
      return null;
  }
}

/**
 * Queues the mail of `event` to the customer `userId`, inside `trx` (the transaction that moved
 * the money), unless they turned these mails off. Answers whether one was queued.
 */
export async function customerMail(
  trx: Db,
  userId: string,
  event: MoneyEvent,
  now = Date.now(),
): Promise<boolean> {
  const { subject, paragraphs } = wording(event, now);
  // Recorded with the mail, so every event that mails also rings the bell, but whatever the
  // switch: it turns off e-mails, not the account's own history (ADR 0057).
  const notice = noticeOf(event, subject);
  if (notice) await recordNotice(trx, userId, notice, now);
  const user = await trx
    .selectFrom('users')
    .select(['email', 'money_mail'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || Number(user.money_mail) !== 1) return false;
  const mail = paragraphMail(user.email, subject, paragraphs);
  // A mail that names a coupon code (paid with it, or it can be used again) waits in the
  // outbox sealed, opened as it is read to be sent (ADR 0071).
  const sealed = (codes: SealedCodes) => ({
    ...mail,
    text: codes.seal(mail.text),
    html: codes.seal(mail.html),
  });
  const coupon = 'purchase' in event && event.purchase.coupon_code;
  await enqueueMail(trx, coupon ? sealed(sealedCodes(trx)) : mail, now);
  return true;
}

/** The switch as Settings shows it. */
export async function mailPreferences(
  ctx: Pick<AppContext, 'db'>,
  user: Pick<UserRow, 'id'>,
): Promise<MailPreferences> {
  const row = await ctx.db
    .selectFrom('users')
    .select('money_mail')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  return { money_mail: Number(row.money_mail) === 1 };
}

/** Turns the money mails on or off; answers the switch as stored. */
export async function setMailPreferences(
  ctx: Pick<AppContext, 'db'>,
  user: Pick<UserRow, 'id'>,
  body: MailPreferences,
): Promise<MailPreferences> {
  await ctx.db
    .updateTable('users')
    .set({ money_mail: body.money_mail ? 1 : 0 })
    .where('id', '=', user.id)
    .execute();
  return mailPreferences(ctx, user);
}
