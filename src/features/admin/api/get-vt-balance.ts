import * as api from '@contract/api';
import { apiKey, useApiQuery } from '@/lib/swr';

/** GET /api/user/vtwallet: the balance held at VTpass (kobo). */
export const vtBalanceKey = apiKey(api.vtBalance);

export function useVtBalance() {
  return useApiQuery(api.vtBalance, {});
}
