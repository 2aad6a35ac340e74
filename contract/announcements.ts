import { z } from './zod';
import { endpoint, message, paged, PageQuery } from './endpoint';
import { EpochMs } from './entities';
import { notEmpty, requiredId, text } from './rules';
import { LAGOS_OFFSET_MS } from './time';

/**
 * Admin announcements (issue 26 §4; ADR 0059): an admin tells customers about a price change
 * or an outage. Each has a text, a severity, a window (start and end, epoch ms on the wire,
 * Lagos time on the screen) and an audience: every customer, or the customers of one price
 * tier. Customers see the active ones as a banner on the dashboard until they dismiss them
 * (kept on the server per user). Optionally the audience is e-mailed once per customer, in
 * batches by a background worker, never while the admin waits.
 *
 * The status is not stored: it follows from the window and the server's clock (`ending` an
 * announcement moves its end to now).
 */

export const ANNOUNCEMENT_SEVERITIES = ['info', 'warning', 'outage'] as const;
export type AnnouncementSeverity = (typeof ANNOUNCEMENT_SEVERITIES)[number];

export const ANNOUNCEMENT_SEVERITY_LABELS: Record<AnnouncementSeverity, string> = {
  info: 'Information',
  warning: 'Warning',
  outage: 'Outage',
};

