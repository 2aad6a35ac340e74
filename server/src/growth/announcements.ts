/**
 * Admin announcements (ADR 0059): a banner for every customer or one price
 * tier, shown in its window until the customer dismisses it, optionally e-mailed.
 * - The window is read with `config.clock` (tests pass a fake one): shown from `starts_at`,
 *   no longer at `ends_at`. Ending one early moves `ends_at` to now.
 * - Each write is one transaction with its audit entry: a refused one writes nothing.
 * - E-mails never go while the admin waits: `mailAnnouncements` is a worker pass that queues
 *   at most a batch of mails in the outbox (mail.ts sends them), so a large audience does not
 *   push a customer's password reset behind thousands of announcements, and a slow SMTP relay
 *   is never flooded. Each customer's row in `announcement_mails` is inserted in the same
 *   transaction as their mail, under its key: a customer is mailed once, whichever pass or
 *   instance gets there first, and a pass after the last batch queues nothing.
 */
import { randomUUID } from 'node:crypto';
import {
  ANNOUNCEMENT_MSG,
  ANNOUNCEMENT_SEVERITY_LABELS,
  DEFAULT_TIER_ID,
  NOTICE_TITLE_MAX,
  type Announcement,
  type AnnouncementSeverity,
  type AnnouncementStatus,
  type CustomerAnnouncement,
  type Notice,
} from '@contract';
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import type { AnnouncementsTable, Database, UserRow } from '../platform/db/schema.ts';
import { ApiError } from '../platform/http/errors.ts';
import { recordAudit, type Actor, type Snapshot } from '../admin/audit.ts';
import { enqueueMail, lagosTime, paragraphMail } from '../notifications/mail.ts';
import { countRows, paged } from '../platform/paging.ts';
import { startWorker } from '../platform/worker.ts';

export interface AnnouncementRequest {
  text: string;
  severity: AnnouncementSeverity;
  starts_at: number;
  ends_at: number;
  tier_id: string | null;
  email: boolean;
}

type Row = Selectable<AnnouncementsTable>;

const clock = (ctx: Pick<AppContext, 'config'>) => (ctx.config.clock ?? Date.now)();

export function statusAt(row: Pick<Row, 'starts_at' | 'ends_at'>, now: number): AnnouncementStatus {
  if (Number(row.ends_at) <= now) return 'ended';
  return Number(row.starts_at) > now ? 'scheduled' : 'active';
}

/** The rows with their tier's name and how many customers were mailed. */
const withDetails = (db: Db) =>
  db
    .selectFrom('announcements')
    .leftJoin('price_tiers', 'price_tiers.id', 'announcements.tier_id')
    .selectAll('announcements')
    .select('price_tiers.name as tier_name')
    .select((eb) =>
      eb
        .selectFrom('announcement_mails')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('announcement_mails.announcement_id', '=', 'announcements.id')
        .as('mailed'),
    );

