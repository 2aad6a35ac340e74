/**
 * A word after every credit (ADR 0047): the customer is mailed when money reaches
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
 * Each event also queues its SMS here (ADR 0081), in the same transaction and under one key per
 * event (`refunded:<transaction id>`, `cardFunded:<payment ref>`…), so the outbox's unique key
 * (ADR 0079) keeps it to one SMS however often the event is told. The texts are bank-alert
 * style, GSM characters only ("NGN", never "₦", which would make it a 70-character Unicode
 * page) and within one 160-character page for typical values; a token or exam pins are the
 * goods bought and may make it longer.
 *
 * The customer chooses SMS, e-mail or both per kind in Settings (ADR 0081): `purchases`
 * (outcomes) and `alerts` (credits and debits); the choice is read in the same transaction. A
 * refund's SMS has no switch. A body may hold a token or exam pins: it is never logged (mail.ts
 * blanks it once sent over SMTP; the SMS worker logs no body), and the HTML part is escaped
 * like every other mail.
 */
import {
  applyPreferences,
  heldReasonText,
  nairaText,
  type HeldReason,
  type Kobo,
  type MailPreferences,
  type MailPreferencesChange,
  type VerificationLevel,
} from '@contract';
import { failureSentence } from '@contract/failure-reasons';
import { customerPlanName } from '@contract/plan-names';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import type { TransactionsTable } from '../platform/db/schema.ts';
import { sealedCodes, type SealedCodes } from '../platform/db/sealed-codes.ts';
import { failureReasonOf } from '../providers/failure-reason.ts';
import { enqueueMail, lagosTime, oneLine, paragraphMail } from './mail.ts';
import { enqueueSms, gsmText, smsNaira } from './sms.ts';
import { recordNotice, type NoticeInput } from './notices.ts';
import type { UserRow } from '../accounts/users.ts';
import {
  withdrawalNotice,
  withdrawalSms,
  withdrawalSmsForced,
  withdrawalWording,
  type WithdrawalEvent,
} from './withdrawal-messages.ts';

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
      /**
       * The purchase call outran its answer budget (ADR 0075) and the customer was answered
       * "pending": an SMS says it is processing and that the outcome will follow. No e-mail.
       */
      kind: 'processing';
      purchase: PurchaseFacts;
    }
  | {
      kind: 'refunded';
      /** The failure's provider and answer, when known, give the SMS its plain reason. */
      purchase: PurchaseFacts & Partial<Pick<TxRow, 'provider' | 'response_msg' | 'service_id'>>;
      amount: Kobo;
      /** The wallet's balance after the refund; none when a coupon paid (it is valid again). */
      balance: Kobo | null;
    }
  | { kind: 'shareReceived'; amount: Kobo; from: string; balance: Kobo; ref?: string }
  /** The sender's side of a share: told by SMS only (the screen already said it). */
  | { kind: 'shareSent'; amount: Kobo; to: string; balance: Kobo; ref: string }
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
      /** The commission's row: its SMS key. */
      id: string;
      amount: Kobo;
      /** The friend's first name. */
      friend: string;
      source: 'purchase' | 'first_funding';
      balance: Kobo;
    }
  | { kind: 'commissionReversed'; id: string; amount: Kobo; friend: string; balance: Kobo }
  // A credit a verification level's limit held, and its release (ADR 0058).
  | {
      kind: 'creditHeld';
      amount: Kobo;
      /** The movement it came with: card_funding, transfer_funding, share, adjustment. */
      source: string;
      reason: HeldReason;
      level: VerificationLevel;
      limit: Kobo;
      /** The held movement's own reference (payment, transfer, share, adjustment). */
      ref?: string;
    }
  /** `id`: the held credit's row. */
  | { kind: 'heldReleased'; id: string; amount: Kobo; balance: Kobo }
  // A withdrawal sent, failed and refunded, awaiting review, rejected (ADR 0089).
  | WithdrawalEvent;

const HELD_SOURCES: Record<string, string> = {
  card_funding: 'Your card payment',
  transfer_funding: 'Your bank transfer',
  share: 'Money another customer sent you',
  adjustment: 'A credit from our team',
};

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

