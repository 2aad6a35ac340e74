import { memo, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Link } from '@/lib/link';
import * as api from '@contract/api';
import { ACCOUNT_MSG } from '@contract/messages';
import { Button, focusRing } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import {
  AdminIcon,
  AirtimeIcon,
  CableTvIcon,
  CouponIcon,
  DataIcon,
  EducationIcon,
  ElectricityIcon,
  HomeIcon,
  SettingsIcon,
  TransactionsIcon,
  WalletIcon,
} from '@/components/ui/icons';
import { BottomNav } from '@/components/ui/bottom-nav';
import { Money } from '@/components/ui/money';
import {
  Sidebar,
  type SidebarEntry,
  type SidebarLinkProps,
  type SidebarProps,
} from '@/components/ui/sidebar';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/routes';
import { request } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useCurrentUser } from '@/lib/current-user';
import { clearSession, useSession } from '@/lib/session';
import { AnnouncementBanner } from './announcement-banner';
import { CataloguePrefetch } from './catalogue-prefetch';
import { NoticesBell } from './notices-bell';

// Spec §2: pages 1–8 in order, then the Admin entry (admins only).
const entries: SidebarEntry[] = [
  { href: paths.user.overview, label: 'Overview', icon: <HomeIcon /> },
  { href: paths.user.wallet, label: 'Wallet', icon: <WalletIcon /> },
  { href: paths.user.transactions, label: 'Transactions', icon: <TransactionsIcon /> },
  { href: paths.user.airtime, label: 'Airtime', icon: <AirtimeIcon /> },
  { href: paths.user.data, label: 'Data', icon: <DataIcon /> },
  { href: paths.user.cableTv, label: 'CableTV', icon: <CableTvIcon /> },
  { href: paths.user.electricity, label: 'Electricity', icon: <ElectricityIcon /> },
  { href: paths.user.settings, label: 'Settings', icon: <SettingsIcon /> },
  { href: paths.admin.overview, label: 'Admin', icon: <AdminIcon />, adminOnly: true },
];

// Spec §2: on desktop, a More menu holds pages 10 and 11 (the phone drawer lists them too).
const moreEntries: SidebarEntry[] = [
  { href: paths.user.buyCoupon, label: 'Buy Coupon', icon: <CouponIcon /> },
  { href: paths.user.education, label: 'Education', icon: <EducationIcon /> },
];

// on phones, the four places customers use most, one tap away at the bottom.
const bottomEntries: SidebarEntry[] = [
  { href: paths.user.overview, label: 'Home', icon: <HomeIcon /> },
  { href: paths.user.airtime, label: 'Airtime', icon: <AirtimeIcon /> },
  { href: paths.user.transactions, label: 'History', icon: <TransactionsIcon /> },
  { href: paths.user.wallet, label: 'Wallet', icon: <WalletIcon /> },
];

const COLLAPSED_KEY = 'user_sidebar_collapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The design system's links as router links (sidebar, bottom bar, overview shortcuts). */
export function renderLink({ href, children, ...props }: SidebarLinkProps) {
  return (
    <Link to={href} {...props}>
      {children}
    </Link>
  );
}

/**
 * The wallet balance in the header: every page shows what the customer can spend; beside it
 * the bell (ADR 0057).
 */
function BalanceHeader() {
  const { data, error } = useCurrentUser();
  const user = data?.message;
  return (
    <header className="flex items-center justify-between gap-3 border-b border-border px-4 py-3 md:px-8">
      <p className="min-w-0 truncate text-sm text-muted">
        {user ? `Hello, ${user.name.split(' ')[0]}` : '\u00a0'}
      </p>
      <div className="flex shrink-0 items-center gap-1">
        <p className="flex items-center gap-2 text-sm">
          <span className="text-muted">Balance</span>
          {user ? (
            <Money kobo={user.wallet_balance} className="font-semibold" />
          ) : error ? (
            <span className="text-muted">—</span>
          ) : (
            <>
              <Skeleton className="h-4 w-20" />
              <span className="sr-only">Loading</span>
            </>
          )}
        </p>
        <NoticesBell />
      </div>
    </header>
  );
}