const toAnnouncement = (
  r: Row & { tier_name: string | null; mailed: number | string | null },
  now: number,
): Announcement => ({
  id: r.id,
  text: r.text,
  severity: r.severity,
  starts_at: Number(r.starts_at),
  ends_at: Number(r.ends_at),
  tier_id: r.tier_id,
  tier_name: r.tier_name,
  email: Number(r.email) === 1,
  mailed: Number(r.mailed ?? 0),
  status: statusAt(r, now),
  author: r.author_email,
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

async function byId(db: Db, id: string, now: number): Promise<Announcement> {
  const row = await withDetails(db).where('announcements.id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError('not_found', ANNOUNCEMENT_MSG.notFound);
  return toAnnouncement(row, now);
}

/** What the audit log keeps: the fields an admin sets. */
const snapshot = (a: AnnouncementRequest): Snapshot => ({
  text: a.text,
  severity: a.severity,
  starts_at: a.starts_at,
  ends_at: a.ends_at,
  tier_id: a.tier_id,
  email: a.email,
});

/** The checks that need the database or the clock (the contract checked the rest). */
async function refuseInvalid(trx: Db, body: AnnouncementRequest, now: number): Promise<void> {
  if (body.ends_at <= now) throw new ApiError('validation_error', ANNOUNCEMENT_MSG.endPassed);
  if (body.tier_id !== null) {
    const tier = await trx
      .selectFrom('price_tiers')
      .select('id')
      .where('id', '=', body.tier_id)
      .executeTakeFirst();
    if (!tier) throw new ApiError('validation_error', ANNOUNCEMENT_MSG.tierNotFound);
  }
}

export function createAnnouncement(
  ctx: AppContext,
  actor: Actor,
  body: AnnouncementRequest,
): Promise<Announcement> {
  return ctx.dbh.writeTx(async (trx) => {
    const now = clock(ctx);
    await refuseInvalid(trx, body, now);
    const id = randomUUID();
    await trx
      .insertInto('announcements')
      .values({
        id,
        text: body.text,
        severity: body.severity,
        starts_at: body.starts_at,
        ends_at: body.ends_at,
        tier_id: body.tier_id,
        email: body.email ? 1 : 0,
        author_id: actor.admin.id,
        author_email: actor.admin.email,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'announcement.create',
        targetType: 'announcement',
        targetId: id,
        targetLabel: body.text.slice(0, 60),
        before: null,
        after: snapshot(body),
      },
      now,
    );
    return byId(trx, id, now);
  });
}

/** Locks (PostgreSQL) and answers an announcement that has not ended; else 404 or 409. */
async function openAnnouncement(ctx: AppContext, trx: Db, id: string, now: number): Promise<Row> {
  const row = await trx
    .selectFrom('announcements')
    .selectAll()
    .where('id', '=', id)
    .$if(ctx.dbh.engine === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  if (!row) throw new ApiError('not_found', ANNOUNCEMENT_MSG.notFound);
  if (statusAt(row, now) === 'ended') throw new ApiError('conflict', ANNOUNCEMENT_MSG.ended);
  return row;
}

const requestOf = (r: Row): AnnouncementRequest => ({
  text: r.text,
  severity: r.severity,
  starts_at: Number(r.starts_at),
  ends_at: Number(r.ends_at),
  tier_id: r.tier_id,
  email: Number(r.email) === 1,
});

/**
 * Changes an announcement that has not ended. Customers already mailed are not mailed again;
 * a wider audience (or e-mail turned on) lets the worker mail the customers not yet mailed.
 */
export function editAnnouncement(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: AnnouncementRequest,
): Promise<Announcement> {
  return ctx.dbh.writeTx(async (trx) => {
    const now = clock(ctx);
    const before = await openAnnouncement(ctx, trx, id, now);
    await refuseInvalid(trx, body, now);
    await trx
      .updateTable('announcements')
      .set({
        text: body.text,
        severity: body.severity,
        starts_at: body.starts_at,
        ends_at: body.ends_at,
        tier_id: body.tier_id,
        email: body.email ? 1 : 0,
        mail_done: 0,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'announcement.edit',
        targetType: 'announcement',
        targetId: id,
        targetLabel: body.text.slice(0, 60),
        before: snapshot(requestOf(before)),
        after: snapshot(body),
      },
      now,
    );
    return byId(trx, id, now);
  });
}

/** Ends an announcement now: its banner goes, its e-mails stop (a scheduled one never shows). */
export function endAnnouncement(ctx: AppContext, actor: Actor, id: string): Promise<string> {
  return ctx.dbh.writeTx(async (trx) => {
    const now = clock(ctx);
    const before = await openAnnouncement(ctx, trx, id, now);
    await trx
      .updateTable('announcements')
      .set({ ends_at: now, updated_at: now })
      .where('id', '=', id)
      .execute();
    const was = snapshot(requestOf(before));
    await recordAudit(
      trx,
      actor,
      {
        action: 'announcement.end',
        targetType: 'announcement',
        targetId: id,
        targetLabel: before.text.slice(0, 60),
        before: was,
        after: { ...was, ends_at: now },
      },
      now,
    );
    return ANNOUNCEMENT_MSG.endedNow;
  });
}

/** The admin list: latest start first, optionally one status (by the window, now). */
export async function listAnnouncements(
  ctx: AppContext,
  query: { page: number; limit: number; status?: AnnouncementStatus },
) {
  const now = clock(ctx);
  const { status } = query;
  const inStatus = (eb: ExpressionBuilder<Database, 'announcements'>) =>
    status === 'ended'
      ? eb('announcements.ends_at', '<=', now)
      : eb.and([
          eb('announcements.ends_at', '>', now),
          status === 'scheduled'
            ? eb('announcements.starts_at', '>', now)
            : eb('announcements.starts_at', '<=', now),
        ]);
  const plain = ctx.db.selectFrom('announcements');
  const total = await countRows(plain.$if(status !== undefined, (q) => q.where(inStatus)));
  const rows = await withDetails(ctx.db)
    .$if(status !== undefined, (q) => q.where(inStatus))
    .orderBy('announcements.starts_at', 'desc')
    .orderBy('announcements.id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return paged(
    rows.map((r) => toAnnouncement(r, now)),
    query,
    total,
  );
}

/** Whether `users` (in the query) is in the audience of `announcements`. */
const inAudience = sql<boolean>`(announcements.tier_id is null or announcements.tier_id = coalesce(users.tier_id, ${DEFAULT_TIER_ID}))`;

/**
 * The announcements active now for the customer, not dismissed by them, outages first, then
 * the newest. Also the bell's feed (notices.ts).
 */
export async function activeFor(
  db: Db,
  userId: string,
  now: number,
  { withDismissed = false } = {},
): Promise<(CustomerAnnouncement & { dismissed: boolean })[]> {
  const dismissed = (eb: ExpressionBuilder<Database, 'announcements'>) =>
    eb.exists(
      eb
        .selectFrom('announcement_dismissals')
        .select('announcement_dismissals.user_id')
        .whereRef('announcement_dismissals.announcement_id', '=', 'announcements.id')
        .where('announcement_dismissals.user_id', '=', userId),
    );
  const rows = await db
    .selectFrom('announcements')
    .innerJoin('users', (join) => join.on('users.id', '=', userId))
    .select([
      'announcements.id',
      'announcements.text',
      'announcements.severity',
      'announcements.starts_at',
      'announcements.ends_at',
    ])
    .select((eb) => dismissed(eb).as('dismissed'))
    .where('announcements.ends_at', '>', now)
    .where('announcements.starts_at', '<=', now)
    .where(inAudience)
    .$if(!withDismissed, (q) => q.where((eb) => eb.not(dismissed(eb))))
    .orderBy('announcements.starts_at', 'desc')
    .orderBy('announcements.id', 'desc')
    // The banner is for a few at a time; more would be a wall of text on a phone.
    .limit(10)
    .execute();
  const rank: Record<AnnouncementSeverity, number> = { outage: 0, warning: 1, info: 2 };
  return rows
    .map((r) => ({
      id: r.id,
      text: r.text,
      severity: r.severity,
      starts_at: Number(r.starts_at),
      ends_at: Number(r.ends_at),
      dismissed: Number(r.dismissed) === 1 || (r.dismissed as unknown) === true,
    }))
    .sort((a, b) => rank[a.severity] - rank[b.severity] || b.starts_at - a.starts_at);
}

export async function myAnnouncements(
  ctx: AppContext,
  user: Pick<UserRow, 'id'>,
): Promise<CustomerAnnouncement[]> {
  const rows = await activeFor(ctx.db, user.id, clock(ctx));
  return rows.map(({ id, text, severity, starts_at, ends_at }) => ({
    id,
    text,
    severity,
    starts_at,
    ends_at,
  }));
}

/**
 * Hides an announcement from the customer on every device. Only one they can see now (or saw:
 * dismissing twice, or after it ended, is not an error); another's tier's is 404.
 */
export async function dismissAnnouncement(
  ctx: AppContext,
  user: Pick<UserRow, 'id'>,
  id: string,
): Promise<string> {
  const now = clock(ctx);
  const found = await ctx.db
    .selectFrom('announcements')
    .innerJoin('users', (join) => join.on('users.id', '=', user.id))
    .select('announcements.id')
    .where('announcements.id', '=', id)
    .where('announcements.starts_at', '<=', now)
    .where(inAudience)
    .executeTakeFirst();
  if (!found) throw new ApiError('not_found', ANNOUNCEMENT_MSG.notFound);
  await ctx.db
    .insertInto('announcement_dismissals')
    .values({ announcement_id: id, user_id: user.id, dismissed_at: now })
    .onConflict((oc) => oc.columns(['announcement_id', 'user_id']).doNothing())
    .execute();
  return ANNOUNCEMENT_MSG.dismissed;
}

/**
 * The announcements live for the customer as notices in the bell (ADR 0057): `a-<id>`, dated
 * by their start, read once the customer dismissed the banner (the bell's "mark read" leaves
 * the banner as it is: a banner is closed by its own button).
 */
export async function announcementNotices(db: Db, userId: string, now: number): Promise<Notice[]> {
  const rows = await activeFor(db, userId, now, { withDismissed: true });
  return rows.map((a) => ({
    id: `a-${a.id}`,
    kind: 'announcement',
    title: a.text.length > NOTICE_TITLE_MAX ? `${a.text.slice(0, NOTICE_TITLE_MAX - 1)}…` : a.text,
    amount: null,
    transaction_id: null,
    created_at: a.starts_at,
    read: a.dismissed,
  }));
}

// ── E-mail to the audience, in batches ──────────────────────────────────────

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]+/g;

function announcementMail(to: string, a: Row) {
  const oneLine = a.text.replace(CONTROL, ' ').trim();
  const headline = oneLine.length > 60 ? `${oneLine.slice(0, 59)}…` : oneLine;
  return paragraphMail(to, `${ANNOUNCEMENT_SEVERITY_LABELS[a.severity]}: ${headline}`, [
    a.text,
    `This notice runs from ${lagosTime(Number(a.starts_at))} to ${lagosTime(Number(a.ends_at))}.`,
    'You receive it because you have an account with us; it is also shown when you sign in.',
  ]);
}

/**
 * One pass of the announcement mailer: queues at most `batch` mails, to customers of the
 * audience of active announcements who have not had theirs (verified e-mail, not blocked, not
 * admins). Answers how many were queued; 0 once everyone has been mailed.
 */
export async function mailAnnouncements(
  ctx: AppContext,
  batch = ctx.config.announcementMailsPerPass,
): Promise<number> {
  const now = clock(ctx);
  const due = await ctx.db
    .selectFrom('announcements')
    .selectAll()
    .where('email', '=', 1)
    .where('mail_done', '=', 0)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
  let queued = 0;
  for (const a of due) {
    if (queued >= batch) break;
    queued += await ctx.dbh.writeTx(async (trx) => {
      const users = await trx
        .selectFrom('users')
        .innerJoin('announcements', (join) => join.on('announcements.id', '=', a.id))
        .select(['users.id', 'users.email'])
        .where('users.is_admin', '=', 0)
        .where('users.is_blocked', '=', 0)
        .where('users.email_verified', '=', 1)
        .where(inAudience)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('announcement_mails')
                .select('announcement_mails.user_id')
                .where('announcement_mails.announcement_id', '=', a.id)
                .whereRef('announcement_mails.user_id', '=', 'users.id'),
            ),
          ),
        )
        .orderBy('users.id')
        .limit(batch - queued)
        .execute();
      if (users.length === 0) {
        await trx
          .updateTable('announcements')
          .set({ mail_done: 1 })
          .where('id', '=', a.id)
          .execute();
        return 0;
      }
      // Another instance's pass may have taken some of these meanwhile: its rows win, and
      // only the ones inserted here are mailed here.
      const mine = await trx
        .insertInto('announcement_mails')
        .values(users.map((u) => ({ announcement_id: a.id, user_id: u.id, queued_at: now })))
        .onConflict((oc) => oc.columns(['announcement_id', 'user_id']).doNothing())
        .returning('user_id')
        .execute();
      const emailOf = new Map(users.map((u) => [u.id, u.email]));
      for (const { user_id } of mine) {
        await enqueueMail(trx, announcementMail(emailOf.get(user_id)!, a), now);
      }
      return mine.length;
    });
  }
  return queued;
}

/** The mailer's worker: a pass every `announcementMailEveryMs` (ANNOUNCEMENT_MAILS_PER_MINUTE). */
export function startAnnouncementMailWorker(ctx: AppContext): () => Promise<void> {
  return startWorker(
    ctx,
    'announcement mail',
    () => mailAnnouncements(ctx),
    ctx.config.announcementMailEveryMs,
  );
}
