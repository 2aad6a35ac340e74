import type { AuditAction } from '@contract/audit';
import * as api from '@contract/api';
import { LIMITS } from '@contract/business-limits';
import { useApiQuery } from '@/lib/swr';

/** GET /api/admin/audit: one server page of the audit log, filtered by admin, action, target. */
export type AuditQuery = { page: number; admin?: string; action?: AuditAction; target?: string };

export function useAuditLog(query: AuditQuery) {
  return useApiQuery(api.auditLog, { query: { ...query, limit: LIMITS.pageSize } });
}
