import { AdminShell } from '@/features/admin/components/admin-shell';

/**
 * /admin/dashboard: the admin guard and side menu (spec §2). Signed out → login, a customer →
 * the user dashboard; pages render only once the current user is known to be an admin.
 */
export function AdminDashboardLayout() {
  return <AdminShell />;
}
