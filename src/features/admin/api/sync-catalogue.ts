import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/**
 * POST /api/admin/catalogue/sync ("Sync now", ADR 0044): asks each provider for its plans and
 * prices. The admin catalogue and the customers' lists revalidate after it (plans may have
 * gone off sale), and the audit log shows the run.
 */
export function useSyncCatalogue() {
  return useApiMutation(api.syncCatalogue, {
    invalidates: [
      api.products,
      api.dataProducts,
      api.cableProducts,
      api.educationProducts,
      api.auditLog,
    ],
  });
}
