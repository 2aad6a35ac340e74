import { api } from '@contract/endpoints';
import { apiKey, useApiQuery } from '@/lib/swr';

/** GET /api/user/atgwallet: the balance held at the ATG provider (kobo). */
export const atgBalanceKey = apiKey(api.atgBalance);

export function useAtgBalance() {
  return useApiQuery(api.atgBalance, {});
}
