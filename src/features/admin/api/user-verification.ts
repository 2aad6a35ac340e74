import * as api from '@contract/api';
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

/** GET /api/admin/verification/limits (ADR 0058): each level's maximum balance and daily limits. */
export function useLevelLimits() {
  return useApiQuery(api.verificationLimits, {});
}

/**
 * PUT /api/admin/verification/limits: one level's limits (audited); a customer's popup, the
 * list and the audit log read them, so they refresh too.
 */
export function useSetLevelLimits() {
  return useApiMutation(api.setVerificationLimits, {
    invalidates: [api.verificationLimits, api.userVerification, api.auditLog],
  });
}
