import * as api from '@contract/api';
import { LIMITS } from '@contract/business-limits';
import { apiKey, useApiQuery } from '@/lib/swr';

/** GET /api/user/all (admin): one server page of users; `q` an e-mail, a name or a phone. */
export type UsersQuery = { page: number; q?: string };

export const usersKey = (query: UsersQuery) =>
  apiKey(api.users, { query: { ...query, limit: LIMITS.pageSize } });

export function useUsers(query: UsersQuery) {
  return useApiQuery(api.users, { query: { ...query, limit: LIMITS.pageSize } });
}
