import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** POST /api/auth/resend-verification: send a new verification link. */
export const resendVerificationKey = api.resendVerification.path;

export function useResendVerification() {
  return useApiMutation(api.resendVerification);
}
