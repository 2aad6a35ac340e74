import { z } from '../zod';
import { endpoint, message } from '../endpoint';
import { EpochMs } from '../entities';
import { requiredId } from '../field-limits';

/** What customers see: the banner's announcements and dismissing one. */

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

export const AnnouncementIdBody = z.object({ id: requiredId(ANNOUNCEMENT_MSG.notFound) });

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
