import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import * as api from '@contract/api';
import { paths } from '@/config/routes';
import { request } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';

/**
 * Where a fresh sign-in lands: an admin on the admin dashboard, a customer
 * on theirs (spec §5). The token pair says nothing about the role, so the current user is
 * loaded first; its answer fills the cache the dashboards read, so they do not ask again. If
 * it fails, the customer dashboard, as before (it loads the user itself and shows why).
 */
export function useLandingPath() {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    try {
      const me = await request(api.currentUser);
      await mutate(currentUserKey, me, { revalidate: false });
      return me.message.isAdmin ? paths.admin.overview : paths.user.overview;
    } catch {
      return paths.user.overview;
    }
  }, [mutate]);
}
