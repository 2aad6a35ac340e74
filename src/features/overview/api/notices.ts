import * as api from '@contract/api';
import { useSession } from '@/lib/session';
import { useApiMutation, useApiQuery } from '@/lib/swr';

/**
 * The bell asks again this often while the tab is visible, and when the customer comes back
 * to it (focus): a credit that arrives while they look at another page rings it without a
 * reload, as the balance does while a transfer is awaited (ADR 0057), at one light request a
 * minute.
 */
export const NOTICES_REFRESH_MS = 60_000;

/** GET /api/user/notices: the newest 20 and the unread count. */
export function useNotices() {
  const { tokens } = useSession();
  return useApiQuery(api.notices, tokens ? {} : null, {
    refreshInterval: NOTICES_REFRESH_MS,
    refreshWhenHidden: false,
    revalidateOnFocus: true,
  });
}

/** POST /api/user/notices/read: all, or up to the newest the bell showed. */
export function useReadNotices() {
  return useApiMutation(api.readNotices, { invalidates: [api.notices] });
}
