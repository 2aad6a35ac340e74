import { api } from '@contract/endpoints';
import { useApiMutation, useApiQuery } from '@/lib/swr';

/**
 * GET /api/admin/verification/user (ADR 0058): a customer's verification level, its limits,
 * today's use and credits held by a limit; `userId` null loads nothing.
 */
export function useUserVerification(userId: string | null) {
  return useApiQuery(api.userVerification, userId ? { query: { user_id: userId } } : null);
}

/**
 * PUT /api/admin/verification/user: sets the level (audited); a rise releases held credits
 * that now fit, so the users list (balances) and the audit log refresh too.
 */
export function useSetUserLevel() {
  return useApiMutation(api.setUserLevel, {
    invalidates: [api.userVerification, api.users, api.auditLog],
  });
}
