import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** PUT /api/auth/reset-password: set a new password with a reset token. */
export const resetPasswordKey = api.resetPassword.path;

export function useResetPassword() {
  return useApiMutation(api.resetPassword);
}
