/**
 * In-app notices: the bell in the customer's header (ADR 0057).
 *
 * One source of events: a notice is recorded by `recordNotice`, inside the transaction that
 * moved the money, at the point that queues the customer's e-mail (customer-mail.ts, ADR
 * 0047). That point is reached once per movement (the guarded status change that lets one
 * caller settle a purchase is the one that records it), so a requery and a callback racing on
 * one purchase notify once, and a rolled-back movement leaves no notice. Unlike the mail, a
 * notice does not depend on the customer's e-mail switch.
 *
 * Other money events call `recordNotice` the same way, in their own transaction (commissions).
 * Announcements are not rows here: they join the feed while they are live for the customer
 * (`liveAnnouncements` below, filled in by ADR 0059).
 */
import {
  NOTICE_TITLE_MAX,
  NOTICES_MSG,
  NOTICES_SHOWN,
  type Kobo,
  type Notice,
  type NoticeKind,
  type Notices,
  type NoticesReadInput,
} from '@contract';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import { ApiError } from '../platform/http/errors.ts';
import { userTotals } from '../platform/aggregates.ts';
import { announcementNotices } from '../growth/announcements.ts';

export interface NoticeInput {
  kind: Exclude<NoticeKind, 'announcement'>;
  /** One line, as the bell shows it ("₦5,000 added to your wallet"). */
  title: string;
  /** Signed kobo: + reached the wallet, − left it; null when no money moved. */
  amount: Kobo | null;
  /** The statement line it is about, when there is one. */
  transactionId?: string | null;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]+/g;

/**
 * Records a notice for `userId` in `trx`, the transaction that moves the money: it commits or
 * rolls back with the movement. Call it only from the one call that moved the row.
 */
export async function recordNotice(
  trx: Db,
  userId: string,
  notice: NoticeInput,
  now = Date.now(),
): Promise<void> {
  await trx
    .insertInto('notices')
    .values({
      user_id: userId,
      kind: notice.kind,
      // Names inside a title come from people: one line, within the column.
      title: notice.title.replace(CONTROL, ' ').trim().slice(0, NOTICE_TITLE_MAX),
      amount: notice.amount,
      transaction_id: notice.transactionId ?? null,
      created_at: now,
      read_at: null,
    })
    .execute();
}

/**
 * The announcements live for this customer now, as notices (ADR 0059): `a-<id>`,
 * dated by their start, read once the customer dismissed the banner.
 */
const liveAnnouncements = announcementNotices;

/** The newest 20 of the customer's notices and how many are unread. */
export async function listNotices(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  now = Date.now(),
): Promise<Notices> {
  const rows = await ctx.db
    .selectFrom('notices')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(NOTICES_SHOWN)
    .execute();
  // Kept as notices are written and read (user_totals, ADR 0069): unread ones may be many.
  const { notices_unread: n } = await userTotals(ctx.db, userId);
  const announcements = await liveAnnouncements(ctx.db, userId, now);
  const notices: Notice[] = rows.map((r) => ({
    id: String(r.id),
    kind: r.kind as NoticeKind,
    title: r.title,
    amount: r.amount === null ? null : Number(r.amount),
    transaction_id: r.transaction_id,
    created_at: Number(r.created_at),
    read: r.read_at !== null,
  }));
  return {
    notices: [...announcements, ...notices]
      .sort((a, b) => b.created_at - a.created_at)
      .slice(0, NOTICES_SHOWN),
    unread: Number(n) + announcements.filter((a) => !a.read).length,
  };
}

/**
 * Marks the customer's notices read: all of them, or `up_to` and every older one. An id that
 * is not one of theirs answers 404 and changes nothing. Answers the bell as it is now.
 */
export async function markNoticesRead(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  body: NoticesReadInput,
  now = Date.now(),
): Promise<Notices> {
  let q = ctx.db
    .updateTable('notices')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (body.up_to !== undefined) {
    const upTo = Number(body.up_to);
    const own = await ctx.db
      .selectFrom('notices')
      .select('id')
      .where('id', '=', upTo)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!own) throw new ApiError('not_found', NOTICES_MSG.notFound);
    q = q.where('id', '<=', upTo);
  }
  await q.execute();
  return listNotices(ctx, userId, now);
}
