import * as api from '@contract/api';
import { useApiQuery } from '@/lib/swr';

/**
 * GET /api/user/transactions/:id/timeline: the statuses your purchase took and the messages
 * sent about it (ADR 0083). `null`: nothing to ask (no purchase open).
 */
export function useMyTransactionTimeline(id: string | null) {
  return useApiQuery(api.myTransactionTimeline, id ? { params: { id } } : null);
}
