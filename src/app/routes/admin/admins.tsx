import { AdminsScreen } from '@/features/admin/components/admins-screen';

export function AdminAdminsPage() {
  return <AdminsScreen />;
}
