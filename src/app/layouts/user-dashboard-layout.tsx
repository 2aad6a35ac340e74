import { paths } from '@/config/routes';

import { DashboardShell, type DashboardNavItem } from './dashboard-shell';

// Order and names from spec §2 (pages 1–8, 10, 11). The spec's Admin entry (admins only) and
// the desktop "More" menu come with the session and the real sidebar.
const userNav: DashboardNavItem[] = [
  { to: paths.user.overview, label: 'Overview', end: true },
  { to: paths.user.wallet, label: 'Wallet' },
  { to: paths.user.transactions, label: 'Transactions' },
  { to: paths.user.airtime, label: 'Airtime' },
  { to: paths.user.data, label: 'Data' },
  { to: paths.user.cableTv, label: 'Cable TV' },
  { to: paths.user.electricity, label: 'Electricity' },
  { to: paths.user.settings, label: 'Settings' },
  { to: paths.user.buyCoupon, label: 'Buy Coupon' },
  { to: paths.user.education, label: 'Education' },
];

export function UserDashboardLayout() {
  return <DashboardShell label="User dashboard" items={userNav} />;
}
