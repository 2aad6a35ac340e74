import { useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Link } from '@/lib/link';
import { FALLBACK } from '@contract/messages';
import { roleCan } from '@contract/roles';
import { FormAlert } from '@/components/ui/form-alert';
import {
  AdminIcon,
  AuditIcon,
  BackIcon,
  BankIcon,
  CableTvIcon,
  DataIcon,
  DownloadIcon,
  HomeIcon,
  InfoIcon,
  PaymentsIcon,
  PlanPricesIcon,
  ProvidersIcon,
  RecentIcon,
  SettingsIcon,
  ShareIcon,
  TransferIcon,
  UsersIcon,
  WalletIcon,
} from '@/components/ui/icons';
import { Sidebar, type SidebarEntry } from '@/components/ui/sidebar';
import { Spinner } from '@/components/ui/spinner';
import { brand } from '@/config/brand';
import { paths, type AdminPage } from '@/config/routes';
import { errorMessage } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/current-user';
import { useSession } from '@/lib/session';
import { useAdminLogout } from '../api/logout';
import { useAdminSelf } from '../api/admin-self';
import { adminPageAt, PAGE_PERMISSION, RoleRefused } from './admin-access';

type Entry = SidebarEntry & { page: AdminPage | null };
const entry = (page: AdminPage, label: string, icon: SidebarEntry['icon']): Entry => ({
  page,
  href: paths.admin[page],
  label,
  icon,
});

/**
 * The six admin pages of spec §2, in order, unmatched bank transfers and the audit log
 *, price tiers, purchases pending too long, adjustments, the admins and
 * one's own two-factor sign-in, then the way back to the user dashboard. Each is
 * shown only to the roles that may use it (PAGE_PERMISSION).
 */
const entries: Entry[] = [
  entry('overview', 'Overview', <HomeIcon />),
  entry('users', 'Users', <UsersIcon />),
  entry('transactions', 'Transactions', <TransferIcon />),
  entry('payments', 'Payments', <PaymentsIcon />),
  entry('dataPrices', 'Data plan prices', <DataIcon />),
  entry('cableTvPrices', 'Cable TV plan prices', <CableTvIcon />),
  entry('transfers', 'Unmatched transfers', <BankIcon />),
  entry('withdrawals', 'Withdrawals', <DownloadIcon />),
  entry('auditLog', 'Audit log', <AuditIcon />),
  entry('tiers', 'Price tiers', <PlanPricesIcon />),
  entry('referrals', 'Referrals', <ShareIcon />),
  entry('pending', 'Pending purchases', <RecentIcon />),
  entry('adjustments', 'Adjustments', <WalletIcon />),
  entry('announcements', 'Announcements', <InfoIcon />),
  entry('providers', 'Providers', <ProvidersIcon />),
  entry('admins', 'Admins', <AdminIcon />),
  entry('security', 'Two-factor sign-in', <SettingsIcon />),
  { page: null, href: paths.user.overview, label: 'User dashboard', icon: <BackIcon /> },
];

const MAIN_ID = 'main-content';

/** A full-page spinner while the guard or a page loads (spec §2). */
export function AdminSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner size="lg" label="Loading the admin dashboard" />
    </div>
  );
}

/** A full-page message when the guard itself could not ask the server. */
function ShellError({ error }: { error: unknown }) {
  const text = errorMessage(error, FALLBACK.generic);
  return text ? (
    <div className="mx-auto max-w-md p-6">
      <FormAlert>{text}</FormAlert>
    </div>
  ) : (
    <AdminSpinner />
  );
}

/**
 * The admin dashboard frame: only admins get past it. Signed out → login; a signed-in
 * customer → the user dashboard; while the current user loads, a spinner — no admin page
 * (and so no admin call) renders before the server said this user is an admin. Then the
 * admin's role and two-factor state (ADR 0051): the menu holds only the pages the role may
 * use, a page opened by its URL without the permission says so instead of failing, and in live
 * mode an admin who has not set up two-factor is sent to the set-up, the one page the server
 * still answers for them.
 */
export function AdminShell() {
  const { tokens } = useSession();
  const { data: me, error } = useCurrentUser();
  const self = useAdminSelf(me?.message.isAdmin === true);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const logout = useAdminLogout();
  const [collapsed, setCollapsed] = useState(false);

  if (!tokens) return <Navigate to={paths.login} replace />;
  if (!me) return error ? <ShellError error={error} /> : <AdminSpinner />;
  if (!me.message.isAdmin) return <Navigate to={paths.user.overview} replace />;
  if (!self.data) return self.error ? <ShellError error={self.error} /> : <AdminSpinner />;

  const { role, two_factor } = self.data.message;
  const mustEnrol = two_factor.required && !two_factor.enrolled;
  const page = adminPageAt(pathname);
  if (mustEnrol && page !== 'security') return <Navigate to={paths.admin.security} replace />;
  // Until two-factor is on, the set-up is the only page (the user dashboard's calls too are
  // refused): a menu of pages that answer 403 would be a broken page.
  const shown = entries.filter((e) =>
    e.page === null
      ? !mustEnrol
      : roleCan(role, PAGE_PERMISSION[e.page]) && (!mustEnrol || e.page === 'security'),
  );
  const allowed = page === undefined || roleCan(role, PAGE_PERMISSION[page]);
  const current = page && shown.some((e) => e.page === page) ? paths.admin[page] : undefined;

  return (
    <div className="min-h-dvh bg-bg text-fg md:flex">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only rounded-md bg-brand px-4 py-2 font-medium text-brand-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to main content
      </a>
      <Sidebar
        label="Admin dashboard"
        brand={
          <span>
            {brand.name} <span className="text-sm font-normal text-muted">Admin</span>
          </span>
        }
        entries={shown}
        currentHref={current}
        collapsed={collapsed}
        onCollapsedChange={setCollapsed}
        themeSwitch
        onLogout={() => {
          void logout.trigger().then(() => navigate(paths.login, { replace: true }));
        }}
        renderLink={({ href, children, ...props }) => (
          <Link to={href} {...props}>
            {children}
          </Link>
        )}
      />
      <main id={MAIN_ID} className="min-w-0 flex-1" tabIndex={-1}>
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 md:px-8">
          {allowed ? <Outlet /> : <RoleRefused role={role} />}
        </div>
      </main>
    </div>
  );
}
