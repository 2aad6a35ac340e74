import { PlaceholderScreen } from '@/app/layouts/placeholder-screen';

export function AdminUsersPage() {
  return <PlaceholderScreen title="Users" />;
}
