import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** PUT /api/user/resetpin: a new secret pin, given the password. */
export const resetPinKey = api.resetPin.path;

export function useResetPin() {
  return useApiMutation(api.resetPin, { invalidates: [api.currentUser] });
}
