import * as api from '@contract/api';
import { useApiQuery } from '@/lib/swr';
import { PROVIDERS_REFRESH_MS } from './providers';

/**
 * GET /api/admin/operator-costs (ADR 0086): today's SMS (sent, failed, waiting) and the SMS and
 * payout floats as the float poll last read them, read again with the providers' cards.
 */
export function useOperatorCosts() {
  return useApiQuery(api.adminOperatorCosts, {}, { refreshInterval: PROVIDERS_REFRESH_MS });
}
