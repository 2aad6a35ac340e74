import * as api from '@contract/api';
import { LIMITS } from '@contract/business-limits';
import { useApiMutation, useApiQuery } from '@/lib/swr';

/** GET /api/admin/purchases/pending: purchases pending past the alert age, oldest first. */
export function usePendingPurchases(page: number) {
  return useApiQuery(api.pendingPurchases, { query: { page, limit: LIMITS.pageSize } });
}

/**
 * A settled purchase leaves the list and shows in Transactions, the overview and the audit log;
 * a provider answer against a purchase settled meanwhile lands on the Disputed list (ADR 0073).
 */
const settled = [
  api.pendingPurchases,
  api.transactions,
  api.adminOverview,
  api.auditLog,
  api.purchaseDisputes,
];

/** POST …/requery: asks the provider now; its answer may settle the purchase. */
export function useRequeryPending() {
  return useApiMutation(api.requeryPending, { invalidates: settled });
}

/** POST …/fail: fails the purchase and refunds the customer, once. */
export function useFailPending() {
  return useApiMutation(api.failPending, { invalidates: settled });
}

/** POST …/deliver: marks it delivered with the token or pins the provider gave. */
export function useDeliverPending() {
  return useApiMutation(api.deliverPending, { invalidates: settled });
}

/** GET /api/admin/purchases/disputes: the provider against how a purchase was settled (ADR 0073). */
export function usePurchaseDisputes(page: number, status: 'open' | 'resolved') {
  return useApiQuery(api.purchaseDisputes, {
    query: { page, limit: LIMITS.pageSize, status },
  });
}

/** POST …/disputes/resolve: an owner resolves one, once; it leaves the open list and the report. */
export function useResolveDispute() {
  return useApiMutation(api.resolveDispute, {
    invalidates: [api.purchaseDisputes, api.reconciliation, api.auditLog],
  });
}