export const ANNOUNCEMENT_STATUSES = ['scheduled', 'active', 'ended'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

/** A banner a customer reads at a glance on a phone: about three lines at 360 px. */
export const ANNOUNCEMENT_TEXT_MAX = 280;
/** A window longer than this is a mistake (a year typed for a month): 90 days. */
export const ANNOUNCEMENT_MAX_WINDOW_MS = 90 * 24 * 60 * 60 * 1000;
/** The value of `tier_id` that means every customer. */
export const ALL_CUSTOMERS = null;

export const ANNOUNCEMENT_MSG = {
  textRequired: 'Enter the announcement text.',
  textTooLong: `The announcement can be at most ${ANNOUNCEMENT_TEXT_MAX} characters.`,
  severityInvalid: 'Choose info, warning or outage.',
  startInvalid: 'Enter the start date and time.',
  endInvalid: 'Enter the end date and time.',
  endBeforeStart: 'The end must be after the start.',
  endPassed: 'The end is in the past: customers would never see it.',
  windowTooLong: 'An announcement can run for at most 90 days.',
  tierNotFound: 'This price tier does not exist.',
  emailInvalid: 'Choose whether to e-mail the audience.',
  notFound: 'This announcement was not found.',
  ended: 'This announcement has ended: write a new one.',
  created: 'Announcement saved.',
  saved: 'Announcement changed.',
  endedNow: 'Announcement ended: customers no longer see it.',
  dismissed: 'Announcement dismissed.',
} as const;

/** What the admin list shows. */
export const AnnouncementSchema = z.object({
  id: z.string(),
  text: z.string(),
  severity: z.enum(ANNOUNCEMENT_SEVERITIES),
  starts_at: EpochMs,
  ends_at: EpochMs,
  /** `null`: every customer. */
  tier_id: z.nullable(z.string()),
  tier_name: z.nullable(z.string()),
  /** Whether the audience is e-mailed, and how many customers have been so far. */
  email: z.boolean(),
  mailed: z.int().check(z.nonnegative()),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  author: z.string(),
  created_at: EpochMs,
  updated_at: EpochMs,
});
export type Announcement = z.output<typeof AnnouncementSchema>;

/** What a customer's banner shows: no audience, no author. */
export const CustomerAnnouncementSchema = z.pick(AnnouncementSchema, {
  id: true,
  text: true,
  severity: true,
  starts_at: true,
  ends_at: true,
});
export type CustomerAnnouncement = z.output<typeof CustomerAnnouncementSchema>;

const when = (msg: string) =>
  z.number({ error: msg }).check(z.int(msg), z.gte(0, msg), z.lte(8.64e15, msg));

/**
 * The form's fields. "End after start" and "at most 90 days" are checked here; "not already
 * over" needs the server's clock and is checked there (`ANNOUNCEMENT_MSG.endPassed`).
 */
export const AnnouncementBody = z
  .object({
    text: text([[notEmpty, ANNOUNCEMENT_MSG.textRequired]], {
      max: ANNOUNCEMENT_TEXT_MAX,
      tooLong: ANNOUNCEMENT_MSG.textTooLong,
    }),
    severity: z.enum(ANNOUNCEMENT_SEVERITIES, { error: ANNOUNCEMENT_MSG.severityInvalid }),
    starts_at: when(ANNOUNCEMENT_MSG.startInvalid),
    ends_at: when(ANNOUNCEMENT_MSG.endInvalid),
    tier_id: z.nullable(requiredId(ANNOUNCEMENT_MSG.tierNotFound)),
    email: z.boolean({ error: ANNOUNCEMENT_MSG.emailInvalid }),
  })
  .check(
    z.refine((b) => b.ends_at > b.starts_at, {
      message: ANNOUNCEMENT_MSG.endBeforeStart,
      path: ['ends_at'],
    }),
    z.refine((b) => b.ends_at - b.starts_at <= ANNOUNCEMENT_MAX_WINDOW_MS, {
      message: ANNOUNCEMENT_MSG.windowTooLong,
      path: ['ends_at'],
    }),
  );
export type AnnouncementInput = z.input<typeof AnnouncementBody>;

/** `2026-03-01T09:30`, the value of a datetime-local input, read as Lagos time. */
const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** Epoch ms of a `YYYY-MM-DDTHH:mm` on Lagos clocks; `null` when it is no real instant. */
export function lagosInputToMs(value: string): number | null {
  const m = LOCAL_PATTERN.exec(value.trim());
  if (!m) return null;
  const ms = Date.parse(`${value.trim()}:00Z`);
  if (!Number.isFinite(ms)) return null;
  // Date.parse rolls 2026-02-30 over to March: refuse what does not come back the same.
  if (new Date(ms).toISOString().slice(0, 16) !== value.trim()) return null;
  return ms - LAGOS_OFFSET_MS;
}

/** The datetime-local value (`YYYY-MM-DDTHH:mm`, Lagos time) of an instant. */
export const msToLagosInput = (ms: number): string =>
  new Date(ms + LAGOS_OFFSET_MS).toISOString().slice(0, 16);

/** The form keeps the times as typed (Lagos time); the same rules once they are instants. */
export const announcementForm = () =>
  z.pipe(
    z.pipe(
      z.object({
        text: z.string(),
        severity: z.string(),
        starts_at: z.string(),
        ends_at: z.string(),
        tier_id: z.string(),
        email: z.boolean(),
      }),
      z.transform((f, ctx) => {
        const starts = lagosInputToMs(f.starts_at);
        const ends = lagosInputToMs(f.ends_at);
        if (starts === null) {
          ctx.issues.push({
            code: 'custom',
            input: f.starts_at,
            path: ['starts_at'],
            message: ANNOUNCEMENT_MSG.startInvalid,
          });
        }
        if (ends === null) {
          ctx.issues.push({
            code: 'custom',
            input: f.ends_at,
            path: ['ends_at'],
            message: ANNOUNCEMENT_MSG.endInvalid,
          });
        }
        return {
          text: f.text,
          severity: f.severity,
          starts_at: starts ?? -1,
          ends_at: ends ?? -1,
          // The select's empty value is "All customers".
          tier_id: f.tier_id === '' ? null : f.tier_id,
          email: f.email,
        };
      }),
    ),
    AnnouncementBody,
  );

export const AnnouncementQuery = z.extend(z.omit(PageQuery, { q: true }), {
  status: z.optional(z.enum(ANNOUNCEMENT_STATUSES)),
});

export const AnnouncementIdBody = z.object({ id: requiredId(ANNOUNCEMENT_MSG.notFound) });
const AnnouncementParams = z.object({ id: requiredId(ANNOUNCEMENT_MSG.notFound) });

const ADMIN_ERRORS = [400, 401, 403, 404, 409, 423, 429, 500] as const;

export const announcements = endpoint({
  name: 'admin.announcements',
  method: 'GET',
  path: '/api/admin/announcements',
  access: 'admin',
  summary: 'Announcements, latest start first, paged, optionally scheduled, active or ended.',
  query: AnnouncementQuery,
  response: paged(AnnouncementSchema),
});
export const createAnnouncement = endpoint({
  name: 'admin.createAnnouncement',
  method: 'POST',
  path: '/api/admin/announcements',
  access: 'admin',
  summary:
    'Writes an announcement for every customer or one price tier; its e-mails (if asked) go out in batches in the background.',
  body: AnnouncementBody,
  response: message(AnnouncementSchema),
  errors: ADMIN_ERRORS,
});
export const editAnnouncement = endpoint({
  name: 'admin.editAnnouncement',
  method: 'PUT',
  path: '/api/admin/announcements/:id',
  access: 'admin',
  summary:
    'Changes an announcement that has not ended; a customer already e-mailed is not e-mailed again.',
  params: AnnouncementParams,
  body: AnnouncementBody,
  response: message(AnnouncementSchema),
  errors: ADMIN_ERRORS,
});
export const endAnnouncement = endpoint({
  name: 'admin.endAnnouncement',
  method: 'POST',
  path: '/api/admin/announcements/end',
  access: 'admin',
  summary: 'Ends an announcement now (a scheduled one never shows); its e-mails stop.',
  body: AnnouncementIdBody,
  response: message(z.string()),
  errors: ADMIN_ERRORS,
});
export const myAnnouncements = endpoint({
  name: 'user.announcements',
  method: 'GET',
  path: '/api/user/announcements',
  access: 'user',
  summary: "The announcements active now for the customer's tier that they have not dismissed.",
  response: message(z.array(CustomerAnnouncementSchema)),
});
export const dismissAnnouncement = endpoint({
  name: 'user.dismissAnnouncement',
  method: 'POST',
  path: '/api/user/announcements/dismiss',
  access: 'user',
  summary: 'Hides an announcement from this customer, on every device.',
  body: AnnouncementIdBody,
  response: message(z.string()),
  errors: [400, 401, 403, 404, 423, 429, 500],
});
