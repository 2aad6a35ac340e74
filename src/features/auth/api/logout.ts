import { useCallback } from 'react';
import * as api from '@contract/api';
import { clearSession } from '@/lib/session';
import { useApiMutation } from '@/lib/swr';

/** POST /api/auth/logout: revokes the refresh token (the client sends it in X-Refresh-Token). */
export const logoutKey = api.logout.path;

/** Signs out: the session is cleared whether or not the server could be reached. */
export function useLogout() {
  const mutation = useApiMutation(api.logout);
  const { trigger: send } = mutation;
  const trigger = useCallback(async () => {
    try {
      await send();
    } finally {
      clearSession();
    }
  }, [send]);
  return { ...mutation, trigger };
}
