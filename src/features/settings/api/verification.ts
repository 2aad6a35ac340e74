import * as api from '@contract/api';
import { useApiQuery } from '@/lib/swr';

/** Settings → Verification (ADR 0058): the level, its limits, today's use and held credits. */
export function useVerification() {
  return useApiQuery(api.verification, {});
}
