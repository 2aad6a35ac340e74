import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** PUT /api/auth/verify-email: verify the e-mail with the link token. */
export const verifyEmailKey = api.verifyEmail.path;

export function useVerifyEmail() {
  return useApiMutation(api.verifyEmail);
}
