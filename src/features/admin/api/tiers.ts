import * as api from '@contract/api';
import { useApiMutation, useApiQuery } from '@/lib/swr';

/** GET /api/admin/tiers: every price tier (ADR 0027); `enabled` false loads nothing yet. */
export function useTiers(enabled = true) {
  return useApiQuery(api.tiers, enabled ? {} : null);
}

/** POST /api/admin/tiers: a new tier; the list and the audit log refresh. */
export function useCreateTier() {
  return useApiMutation(api.createTier, { invalidates: [api.tiers, api.auditLog] });
}

/** PUT /api/admin/tiers/:id: rename a tier or change its discounts. */
export function useEditTier() {
  return useApiMutation(api.editTier, { invalidates: [api.tiers, api.auditLog] });
}

/** POST /api/admin/users/tier: move a customer; the users list and tier counts refresh. */
export function useSetUserTier() {
  return useApiMutation(api.setUserTier, {
    invalidates: [api.users, api.tiers, api.auditLog],
  });
}
