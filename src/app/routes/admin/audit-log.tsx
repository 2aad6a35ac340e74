import { AuditLogScreen } from '@/features/admin/components/audit-log-screen';

export function AdminAuditLogPage() {
  return <AuditLogScreen />;
}
