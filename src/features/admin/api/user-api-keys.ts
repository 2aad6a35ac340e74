import * as api from '@contract/api';
import { useApiMutation, useApiQuery } from '@/lib/swr';

/**
 * GET /api/admin/users/:id/api-keys (ADR 0091): a customer's API keys, never the keys
 * themselves, and whether each may send withdrawals; `userId` null loads nothing.
 */
export function useUserApiKeys(userId: string | null) {
  return useApiQuery(api.userApiKeys, userId ? { params: { id: userId } } : null);
}

/** PUT /api/admin/api-keys/:id/withdrawals: an owner's switch (audited), so the log refreshes. */
export function useSetKeyWithdrawals() {
  return useApiMutation(api.setKeyWithdrawals, {
    invalidates: [api.userApiKeys, api.auditLog],
  });
}
