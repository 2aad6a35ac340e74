import { useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { FALLBACK } from '@contract/messages';
import { FormAlert } from '@/components/ui/form-alert';
import {
  AuditIcon,
  BackIcon,
  BankIcon,
  CableTvIcon,
  DataIcon,
  HomeIcon,
  InfoIcon,
  PaymentsIcon,
  PlanPricesIcon,
  RecentIcon,
  TransferIcon,
  UsersIcon,
  WalletIcon,
} from '@/components/ui/icons';
import { Sidebar, type SidebarEntry } from '@/components/ui/sidebar';
import { Spinner } from '@/components/ui/spinner';
import { brand } from '@/config/brand';
import { paths } from '@/config/routes';
import { errorMessage } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/current-user';
import { useSession } from '@/lib/session';
import { useAdminLogout } from '../api/logout';

/**
 * The six admin pages of spec §2, in order, unmatched bank transfers and the audit log
 * (issue 16), price tiers, purchases pending too long (issue 23), then the way back to the
 * user dashboard.
 */
const entries: SidebarEntry[] = [
  { href: paths.admin.overview, label: 'Overview', icon: <HomeIcon /> },
  { href: paths.admin.users, label: 'Users', icon: <UsersIcon /> },
  { href: paths.admin.transactions, label: 'Transactions', icon: <TransferIcon /> },
  { href: paths.admin.payments, label: 'Payments', icon: <PaymentsIcon /> },
  { href: paths.admin.dataPrices, label: 'Data plan prices', icon: <DataIcon /> },
  { href: paths.admin.cableTvPrices, label: 'Cable TV plan prices', icon: <CableTvIcon /> },
  { href: paths.admin.transfers, label: 'Unmatched transfers', icon: <BankIcon /> },
  { href: paths.admin.auditLog, label: 'Audit log', icon: <AuditIcon /> },
  { href: paths.admin.tiers, label: 'Price tiers', icon: <PlanPricesIcon /> },
  { href: paths.admin.pending, label: 'Pending purchases', icon: <RecentIcon /> },
  { href: paths.admin.adjustments, label: 'Adjustments', icon: <WalletIcon /> },
  { href: paths.admin.announcements, label: 'Announcements', icon: <InfoIcon /> },
  { href: paths.user.overview, label: 'User dashboard', icon: <BackIcon /> },
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

/**
 * The admin dashboard frame: only admins get past it. Signed out → login; a signed-in
 * customer → the user dashboard; while the current user loads, a spinner — no admin page
 * (and so no admin call) renders before the server said this user is an admin.
 */
export function AdminShell() {
  const { tokens } = useSession();
  const { data: me, error } = useCurrentUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const logout = useAdminLogout();
  const [collapsed, setCollapsed] = useState(false);

  if (!tokens) return <Navigate to={paths.login} replace />;
  if (!me) {
    const text = error ? errorMessage(error, FALLBACK.generic) : '';
    return text ? (
      <div className="mx-auto max-w-md p-6">
        <FormAlert>{text}</FormAlert>
      </div>
    ) : (
      <AdminSpinner />
    );
  }
  if (!me.message.isAdmin) return <Navigate to={paths.user.overview} replace />;

  const current =
    entries.find((e) => e.href !== paths.admin.overview && pathname.startsWith(e.href))?.href ??
    (pathname.replace(/\/$/, '') === paths.admin.overview ? paths.admin.overview : undefined);

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
        entries={entries}
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
          <Outlet />
        </div>
      </main>
    </div>
  );
}
