import * as api from '@contract/api';
import { apiKey, useApiQuery } from '@/lib/swr';

/**
 * GET /api/admin/reconciliation: the ledger's invariants, purchases pending too long and card
 * payments whose provider state disagrees with ours (ADR 0017).
 */
export const reconciliationKey = apiKey(api.reconciliation);

export function useReconciliation() {
  return useApiQuery(api.reconciliation, {});
}
