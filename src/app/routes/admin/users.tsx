import { UsersScreen } from '@/features/admin/components/users-screen';

export function AdminUsersPage() {
  return <UsersScreen />;
}
