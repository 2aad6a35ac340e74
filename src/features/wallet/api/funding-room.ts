import * as api from '@contract/api';
import { useApiQuery } from '@/lib/swr';

/**
 * GET /api/verification for Fund Wallet (ADR 0076): the level, its limits, today's funding and
 * the balance, so the dialog warns of an amount that would be held and refuses one that can
 * never fit before the checkout.
 */
export function useFundingRoom() {
  return useApiQuery(api.verification, {});
}
