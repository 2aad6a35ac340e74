import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/**
 * POST /api/admin/transactions/:id/reveal: one coupon code, token or pin of a transaction in
 * clear, with a reason (ADR 0071). The answer lives in the screen that asked, never in a cache;
 * the audit log revalidates with the entry it gained.
 */
export function useRevealSecret() {
  return useApiMutation(api.revealSecret, { invalidates: [api.auditLog] });
}
