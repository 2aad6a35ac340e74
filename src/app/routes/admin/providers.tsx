import { ProvidersScreen } from '@/features/admin/components/providers-screen';

export function AdminProvidersPage() {
  return <ProvidersScreen />;
}
