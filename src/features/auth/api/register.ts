import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** POST /api/auth/register: create an account; the server e-mails the verification link. */
export const registerKey = api.register.path;

export function useRegister() {
  return useApiMutation(api.register);
}
