import * as api from '@contract/api';
import { LIMITS } from '@contract/business-limits';
import type { WithdrawalStatus } from '@contract/withdrawals';
import { useApiMutation, useApiQuery } from '@/lib/swr';

/** Withdrawals to bank accounts, for admins (ADR 0084): one hook per endpoint. */

export type WithdrawalsQuery = { page: number; q?: string; status?: WithdrawalStatus };

/** GET /api/admin/withdrawals: one server page, newest first; `q` searches, `status` filters. */
export function useAdminWithdrawals(query: WithdrawalsQuery) {
  return useApiQuery(api.adminWithdrawals, { query: { ...query, limit: LIMITS.pageSize } });
}

/** GET /api/admin/withdrawals/:id: one withdrawal with every answer Flutterwave gave. */
export function useAdminWithdrawal(id: string | null) {
  return useApiQuery(api.adminWithdrawal, id === null ? null : { params: { id } });
}

/** What an action on one withdrawal changes: the list, the one, the queue's count. */
const AFTER_ACTION = [api.adminWithdrawals, api.adminWithdrawal] as const;

/** POST /api/admin/withdrawals/:id/requery: asks Flutterwave again now. */
export function useRequeryWithdrawal() {
  return useApiMutation(api.requeryWithdrawal, { invalidates: AFTER_ACTION });
}

/**
 * POST /api/admin/withdrawals/:id/resolve: settles a stuck one from Flutterwave's answer about
 * its reference (ADR 0089); answers what it did, or refuses with why.
 */
export function useResolveWithdrawal() {
  return useApiMutation(api.resolveWithdrawal, { invalidates: AFTER_ACTION });
}

/** POST /api/admin/withdrawals/:id/approve: sends a withdrawal that waited for review. */
export function useApproveWithdrawal() {
  return useApiMutation(api.approveWithdrawal, { invalidates: AFTER_ACTION });
}

/** POST /api/admin/withdrawals/:id/reject: returns the whole debit, with the reason. */
export function useRejectWithdrawal() {
  return useApiMutation(api.rejectWithdrawal, { invalidates: AFTER_ACTION });
}

/** GET /api/admin/withdrawal-settings: the kill switch, the threshold, the fee table. */
export function useWithdrawalSettings() {
  return useApiQuery(api.withdrawalSettings, {});
}

/** PUT /api/admin/withdrawal-settings (owner). */
export function useSetWithdrawalSettings() {
  return useApiMutation(api.setWithdrawalSettings, { invalidates: [api.withdrawalSettings] });
}
