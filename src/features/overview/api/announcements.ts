import * as api from '@contract/api';
import { useApiMutation, useApiQuery } from '@/lib/swr';

/** GET /api/user/announcements: the banners live for this customer, not dismissed. */
export function useMyAnnouncements() {
  return useApiQuery(api.myAnnouncements, {});
}

/** POST /api/user/announcements/dismiss: gone on every device (and read in the bell). */
export function useDismissAnnouncement() {
  return useApiMutation(api.dismissAnnouncement, {
    invalidates: [api.myAnnouncements, api.notices],
  });
}
