import { expect, type within } from 'storybook/test';
import { Route, Routes } from 'react-router-dom';
import { paths } from '@/config/routes';
import { AdjustmentsScreen } from '@/features/admin/components/adjustments-screen';
import { AdminOverview } from '@/features/admin/components/admin-overview';
import { AnnouncementsScreen } from '@/features/admin/components/announcements-screen';
import { AdminShell } from '@/features/admin/components/admin-shell';
import { AdminsScreen } from '@/features/admin/components/admins-screen';
import { AuditLogScreen } from '@/features/admin/components/audit-log-screen';
import { HeldTransfersScreen } from '@/features/admin/components/held-transfers';
import { PaymentsScreen } from '@/features/admin/components/payments-screen';
import { PendingPurchasesScreen } from '@/features/admin/components/pending-purchases-screen';
import { PlanPricesScreen } from '@/features/admin/components/plan-prices-screen';
import { ProvidersScreen } from '@/features/admin/components/providers-screen';
import { ReferralSettingsScreen } from '@/features/admin/components/referral-settings-screen';
import { TiersScreen } from '@/features/admin/components/tiers-screen';
import { TwoFactorScreen } from '@/features/admin/components/two-factor-screen';
import { TransactionsScreen } from '@/features/admin/components/transactions-screen';
import { UsersScreen } from '@/features/admin/components/users-screen';
import { WithdrawalsScreen } from '@/features/admin/components/withdrawals-screen';

/**
 * The admin dashboard as the app routes it (src/app/router.tsx: guard layout + six pages),
 * plus stand-in headings where the guard and Logout send people, so stories can assert it.
 */
export function AdminRoutes() {
  return (
    <Routes>
      <Route path={paths.admin.overview} element={<AdminShell />}>
        <Route index element={<AdminOverview />} />
        <Route path={paths.admin.users} element={<UsersScreen />} />
        <Route path={paths.admin.transactions} element={<TransactionsScreen />} />
        <Route path={paths.admin.payments} element={<PaymentsScreen />} />
        <Route path={paths.admin.dataPrices} element={<PlanPricesScreen kind="data" />} />
        <Route path={paths.admin.cableTvPrices} element={<PlanPricesScreen kind="cabletv" />} />
        <Route path={paths.admin.transfers} element={<HeldTransfersScreen />} />
        <Route path={paths.admin.withdrawals} element={<WithdrawalsScreen />} />
        <Route path={paths.admin.auditLog} element={<AuditLogScreen />} />
        <Route path={paths.admin.tiers} element={<TiersScreen />} />
        <Route path={paths.admin.pending} element={<PendingPurchasesScreen />} />
        <Route path={paths.admin.adjustments} element={<AdjustmentsScreen />} />
        <Route path={paths.admin.announcements} element={<AnnouncementsScreen />} />
        <Route path={paths.admin.admins} element={<AdminsScreen />} />
        <Route path={paths.admin.security} element={<TwoFactorScreen />} />
        <Route path={paths.admin.providers} element={<ProvidersScreen />} />
        <Route path={paths.admin.referrals} element={<ReferralSettingsScreen />} />
      </Route>
      <Route path={paths.login} element={<h1>Login page</h1>} />
      <Route path={paths.user.overview} element={<h1>User dashboard</h1>} />
    </Routes>
  );
}

export const at = (path: string) => ({ router: { initialEntries: [path] } });

/** A page story's check: the page's heading shows and its sidebar link is the current page. */
export async function expectCurrentPage(
  canvas: ReturnType<typeof within>,
  heading: string,
  link = heading,
) {
  await expect(await canvas.findByRole('heading', { level: 1, name: heading })).toBeVisible();
  const current = canvas
    .getAllByRole('link', { name: link })
    .find((a: HTMLElement) => a.getAttribute('aria-current') === 'page');
  await expect(current).toBeDefined();
}
