import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** POST /api/user/block: the users list revalidates after it. */
export const blockUserKey = api.blockUser.path;

export function useBlockUser() {
  return useApiMutation(api.blockUser, { invalidates: [api.users] });
}
