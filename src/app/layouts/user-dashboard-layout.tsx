import { UserDashboardShell } from '@/features/overview/components/dashboard-shell';

import { BrandLink } from './layout-parts';

/** The /user/dashboard layout: the customer dashboard frame (spec §2) with the brand link. */
export function UserDashboardLayout() {
  return <UserDashboardShell brand={<BrandLink />} />;
}
