import * as api from '@contract/api';
import { LIMITS } from '@contract/business-limits';
import { useApiMutation, useApiQuery } from '@/lib/swr';

/** GET /api/admin/four-eyes: the threshold, the daily totals and what this admin has left. */
export function useFourEyes() {
  return useApiQuery(api.fourEyes, {});
}

/** PUT /api/admin/four-eyes: an owner sets the daily totals. */
export function useSetFourEyes() {
  return useApiMutation(api.setFourEyes, {
    invalidates: [api.fourEyes, api.approvals, api.adjustments, api.auditLog],
  });
}

/** GET /api/admin/approvals?status=pending: the actions waiting for a second admin. */
export function useApprovals(page: number) {
  return useApiQuery(api.approvals, {
    query: { page, limit: LIMITS.pageSize, status: 'pending' },
  });
}

/** An approved action moves money: every list that shows it refreshes. */
const decided = [
  api.approvals,
  api.fourEyes,
  api.heldTransfers,
  api.payments,
  api.transactions,
  api.users,
  api.adminOverview,
  api.auditLog,
];

/** POST …/approve: another admin's waiting action is carried out, once. */
export function useApproveApproval() {
  return useApiMutation(api.approveApproval, { invalidates: decided });
}

/** POST …/reject: nothing changes (the maker withdraws their own this way). */
export function useRejectApproval() {
  return useApiMutation(api.rejectApproval, {
    invalidates: [api.approvals, api.heldTransfers, api.auditLog],
  });
}
