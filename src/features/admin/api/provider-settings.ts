import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

// The providers page's changes; the overview's cards only read (providers.ts), so they do not
// carry these or the audit log's schemas.

/** PUT /api/admin/providers/route: a new order; the overview's routes and the audit log refresh. */
export function useSetProviderRoute() {
  return useApiMutation(api.setProviderRoute, { invalidates: [api.adminProviders, api.auditLog] });
}

/**
 * PUT /api/admin/providers/threshold: a float's alert threshold in kobo, or none (null): a
 * purchase provider's, the SMS account's or the payout float's (ADR 0086).
 */
export function useSetFloatThreshold() {
  return useApiMutation(api.setFloatThreshold, {
    invalidates: [api.adminProviders, api.adminOperatorCosts, api.auditLog],
  });
}
