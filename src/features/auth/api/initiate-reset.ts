import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** POST /api/auth/initiatereset: e-mail a password reset link. */
export const initiateResetKey = api.initiateReset.path;

export function useInitiateReset() {
  return useApiMutation(api.initiateReset);
}
