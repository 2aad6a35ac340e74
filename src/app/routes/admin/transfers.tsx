import { HeldTransfersScreen } from '@/features/admin/components/held-transfers';

export function AdminTransfersPage() {
  return <HeldTransfersScreen />;
}
