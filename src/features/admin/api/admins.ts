import * as api from '@contract/api';
import { useApiMutation, useApiQuery } from '@/lib/swr';

/** GET /api/admin/admins (owners): every admin, their role and two-factor. */
export function useAdmins() {
  return useApiQuery(api.admins, {});
}

/** POST /api/admin/admins/role (owners): give, change or remove a role; audited. */
export function useSetAdminRole() {
  return useApiMutation(api.setAdminRole, { invalidates: [api.admins, api.users, api.auditLog] });
}

/** POST /api/admin/admins/grant (owners): a support admin may reveal bearer secrets, or not (ADR 0071). */
export function useSetAdminGrant() {
  return useApiMutation(api.setAdminGrant, { invalidates: [api.admins, api.auditLog] });
}

/** POST /api/admin/admins/reset-2fa (owners): a lost device; audited. */
export function useResetTwoFactor() {
  return useApiMutation(api.resetTwoFactor, { invalidates: [api.admins, api.auditLog] });
}
