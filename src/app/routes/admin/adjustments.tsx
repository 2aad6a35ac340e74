import { AdjustmentsScreen } from '@/features/admin/components/adjustments-screen';

export function AdminAdjustmentsPage() {
  return <AdjustmentsScreen />;
}