const MemoSidebar = memo(Sidebar);

/**
 * The Sidebar with the Admin entry for admins. Only this reads the user, so the user's
 * arrival re-renders the sidebar (and only when `isAdmin` changed) instead of the whole
 * frame and the page in it (docs/decisions/0031).
 */
function UserSidebar(props: Omit<SidebarProps, 'isAdmin'>) {
  const { data } = useCurrentUser();
  return <MemoSidebar {...props} isAdmin={data?.message.isAdmin ?? false} />;
}

/**
 * The page, or why there is none: a customer blocked while signed in gets 423 `blocked` on
 * every call (server/src/platform/http/route.ts), so instead of pages that wait for data that never
 * comes, the server's reason and a way out. Reads only the user's error, so
 * the user's arrival does not re-render the page (docs/decisions/0031).
 */
function BlockedGate({ onLogout, children }: { onLogout: () => void; children: ReactNode }) {
  const { error } = useCurrentUser();
  if (error?.type !== 'blocked') return children;
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">Account blocked</h1>
      <FormAlert>{errorMessage(error, ACCOUNT_MSG.accountBlocked)}</FormAlert>
      <Button type="button" variant="outline" onClick={onLogout} className="self-start">
        Log out
      </Button>
    </div>
  );
}

/** The id of the dashboard's <main>, the skip link's target. */
export const MAIN_ID = 'main-content';

/**
 * The customer dashboard frame (spec §2): the design system's Sidebar (page entries, Admin for
 * admins, More on desktop, Logout, collapsible, a drawer on phones), a header with the balance,
 * and the page. A signed-out visitor is sent to the login page. Kept in a feature (not in
 * app/layouts) so page stories can render it; the app's layout passes the brand link.
 */
export function UserDashboardShell({ brand }: { brand: ReactNode }) {
  const { tokens } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [collapsed, setCollapsed] = useState(readCollapsed);

  if (!tokens) return <Navigate to={paths.login} replace />;

  const onCollapsedChange = (next: boolean) => {
    setCollapsed(next);
    try {
      localStorage.setItem(COLLAPSED_KEY, next ? '1' : '0');
    } catch {
      // the choice then lasts for this page only
    }
  };

  // Logout revokes the refresh token (the client adds X-Refresh-Token); the session ends on
  // this browser whether or not the server answers.
  const logout = async () => {
    try {
      await request(api.logout);
    } catch {
      // nothing to tell: the customer is signed out here either way
    } finally {
      clearSession();
      navigate(paths.login, { replace: true });
    }
  };

  const currentHref = pathname.replace(/\/+$/, '') || paths.user.overview;

  return (
    <div className="min-h-dvh bg-bg text-fg md:flex">
      <a
        href={`#${MAIN_ID}`}
        className={cn(
          'sr-only rounded-control bg-brand font-medium text-brand-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:px-4 focus:py-2',
          focusRing,
        )}
      >
        Skip to main content
      </a>
      <UserSidebar
        label="User dashboard"
        brand={brand}
        entries={entries}
        moreEntries={moreEntries}
        currentHref={currentHref}
        onLogout={() => void logout()}
        themeSwitch
        collapsed={collapsed}
        onCollapsedChange={onCollapsedChange}
        renderLink={renderLink}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <BalanceHeader />
        <main
          id={MAIN_ID}
          tabIndex={-1}
          className="min-w-0 flex-1 pb-20 focus:outline-none md:pb-0"
        >
          <BlockedGate onLogout={() => void logout()}>
            {/* Admins' announcements above every page, until dismissed (ADR 0059). */}
            <AnnouncementBanner />
            <Outlet />
          </BlockedGate>
        </main>
      </div>
      <BottomNav
        label="Shortcuts"
        entries={bottomEntries}
        currentHref={currentHref}
        renderLink={renderLink}
      />
      <CataloguePrefetch />
    </div>
  );
}
