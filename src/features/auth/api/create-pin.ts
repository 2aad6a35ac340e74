import { api } from '@contract';
import { useApiMutation } from '@/lib/swr';

/** PUT /api/auth/create_secret_pin: set the transaction pin (a user without one is sent here). */
export const createPinKey = api.createPin.path;

/** Revalidates the current user, whose `has_created_secret_pin` changes. */
export function useCreatePin() {
  return useApiMutation(api.createPin, { invalidates: [api.currentUser] });
}
