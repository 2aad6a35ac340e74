import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** PUT /api/user/changepassword: a new password, given the current one. */
export const changePasswordKey = api.changePassword.path;

export function useChangePassword() {
  return useApiMutation(api.changePassword);
}
