import * as api from '@contract/api';
import { useApiMutation, useApiQuery } from '@/lib/swr';

/**
 * GET /api/admin/me: the signed-in admin's role and two-factor state (ADR 0051). `enabled`
 * false: not asked (the account is not known to be an admin yet).
 */
export function useAdminSelf(enabled = true) {
  return useApiQuery(api.adminSelf, enabled ? {} : null);
}

/** POST …/two-factor/start: a new key and its otpauth:// link, until a code confirms it. */
export function useStartTwoFactor() {
  return useApiMutation(api.twoFactorStart);
}

/** POST …/two-factor/confirm: two-factor on; answers the recovery codes, once. */
export function useConfirmTwoFactor() {
  return useApiMutation(api.twoFactorConfirm, { invalidates: [api.adminSelf] });
}

/** GET /api/admin/admins (owners): every admin, their role and two-factor. */
export function useAdmins() {
  return useApiQuery(api.admins, {});
}

/** POST /api/admin/admins/role (owners): give, change or remove a role; audited. */
export function useSetAdminRole() {
  return useApiMutation(api.setAdminRole, { invalidates: [api.admins, api.users, api.auditLog] });
}

/** POST /api/admin/admins/reset-2fa (owners): a lost device; audited. */
export function useResetTwoFactor() {
  return useApiMutation(api.resetTwoFactor, { invalidates: [api.admins, api.auditLog] });
}
