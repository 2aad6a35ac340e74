import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** POST /api/auth/verify-reset-token: check a reset link before the form shows. */
export const verifyResetTokenKey = api.verifyResetToken.path;

export function useVerifyResetToken() {
  return useApiMutation(api.verifyResetToken);
}
