/**
 * SMS through an outbox (ADR 0079), like e-mail (mail.ts): the event's own transaction calls
 * `enqueueSms`, so the SMS exists exactly when the event does; a worker, never a request,
 * sends it through the SMS provider (Termii, or its simulator in sandbox mode).
 *
 * Claiming: a row goes `queued` → `sending` by a compare-and-set on its status (one UPDATE …
 * WHERE status = 'queued'), with a lease; of two instances (or two passes) only the one whose
 * update changed the row sends it.
 *
 * The honest guarantee, since Termii's send call takes no idempotency key (termii.ts):
 * - a refusal (4xx) is final: `failed`, never re-sent;
 * - a 5xx, 429, time-out or unreadable answer is tried again with back-off (30 s, doubling, at
 *   most an hour apart; `failed` after MAX_ATTEMPTS). After a time-out or a cut answer Termii
 *   may have sent it already, so the customer can receive that SMS twice: a late SMS told twice
 *   is better than a refund never told;
 * - a crash between the send and its record leaves the row `sending`; once its lease ends the
 *   worker marks it `failed` ("outcome unknown"), never re-sending it blind: at most once.
 */
import { nairaText } from '@contract';
import type { Db } from '../platform/db/index.ts';
import type { AppContext } from '../context.ts';
import { internationalNumber, type SmsProvider } from '../providers/index.ts';
import { counterKey, hit } from '../platform/rate.ts';
import { capReason, SMS_CAPS } from './sms-caps.ts';
import { startWorker } from '../platform/worker.ts';

/** Most SMS fit one page: 160 characters of the GSM alphabet (Termii's Number API page). */
export const SMS_PAGE = 160;

/**
 * The GSM 03.38 default alphabet. One character outside it sends the whole SMS as Unicode, in
 * pages of 70 characters instead of 160 (https://docs.messangi.com/reference/send-5: "If you
 * use any character that is not in the default alphabet, the message will be encoded in
 * Unicode and will be divided in segments of a maximum of 70 characters each"). The extension
 * characters (^{}[]~|€ and the backslash) count twice and are left out too.
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡' +
  'ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM = new Set(GSM_BASIC);
const NEAREST: Record<string, string> = {
  '₦': 'NGN',
  '’': "'",
  '‘': "'",
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
  '×': 'x',
  '…': '...',
  '[': '(',
  ']': ')',
  '{': '(',
  '}': ')',
};

/** Whether `text` is sent in GSM pages of 160 characters. */
export const isGsm = (text: string) => [...text].every((c) => GSM.has(c));

/** `text` in the GSM alphabet: the nearest GSM spelling, or "?" for what has none. */
export const gsmText = (text: string) =>
  [...text].map((c) => (GSM.has(c) ? c : (NEAREST[c] ?? '?'))).join('');

const SMS_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** "2 Dec, 14:05 WAT": Lagos time, short, as an SMS says when. */
export const smsTime = (ms: number) => `${gsmText(SMS_TIME.format(ms))} WAT`;

/** "NGN5,000" or "NGN5,000.50": an amount as an SMS writes it (₦ is not GSM). */
export const smsNaira = (kobo: number) => gsmText(nairaText(kobo));
export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
const BATCH = 20;

/** The wait before attempt `attempts + 1`, after `attempts` that could not be sent. */
export const retryDelayMs = (attempts: number) =>
  Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

/**
 * What an SMS is (ADR 0087): `outcome`, a purchase's delivered, processing, refunded or overdue
 * SMS (it exists only with a real purchase, and is never capped); `alert`, money moved outside
 * a purchase; `security`, a change to the account or a new sign-in.
 */
export type SmsKind = 'outcome' | 'alert' | 'security';

const HOUR_MS = 60 * 60_000;

/** Counts one SMS of `kind` to `to` (sms-caps.ts): the reason it is over a cap, or null. */
async function overCap(trx: Db, kind: SmsKind, to: string, now: number) {
  if (kind === 'outcome') return null;
  const hour = await hit(trx, counterKey('sms-hour', kind, to), HOUR_MS, now);
  const day = await hit(trx, counterKey('sms-day', kind, to), 24 * HOUR_MS, now);
  if (hour.count > SMS_CAPS[kind].hour) return capReason(kind, 'hour');
  if (day.count > SMS_CAPS[kind].day) return capReason(kind, 'day');
  return null;
}

export interface OutgoingSms {
  /** The event it tells of, e.g. `refund:<transaction id>`: one SMS per key. */
  key: string;
  /** The account holder (their phone is read in `trx`), or a number given directly. */
  userId?: string;
  phone?: string;
  text: string;
  /** `alert` unless said: a caller that forgets is capped, never uncapped (ADR 0087). */
  kind?: SmsKind;
}

