import type { AnnouncementStatus } from '@contract/announcements';
import * as api from '@contract/api';
import { LIMITS } from '@contract/business-limits';
import { useApiMutation, useApiQuery } from '@/lib/swr';

/** GET /api/admin/announcements: latest start first, one server page, optionally one status. */
export function useAnnouncements(page: number, status?: AnnouncementStatus) {
  return useApiQuery(api.announcements, {
    query: { page, limit: LIMITS.pageSize, ...(status && { status }) },
  });
}

/** Every write shows in the list, the audit log and (same browser) the admin's own banner. */
const changed = [api.announcements, api.auditLog, api.myAnnouncements];

/** POST /api/admin/announcements: saved at once; its e-mails go out later, in batches. */
export function useCreateAnnouncement() {
  return useApiMutation(api.createAnnouncement, { invalidates: changed });
}

/** PUT /api/admin/announcements/:id: one that has not ended. */
export function useEditAnnouncement() {
  return useApiMutation(api.editAnnouncement, { invalidates: changed });
}

/** POST /api/admin/announcements/end: customers stop seeing it now. */
export function useEndAnnouncement() {
  return useApiMutation(api.endAnnouncement, { invalidates: changed });
}
