import { PendingPurchasesScreen } from '@/features/admin/components/pending-purchases-screen';

export function AdminPendingPage() {
  return <PendingPurchasesScreen />;
}