/**
 * Queues one SMS in the caller's transaction. Answers false (and queues nothing) when the key
 * is already queued, or when there is no Nigerian mobile number to send to. Over its number's
 * cap (security and alert SMS) it is kept `skipped` with the reason, never sent, and answers
 * false.
 */
export async function enqueueSms(trx: Db, sms: OutgoingSms, now = Date.now()): Promise<boolean> {
  let phone = sms.phone;
  if (phone === undefined && sms.userId) {
    const user = await trx
      .selectFrom('users')
      .select('phone')
      .where('id', '=', sms.userId)
      .executeTakeFirst();
    phone = user?.phone ?? undefined;
  }
  const to = phone ? internationalNumber(phone) : null;
  if (!to) return false;
  const key = sms.key.slice(0, 200);
  const kind = sms.kind ?? 'alert';
  // The same event again counts nothing: it is no second SMS.
  const known = await trx
    .selectFrom('sms_outbox')
    .select('id')
    .where('event_key', '=', key)
    .executeTakeFirst();
  if (known) return false;
  const skipped = await overCap(trx, kind, to, now);
  const inserted = await trx
    .insertInto('sms_outbox')
    .values({
      event_key: key,
      user_id: sms.userId ?? null,
      to_number: to,
      body: sms.text,
      status: skipped ? 'skipped' : 'queued',
      last_error: skipped,
      kind,
      next_attempt_at: now,
      created_at: now,
    })
    .onConflict((oc) => oc.column('event_key').doNothing())
    .executeTakeFirst();
  return !skipped && Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

export interface SmsPassOptions {
  now?: () => number;
  stopping?: () => boolean;
  /** How long a claim holds: past the provider's time-out, so a live send is never taken. */
  leaseMs?: number;
}

/**
 * One pass: rows a crash left `sending` are closed as unknown, then the due rows are claimed
 * and sent one by one (stopping between sends once the server shuts down). Answers how many
 * it sent.
 */
export async function smsPass(
  db: Db,
  provider: SmsProvider | null,
  options: SmsPassOptions = {},
): Promise<number> {
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const t0 = now();
  await db
    .updateTable('sms_outbox')
    .set({
      status: 'failed',
      lease_until: null,
      last_error: 'Outcome unknown: the sender stopped during the send; not sent again (ADR 0079)',
    })
    .where('status', '=', 'sending')
    .where('lease_until', '<', t0)
    .execute();
  const due = await db
    .selectFrom('sms_outbox')
    .select(['id'])
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', t0)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(BATCH)
    .execute();
  let sent = 0;
  for (const { id } of due) {
    if (options.stopping?.()) break;
    if (!provider) {
      // A live server without TERMII_API_KEY: nothing to send with, and no backlog kept for
      // a key set later (a week-old "your refund is back" helps no one).
      await db
        .updateTable('sms_outbox')
        .set({ status: 'failed', last_error: 'Not sent: no SMS provider (TERMII_API_KEY unset)' })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .execute();
      continue;
    }
    const claimedAt = now();
    const claim = await db
      .updateTable('sms_outbox')
      .set((eb) => ({
        status: 'sending',
        lease_until: claimedAt + leaseMs,
        attempts: eb('attempts', '+', 1),
        provider: provider.name,
      }))
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .where('next_attempt_at', '<=', claimedAt)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) continue; // another sender has it
    const row = await db
      .selectFrom('sms_outbox')
      .select(['to_number', 'body', 'attempts'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const result = await provider.send(row.to_number, row.body, `sms-${id}`);
    const done = now();
    const mine = (q: ReturnType<typeof update>) =>
      q.where('id', '=', id).where('status', '=', 'sending');
    const update = () => db.updateTable('sms_outbox');
    if (result.kind === 'sent') {
      await mine(update())
        .set({
          status: 'sent',
          lease_until: null,
          provider_message_id: result.messageId.slice(0, 64),
          sent_at: done,
          last_error: null,
        })
        .execute();
      sent += 1;
    } else if (result.kind === 'refused' || row.attempts >= MAX_ATTEMPTS) {
      await mine(update())
        .set({ status: 'failed', lease_until: null, last_error: result.message.slice(0, 500) })
        .execute();
    } else {
      await mine(update())
        .set({
          status: 'queued',
          lease_until: null,
          next_attempt_at: done + retryDelayMs(row.attempts),
          last_error: result.message.slice(0, 500),
        })
        .execute();
    }
  }
  return sent;
}

/** The SMS worker, with the others (app.ts): every 2 s, never inside a request. */
export function startSmsWorker(ctx: AppContext): () => Promise<void> {
  const leaseMs = ctx.providers.config.PROVIDER_TIMEOUT_MS + 60_000;
  return startWorker(ctx, 'sms', (stopping) =>
    smsPass(ctx.db, ctx.providers.sms, { stopping, leaseMs }),
  );
}
