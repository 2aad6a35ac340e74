import * as api from '@contract/api';
import { useApiQuery } from '@/lib/swr';

/**
 * GET /api/admin/me: the signed-in admin's role and two-factor state (ADR 0051). `enabled`
 * false: not asked (the account is not known to be an admin yet).
 */
export function useAdminSelf(enabled = true) {
  return useApiQuery(api.adminSelf, enabled ? {} : null);
}
