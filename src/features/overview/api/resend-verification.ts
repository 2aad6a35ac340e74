import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** POST /api/auth/resend-verification: a new e-mail verification link. */
export const resendVerificationKey = api.resendVerification.path;

export function useResendVerification() {
  return useApiMutation(api.resendVerification);
}
