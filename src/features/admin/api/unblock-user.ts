import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** POST /api/user/unblock: the users list revalidates after it. */
export const unblockUserKey = api.unblockUser.path;

export function useUnblockUser() {
  return useApiMutation(api.unblockUser, { invalidates: [api.users] });
}