function wording(event: MoneyEvent, now: number): { subject: string; paragraphs: string[] } | null {
  switch (event.kind) {
    case 'withdrawalSent':
    case 'withdrawalFailed':
    case 'withdrawalReview':
    case 'withdrawalRejected':
      return withdrawalWording(event);
    case 'processing':
    case 'shareSent':
      // Told by SMS only: the customer has just been answered on screen.
      return null;
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
    case 'withdrawalSent':
    case 'withdrawalFailed':
    case 'withdrawalReview':
    case 'withdrawalRejected':
      return withdrawalNotice(event, title);
    case 'processing':
    case 'shareSent':
      return null;
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
 * Which kind of message `event` is, for the customer's choice of channels (ADR 0081). A
 * withdrawal's news is the outcome of the customer's own request (ADR 0089).
 */
export function kindOf(event: MoneyEvent): 'purchases' | 'alerts' {
  switch (event.kind) {
    case 'purchased':
    case 'processing':
    case 'refunded':
    case 'withdrawalSent':
    case 'withdrawalFailed':
    case 'withdrawalReview':
    case 'withdrawalRejected':
      return 'purchases';
    default:
      return 'alerts';
  }
}

/**
 * The SMS key of `event` (ADR 0081): the event's own id, so telling it twice (a requery and a
 * webhook, a retried request) queues one SMS. Events without an id of their own (none today)
 * fall back to the user and the time.
 */
export function smsKey(event: MoneyEvent, userId: string, now: number): string {
  const id = (() => {
    switch (event.kind) {
      case 'purchased':
      case 'processing':
      case 'refunded':
        return event.purchase.id;
      case 'cardFunded':
      case 'transferFunded':
      case 'shareReceived':
      case 'shareSent':
        return event.ref;
      case 'adjusted':
        return event.reference;
      case 'commissionEarned':
      case 'commissionReversed':
      case 'heldReleased':
        return event.id;
      case 'creditHeld':
        return event.ref && `${event.source}:${event.ref}`;
      case 'withdrawalSent':
      case 'withdrawalFailed':
      case 'withdrawalReview':
      case 'withdrawalRejected':
        return event.withdrawal.id;
    }
  })();
  return `${event.kind}:${id ?? `${userId}:${now}`}`;
}

const NGN = smsNaira;
const bal = (b: Kobo) => `Bal: ${NGN(b)}`;

/** "Airtime (MTN) for 08031234567", GSM characters only. */
const boughtSms = (p: PurchaseFacts) => gsmText(bought(p).replace(' × ', ' x '));

const paidSms = (p: PurchaseFacts) =>
  p.coupon_code ? 'paid by coupon' : NGN(Number(p.paid_amount));

/** The SMS of `event`: bank-alert style, amount, what and balance (ADR 0081). */
export function moneySms(event: MoneyEvent): string {
  switch (event.kind) {
    case 'withdrawalSent':
    case 'withdrawalFailed':
    case 'withdrawalReview':
    case 'withdrawalRejected':
      return withdrawalSms(event);
    case 'cardFunded':
      return `Credit: ${NGN(event.credited)} card funding. ${bal(event.balance)}`;
    case 'transferFunded':
      return `Credit: ${NGN(event.credited)} bank transfer. ${bal(event.balance)}`;
    case 'shareReceived':
      return `Credit: ${NGN(event.amount)} from ${gsmText(oneLine(event.from, 40))}. ${bal(event.balance)}`;
    case 'shareSent':
      return `Debit: ${NGN(event.amount)} sent to ${gsmText(oneLine(event.to, 40))}. ${bal(event.balance)}`;
    case 'adjusted':
      return `${event.direction === 'credit' ? 'Credit' : 'Debit'}: ${NGN(event.amount)} adjustment by our team. ${bal(event.balance)}`;
    case 'commissionEarned':
      return `Credit: ${NGN(event.amount)} referral commission (${gsmText(oneLine(event.friend, 30))}). ${bal(event.balance)}`;
    case 'commissionReversed':
      return `Debit: ${NGN(event.amount)} referral commission reversed (${gsmText(oneLine(event.friend, 30))}). ${bal(event.balance)}`;
    case 'heldReleased':
      return `Credit: ${NGN(event.amount)} held credit released. ${bal(event.balance)}`;
    case 'creditHeld':
      return `${NGN(event.amount)} received but held by your wallet limit. Verify your account in Settings to receive it.`;
    case 'processing': {
      const p = event.purchase;
      return `Processing: ${boughtSms(p)}, ${paidSms(p)}. We will SMS you when it is delivered or refunded.`;
    }
    case 'purchased': {
      const p = event.purchase;
      const paid = paidSms(p);
      const codes = goods(p).map((c) => gsmText(c));
      return [`Delivered: ${boughtSms(p)}, ${paid}.`, ...codes].join(' ');
    }
    case 'refunded': {
      const p = event.purchase;
      const why = gsmText(
        failureSentence(failureReasonOf(p.provider ?? null, p.response_msg ?? null), p),
      );
      if (event.balance === null) {
        return `${boughtSms(p)} failed. ${why} Your coupon can be used again.`;
      }
      return `Refund: ${NGN(event.amount)}. ${boughtSms(p)} failed. ${why} ${bal(event.balance)}`;
    }
  }
}

/**
 * Tells the customer `userId` of `event`, inside `trx` (the transaction that moved the money):
 * the bell's notice always, the e-mail and the SMS as they chose for its kind (a refund's SMS
 * always). Answers whether an e-mail was queued.
 */
export async function customerMail(
  trx: Db,
  userId: string,
  event: MoneyEvent,
  now = Date.now(),
): Promise<boolean> {
  const words = wording(event, now);
  // Recorded with the mail, so every event that mails also rings the bell, but whatever the
  // switch: it turns off e-mails, not the account's own history (ADR 0057).
  const notice = words && noticeOf(event, words.subject);
  if (notice) await recordNotice(trx, userId, notice, now);
  const user = await trx
    .selectFrom('users')
    .select(['email', 'phone', 'purchase_mail', 'purchase_sms', 'alert_mail', 'alert_sms'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return false;
  const purchases = kindOf(event) === 'purchases';
  const wantsSms =
    event.kind === 'refunded' ||
    ('withdrawal' in event && withdrawalSmsForced(event)) ||
    Number(purchases ? user.purchase_sms : user.alert_sms) === 1;
  if (wantsSms && user.phone) {
    const text = moneySms(event);
    await enqueueSms(
      trx,
      {
        key: smsKey(event, userId, now),
        userId,
        phone: user.phone,
        text,
        // A purchase's SMS exists only with a real purchase: never capped (ADR 0087).
        kind: purchases ? 'outcome' : 'alert',
      },
      now,
    );
  }
  if (!words || Number(purchases ? user.purchase_mail : user.alert_mail) !== 1) return false;
  const mail = paragraphMail(user.email, words.subject, words.paragraphs, event);
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

/** The choices as Settings shows them (ADR 0081). */
export async function mailPreferences(
  ctx: Pick<AppContext, 'db'>,
  user: Pick<UserRow, 'id'>,
): Promise<MailPreferences> {
  const row = await ctx.db
    .selectFrom('users')
    .select(['purchase_mail', 'purchase_sms', 'alert_mail', 'alert_sms'])
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  const on = (v: number) => Number(v) === 1;
  const purchases = { sms: on(row.purchase_sms), email: on(row.purchase_mail) };
  const alerts = { sms: on(row.alert_sms), email: on(row.alert_mail) };
  return {
    money_mail: purchases.email && alerts.email,
    purchases: { ...purchases, refund_sms: true },
    alerts,
    security: { sms: true, email: true },
  };
}

/**
 * Changes the switches given (the others stay); answers the choices as stored. The older
 * `money_mail` sets both e-mails, and is kept equal to "both e-mails on" for older builds.
 */
export async function setMailPreferences(
  ctx: Pick<AppContext, 'dbh'>,
  user: Pick<UserRow, 'id'>,
  body: MailPreferencesChange,
): Promise<MailPreferences> {
  return ctx.dbh.writeTx(async (trx) => {
    const next = applyPreferences(await mailPreferences({ db: trx }, user), body);
    const bit = (v: boolean) => (v ? 1 : 0);
    await trx
      .updateTable('users')
      .set({
        purchase_sms: bit(next.purchases.sms),
        purchase_mail: bit(next.purchases.email),
        alert_sms: bit(next.alerts.sms),
        alert_mail: bit(next.alerts.email),
        money_mail: bit(next.money_mail),
      })
      .where('id', '=', user.id)
      .execute();
    return next;
  });
}
