import { AdminOverview } from '@/features/admin/components/admin-overview';

export function AdminOverviewPage() {
  return <AdminOverview />;
}
