import * as api from '@contract/api';
import { LIMITS } from '@contract/business-limits';
import { useApiMutation, useApiQuery } from '@/lib/swr';

/** GET /api/admin/transfers/held: transfers to nobody's account (held first), one server page. */
export function useHeldTransfers(page: number) {
  return useApiQuery(api.heldTransfers, { query: { page, limit: LIMITS.pageSize } });
}

/** POST /api/admin/transfers/assign: credits a held transfer to a customer; payments refresh. */
export function useAssignTransfer() {
  return useApiMutation(api.assignTransfer, { invalidates: [api.heldTransfers, api.payments] });
}

/**
 * GET /api/user/all?q=<e-mail>: who an e-mail belongs to, named in the assignment's
 * confirmation before any money moves (ADR 0046).
 */
export function useFindCustomer() {
  return useApiMutation(api.users);
}
