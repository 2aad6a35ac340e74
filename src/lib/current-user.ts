import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import * as api from '@contract/api';
import type { CurrentUser } from '@contract/entities';
import { useSession } from './session';
import { useUserLoadReady } from './session-timers';
import { apiKey, useApiQuery } from './swr';

/**
 * The signed-in user (`GET /api/user`) with their transactions and coupons. Shared by every
 * signed-in screen (dashboards, purchase forms, admin guard), so it lives in lib, like
 * bulletproof-react's lib/auth, rather than in one feature (features never import each other;
 * docs/decisions/0011-shared-queries.md).
 *
 * Loads only with a session, and on app start only after the spec's 1 s delay (spec §4).
 * Mutations that move money revalidate it and the paged history with
 * `invalidates: [api.currentUser, api.myTransactions]` (ADR 0020).
 */
export function useCurrentUser() {
  const { tokens } = useSession();
  const ready = useUserLoadReady();
  return useApiQuery(api.currentUser, tokens && ready ? {} : null);
}

export const currentUserKey = apiKey(api.currentUser);

/**
 * Writes what a call has just changed into the cached user at once, then refetches it where
 * it is shown. For a screen that acts on the user before a refetch could land: right after
 * the pin is created, the overview must not read the cached "no pin" user and send the
 * customer back to create one (an unmounted query is not refetched by `invalidates`).
 */
export function usePatchCurrentUser() {
  const { mutate } = useSWRConfig();
  return useCallback(
    (patch: Partial<CurrentUser>) =>
      mutate(
        currentUserKey,
        (cached?: { message: CurrentUser }) =>
          cached && { ...cached, message: { ...cached.message, ...patch } },
        { revalidate: true },
      ),
    [mutate],
  );
}
