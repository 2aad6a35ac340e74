import { useCallback } from 'react';
import * as api from '@contract/api';
import { usePatchCurrentUser } from '@/lib/current-user';
import { useApiMutation } from '@/lib/swr';

/** PUT /api/auth/create_secret_pin: set the transaction pin (a user without one is sent here). */
export const createPinKey = api.createPin.path;

/**
 * Marks the cached current user as having a pin as soon as the server agrees, so the
 * overview it goes to next does not send the customer back here; then revalidates it.
 */
export function useCreatePin() {
  const mutation = useApiMutation(api.createPin, { invalidates: [api.currentUser] });
  const patchUser = usePatchCurrentUser();
  const { trigger: send } = mutation;
  const trigger = useCallback(
    async (...args: Parameters<typeof send>) => {
      const answer = await send(...args);
      await patchUser({ has_created_secret_pin: true });
      return answer;
    },
    [send, patchUser],
  );
  return { ...mutation, trigger };
}
