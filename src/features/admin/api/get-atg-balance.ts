import * as api from '@contract/api';
import { apiKey, useApiQuery } from '@/lib/swr';

/**
 * GET /api/user/atgwallet: the second float, held at Flutterwave bill payments (kobo). The
 * path keeps the spec's name (ATG publishes no API: ADR 0040).
 */
export const atgBalanceKey = apiKey(api.atgBalance);

export function useAtgBalance() {
  return useApiQuery(api.atgBalance, {});
}
