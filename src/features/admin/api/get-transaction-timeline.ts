import * as api from '@contract/api';
import { useApiQuery } from '@/lib/swr';

/** GET /api/admin/transactions/:id/timeline: one transaction's whole story (ADR 0083). */
export function useTransactionTimeline(id: string) {
  return useApiQuery(api.transactionTimeline, id ? { params: { id } } : null);
}
