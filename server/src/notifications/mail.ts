/**
 * E-mail through an outbox table (decisions §2): the action inserts its mail rows in its own
 * DB transaction, so a crash loses none; a worker claims unsent rows and sends them with
 * nodemailer (`SMTP_URL`) or, without SMTP, keeps them in the dev mailbox (the same table,
 * read by `GET /api/dev/mail`). PostgreSQL claims with FOR UPDATE SKIP LOCKED, so several
 * instances never send one mail twice; SQLite has one writer and a claimed_at update suffices.
 */
import { LAGOS_OFFSET_MS } from '@contract/time';
import nodemailer, { type Transporter } from 'nodemailer';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db, DbHandle } from '../platform/db/index.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The purchase it tells of, so the admin's timeline lists it (ADR 0083). */
  transactionId?: string;
}

export async function enqueueMail(trx: Db, mail: OutgoingMail, now = Date.now()): Promise<void> {
  await trx
    .insertInto('mail_outbox')
    .values({
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      transaction_id: mail.transactionId ?? null,
      created_at: now,
    })
    .execute();
}

/** Every mail's HTML part escapes what it carries: names and codes come from people and providers. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]+/g;

/** Names and codes from people and providers: one line, bounded, as a mail header must be. */
export const oneLine = (s: string, max = 100) => s.replace(CONTROL, ' ').trim().slice(0, max);

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `2031-03-14 10:32 Lagos time (WAT, UTC+1)`: the instant on Nigerian clocks. */
export const lagosTime = (ms: number) =>
  `${new Date(ms + LAGOS_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ')} Lagos time (WAT, UTC+1)`;

/** The purchase an event tells of (`{ purchase: { id } }`), for the admin's timeline (ADR 0083). */
function purchaseOf(about: object | undefined): string | undefined {
  // A purchase's, or a withdrawal's (ADR 0089): both are transactions with a timeline.
  const purchase =
    about && 'purchase' in about
      ? about.purchase
      : about && 'withdrawal' in about
        ? about.withdrawal
        : undefined;
  return typeof purchase === 'object' && purchase !== null && 'id' in purchase
    ? String(purchase.id)
    : undefined;
}

/**
 * A mail of plain paragraphs: the text part and the HTML part say the same, escaped. `about`,
 * an event naming a purchase, links the mail to it (ADR 0083).
 */
export function paragraphMail(
  to: string,
  subject: string,
  paragraphs: string[],
  about?: object,
): OutgoingMail {
  const transactionId = purchaseOf(about);
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n`,
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
    ...(transactionId !== undefined && { transactionId }),
  };
}

/** A plain mail with one link; the text part holds the same link. */
export function linkMail(to: string, subject: string, intro: string, url: string, outro: string) {
  return {
    to,
    subject,
    text: `${intro}\n\n${url}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

export interface Mailer {
  /** Sends every pending mail now (tests; the dev mailbox route calls it too). */
  flush(): Promise<number>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

const CLAIM_TIMEOUT_MS = 60_000;
/** Unsent mail older than this holds only expired links: its body is blanked too. */
const BODY_KEEP_MS = 24 * 60 * 60_000;

/**
 * Blanks the bodies of mail that never left (a failing SMTP server) once its links have
 * expired, and of any SMTP mail still holding one. The dev mailbox's own mail is kept.
 */
export async function purgeMailBodies(db: Db, now = Date.now()): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ text_body: '', html_body: '' })
    .where((eb) =>
      eb.or([
        eb('transport', '=', 'smtp'),
        eb.and([eb('transport', 'is', null), eb('created_at', '<', now - BODY_KEEP_MS)]),
      ]),
    )
    .where('text_body', '<>', '')
    .execute();
}

/**
 * `transport` replaces the one built from `SMTP_URL` (tests). Mail sent over SMTP keeps who,
 * when and subject; its body, which holds a link that works like a password for an hour or a
 * day, is blanked once sent (ADR 0015). Without SMTP the body stays: that is the dev mailbox.
 */
export function createMailer(
  dbh: DbHandle,
  config: Config,
  log: FastifyBaseLogger,
  smtp?: Transporter,
): Mailer {
  const transport: Transporter | undefined = config.smtpUrl
    ? (smtp ?? nodemailer.createTransport(config.smtpUrl))
    : undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function claim(now: number) {
    const stale = now - CLAIM_TIMEOUT_MS;
    if (dbh.engine === 'postgres') {
      const { rows } = await sql<{
        id: number;
        to_address: string;
        subject: string;
        text_body: string;
        html_body: string;
      }>`update mail_outbox set claimed_at = ${now}, attempts = attempts + 1
          where id in (select id from mail_outbox
                       where sent_at is null and attempts < 10
                         and (claimed_at is null or claimed_at < ${stale})
                       order by id limit 20 for update skip locked)
          returning id, to_address, subject, text_body, html_body`.execute(dbh.db);
      return rows;
    }
    return dbh.writeTx(async (trx) =>
      trx
        .updateTable('mail_outbox')
        .set({ claimed_at: now, attempts: sql<number>`attempts + 1` })
        .where('sent_at', 'is', null)
        .where('attempts', '<', 10)
        .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', stale)]))
        .returning(['id', 'to_address', 'subject', 'text_body', 'html_body'])
        .execute(),
    );
  }

  async function sendPending(): Promise<number> {
    const rows = await claim(Date.now());
    for (const row of rows) {
      try {
        if (transport) {
          await transport.sendMail({
            from: config.mailFrom,
            to: row.to_address,
            subject: row.subject,
            text: row.text_body,
            html: row.html_body,
          });
        }
        await dbh.db
          .updateTable('mail_outbox')
          .set(
            transport
              ? { sent_at: Date.now(), transport: 'smtp', text_body: '', html_body: '' }
              : { sent_at: Date.now(), transport: 'dev' },
          )
          .where('id', '=', row.id)
          .execute();
      } catch (err) {
        log.warn({ mailId: row.id, err: (err as Error).message }, 'mail send failed');
        await dbh.db
          .updateTable('mail_outbox')
          .set({ claimed_at: null, last_error: (err as Error).message.slice(0, 500) })
          .where('id', '=', row.id)
          .execute();
      }
    }
    return rows.length;
  }

  const flush = async () => {
    while (running) await running.catch(() => 0);
    running = sendPending();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  };

  return {
    flush,
    start(intervalMs = 1000) {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        flush().catch((err: Error) => log.error({ err: err.message }, 'mail worker failed'));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      if (running) await running.catch(() => 0);
      transport?.close();
    },
  };
}
