import { z } from '../zod';
import { endpoint, message, paged, PageQuery } from '../endpoint';
import { notEmpty, requiredId, text } from '../rules';
import { LAGOS_OFFSET_MS } from '../time';
import {
  ANNOUNCEMENT_MSG,
  ANNOUNCEMENT_SEVERITIES,
  ANNOUNCEMENT_STATUSES,
  ANNOUNCEMENT_TEXT_MAX,
  AnnouncementIdBody,
  AnnouncementSchema,
} from './customer';

/** The admin's side: writing, listing and ending announcements (ADR 0059). */

/** A window longer than this is a mistake (a year typed for a month): 90 days. */
export const ANNOUNCEMENT_MAX_WINDOW_MS = 90 * 24 * 60 * 60 * 1000;

/** The value of `tier_id` that means every customer. */
export const ALL_CUSTOMERS = null;

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
