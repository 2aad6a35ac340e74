import { TiersScreen } from '@/features/admin/components/tiers-screen';

export function AdminTiersPage() {
  return <TiersScreen />;
}
