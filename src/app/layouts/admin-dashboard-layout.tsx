import { paths } from '@/config/routes';

import { DashboardShell, type DashboardNavItem } from './dashboard-shell';

// The six admin pages of spec §2, in order.
const adminNav: DashboardNavItem[] = [
  { to: paths.admin.overview, label: 'Overview', end: true },
  { to: paths.admin.users, label: 'Users' },
  { to: paths.admin.transactions, label: 'Transactions' },
  { to: paths.admin.payments, label: 'Payments' },
  { to: paths.admin.dataPrices, label: 'Data plan prices' },
  { to: paths.admin.cableTvPrices, label: 'Cable TV plan prices' },
];

export function AdminDashboardLayout() {
  return (
    <DashboardShell
      label="Admin dashboard"
      items={adminNav}
      extraLinks={[{ to: paths.user.overview, label: 'Back to the user dashboard' }]}
    />
  );
}
