import {
  ANNOUNCEMENT_MSG,
  api,
  DEFAULT_TIER_ID,
  type Announcement,
  type AnnouncementStatus,
  type CustomerAnnouncement,
} from '@contract';
import { now } from '../clock';
import { me } from '../contract-handler';
import { db, nextId } from '../db';
import { MockApiError } from '../errors';
import type { AnnouncementRecord } from '../fixtures/announcements';
import type { UserRecord } from '../records';
import { recordAudit } from '../services/audit';
import { paginate } from '../services/paging';
import { impl } from './impl';

/**
 * Admin announcements and the customer's banner (ADR 0059) over the mock store, refused as
 * the server refuses them. The status follows the window and the mock clock; a customer's
 * dismissal is kept with the announcement. The e-mails are not sent here: an e-mailed
 * announcement that has started counts its audience as mailed, as the worker would have.
 */
const statusAt = (a: AnnouncementRecord, at: number): AnnouncementStatus =>
  a.ends_at <= at ? 'ended' : a.starts_at > at ? 'scheduled' : 'active';

const inAudience = (a: AnnouncementRecord, u: UserRecord) =>
  a.tier_id === null || a.tier_id === (u.tier_id ?? DEFAULT_TIER_ID);

function view(a: AnnouncementRecord, at = now()): Announcement {
  const { dismissed_by: _dismissed, mailed_to: _mailed, ...fields } = a;
  const mailed =
    a.email && a.starts_at <= at
      ? db.users.filter((u) => !u.isAdmin && !u.isBlocked && u.email_verified && inAudience(a, u))
          .length
      : 0;
  return {
    ...fields,
    tier_name: a.tier_id === null ? null : (db.tiers.find((t) => t.id === a.tier_id)?.name ?? null),
    mailed,
    status: statusAt(a, at),
  };
}

const snapshot = (a: AnnouncementRecord) => ({
  text: a.text,
  severity: a.severity,
  starts_at: a.starts_at,
  ends_at: a.ends_at,
  tier_id: a.tier_id,
  email: a.email,
});

function refuseInvalid(body: { ends_at: number; tier_id: string | null }, at: number) {
  if (body.ends_at <= at) throw new MockApiError('validation_error', ANNOUNCEMENT_MSG.endPassed);
  if (body.tier_id !== null && !db.tiers.some((t) => t.id === body.tier_id)) {
    throw new MockApiError('validation_error', ANNOUNCEMENT_MSG.tierNotFound);
  }
}

function open(id: string, at: number): AnnouncementRecord {
  const a = db.announcements.find((x) => x.id === id);
  if (!a) throw new MockApiError('not_found', ANNOUNCEMENT_MSG.notFound);
  if (statusAt(a, at) === 'ended') throw new MockApiError('conflict', ANNOUNCEMENT_MSG.ended);
  return a;
}

const RANK = { outage: 0, warning: 1, info: 2 } as const;

export const announcements = {
  announcements: impl(
    api.announcements,
    ({ query }) => {
      const at = now();
      const rows = db.announcements
        .filter((a) => !query.status || statusAt(a, at) === query.status)
        .sort((x, y) => y.starts_at - x.starts_at)
        .map((a) => view(a, at));
      return paginate(rows, query);
    },
    ({ query }) => paginate([], query),
  ),

  createAnnouncement: impl(api.createAnnouncement, (ctx) => {
    const admin = me(ctx);
    const at = now();
    refuseInvalid(ctx.body, at);
    const a: AnnouncementRecord = {
      id: nextId('ann'),
      ...ctx.body,
      author: admin.email,
      created_at: at,
      updated_at: at,
      dismissed_by: [],
      mailed_to: [],
    };
    db.announcements.unshift(a);
    recordAudit(admin, ctx.request, {
      action: 'announcement.create',
      target_type: 'announcement',
      target_id: a.id,
      target_label: a.text.slice(0, 60),
      before: null,
      after: snapshot(a),
    });
    return { message: view(a, at) };
  }),

  editAnnouncement: impl(api.editAnnouncement, (ctx) => {
    const admin = me(ctx);
    const at = now();
    const a = open(ctx.params.id, at);
    refuseInvalid(ctx.body, at);
    const before = snapshot(a);
    Object.assign(a, ctx.body, { updated_at: at });
    recordAudit(admin, ctx.request, {
      action: 'announcement.edit',
      target_type: 'announcement',
      target_id: a.id,
      target_label: a.text.slice(0, 60),
      before,
      after: snapshot(a),
    });
    return { message: view(a, at) };
  }),

  endAnnouncement: impl(api.endAnnouncement, (ctx) => {
    const admin = me(ctx);
    const at = now();
    const a = open(ctx.body.id, at);
    const before = snapshot(a);
    Object.assign(a, { ends_at: at, updated_at: at });
    recordAudit(admin, ctx.request, {
      action: 'announcement.end',
      target_type: 'announcement',
      target_id: a.id,
      target_label: a.text.slice(0, 60),
      before,
      after: snapshot(a),
    });
    return { message: ANNOUNCEMENT_MSG.endedNow };
  }),

  myAnnouncements: impl(
    api.myAnnouncements,
    (ctx) => {
      const user = me(ctx);
      const at = now();
      const shown: CustomerAnnouncement[] = db.announcements
        .filter(
          (a) =>
            statusAt(a, at) === 'active' &&
            inAudience(a, user) &&
            !a.dismissed_by.includes(user.id),
        )
        .sort((x, y) => RANK[x.severity] - RANK[y.severity] || y.starts_at - x.starts_at)
        .map(({ id, text, severity, starts_at, ends_at }) => ({
          id,
          text,
          severity,
          starts_at,
          ends_at,
        }));
      return { message: shown };
    },
    () => ({ message: [] }),
  ),

  dismissAnnouncement: impl(api.dismissAnnouncement, (ctx) => {
    const user = me(ctx);
    const a = db.announcements.find((x) => x.id === ctx.body.id);
    if (!a || a.starts_at > now() || !inAudience(a, user)) {
      throw new MockApiError('not_found', ANNOUNCEMENT_MSG.notFound);
    }
    if (!a.dismissed_by.includes(user.id)) a.dismissed_by.push(user.id);
    return { message: ANNOUNCEMENT_MSG.dismissed };
  }),
};
