import { useCallback, useState } from 'react';
import * as api from '@contract/api';
import { request } from '@/lib/api-client';
import { clearSession, useSession } from '@/lib/session';

/** POST /api/auth/logout with the refresh token; the session is cleared whatever the answer. */
export const adminLogoutKey = api.logout.path;

export function useAdminLogout() {
  const { tokens } = useSession();
  const refreshToken = tokens?.refresh_token;
  const [isPending, setPending] = useState(false);
  const trigger = useCallback(async () => {
    setPending(true);
    try {
      await request(api.logout, {
        headers: refreshToken ? { 'X-Refresh-Token': refreshToken } : {},
      });
    } catch {
      // Signed out locally anyway: the refresh token expires on its own.
    } finally {
      clearSession();
      setPending(false);
    }
  }, [refreshToken]);
  return { trigger, isPending };
}
