import type { AdjustmentStatus } from '@contract/adjustments';
import * as api from '@contract/api';
import { LIMITS } from '@contract/business-limits';
import { useApiMutation, useApiQuery } from '@/lib/swr';

/** GET /api/admin/adjustments: newest first, one server page, optionally one status. */
export function useAdjustments(page: number, status?: AdjustmentStatus) {
  return useApiQuery(api.adjustments, {
    query: { page, limit: LIMITS.pageSize, ...(status && { status }) },
  });
}

/** A wallet that moved shows in the lists of users, the overview and the audit log. */
const moved = [api.adjustments, api.users, api.adminOverview, api.auditLog];

/** POST /api/admin/adjustments: applied at once up to the threshold, else pending approval. */
export function useCreateAdjustment() {
  return useApiMutation(api.createAdjustment, { invalidates: moved });
}

/** POST …/approve: another admin's pending adjustment; the money moves once. */
export function useApproveAdjustment() {
  return useApiMutation(api.approveAdjustment, { invalidates: moved });
}

/** POST …/reject: nothing moves. */
export function useRejectAdjustment() {
  return useApiMutation(api.rejectAdjustment, { invalidates: [api.adjustments, api.auditLog] });
}
