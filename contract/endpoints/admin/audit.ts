import { endpoint, paged } from '../../endpoint';
import { AuditEntrySchema, AuditQuery } from '../../audit';

/** The audit log (ADR 0025). */

export const auditLog = endpoint({
  name: 'admin.audit',
  method: 'GET',
  path: '/api/admin/audit',
  access: 'admin',
  summary: 'What admins changed, newest first, paged; filter by admin e-mail, action, target.',
  query: AuditQuery,
  response: paged(AuditEntrySchema),
});
