import * as React from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router-dom';

import { paths, routePatterns } from '@/config/routes';

import { PendingFallback } from './layouts/pending-fallback';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './layouts/route-error';
import { RouteErrorBoundary } from './navigation';

/**
 * Code-split route: the module is fetched the first time its route matches, so the public
 * pages never download dashboard or admin code (`npm run build` prints the chunk sizes).
 * Every route module lives in ./routes or ./layouts and is imported only from here.
 * `handle` starts the download; `AppRoutes` calls it for every matched route at once, so a
 * layout and its page load in parallel rather than one after the other.
 */
function lazyRoute<M>(load: () => Promise<M>, pick: (module: M) => React.ComponentType) {
  let loading: Promise<{ default: React.ComponentType }> | undefined;
  const preload = () => (loading ??= load().then((module) => ({ default: pick(module) })));
  const Component = React.lazy(preload);
  return { element: <Component />, handle: preload };
}

const sessionBoundary = lazyRoute(
  () => import('./layouts/session-boundary'),
  (m) => m.SessionBoundary,
);

const publicRoutes: RouteObject[] = [
  {
    index: true,
    ...lazyRoute(
      () => import('./routes/landing'),
      (m) => m.LandingPage,
    ),
  },
  {
    path: paths.faq,
    ...lazyRoute(
      () => import('./routes/faq'),
      (m) => m.FaqPage,
    ),
  },
  {
    path: paths.privacyPolicy,
    ...lazyRoute(
      () => import('./routes/privacy-policy'),
      (m) => m.PrivacyPolicyPage,
    ),
  },
  {
    // Screens that call the API share the session boundary (code-split with them).
    ...sessionBoundary,
    children: [
      {
        path: paths.paymentVerification,
        ...lazyRoute(
          () => import('./routes/payment-verification'),
          (m) => m.PaymentVerificationPage,
        ),
      },
      {
        path: paths.login,
        ...lazyRoute(
          () => import('./routes/auth/login'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: paths.signup,
        ...lazyRoute(
          () => import('./routes/auth/signup'),
          (m) => m.SignupPage,
        ),
      },
      {
        path: paths.forgotPassword,
        ...lazyRoute(
          () => import('./routes/auth/forgot-password'),
          (m) => m.ForgotPasswordPage,
        ),
      },
      {
        path: routePatterns.resetPassword,
        ...lazyRoute(
          () => import('./routes/auth/reset-password'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        path: routePatterns.verifyEmail,
        ...lazyRoute(
          () => import('./routes/auth/verify-email'),
          (m) => m.VerifyEmailPage,
        ),
      },
      {
        path: paths.createPin,
        ...lazyRoute(
          () => import('./routes/auth/create-pin'),
          (m) => m.CreatePinPage,
        ),
      },
    ],
  },
  {
    path: routePatterns.notFound,
    ...lazyRoute(
      () => import('./routes/not-found'),
      (m) => m.NotFoundPage,
    ),
  },
];

// Child paths are absolute (they start with the layout's path), so they read like the URLs.
const userRoutes: RouteObject[] = [
  {
    index: true,
    ...lazyRoute(
      () => import('./routes/user/overview'),
      (m) => m.UserOverviewPage,
    ),
  },
  {
    path: paths.user.wallet,
    ...lazyRoute(
      () => import('./routes/user/wallet'),
      (m) => m.WalletPage,
    ),
  },
  {
    path: paths.user.withdraw,
    ...lazyRoute(
      () => import('./routes/user/withdraw'),
      (m) => m.WithdrawPage,
    ),
  },
  {
    path: paths.user.transactions,
    ...lazyRoute(
      () => import('./routes/user/transactions'),
      (m) => m.UserTransactionsPage,
    ),
  },
  {
    path: paths.user.airtime,
    ...lazyRoute(
      () => import('./routes/user/airtime'),
      (m) => m.AirtimePage,
    ),
  },
  {
    path: paths.user.data,
    ...lazyRoute(
      () => import('./routes/user/data'),
      (m) => m.DataPage,
    ),
  },
  {
    path: paths.user.cableTv,
    ...lazyRoute(
      () => import('./routes/user/cable-tv'),
      (m) => m.CableTvPage,
    ),
  },
  {
    path: paths.user.electricity,
    ...lazyRoute(
      () => import('./routes/user/electricity'),
      (m) => m.ElectricityPage,
    ),
  },
  {
    path: paths.user.education,
    ...lazyRoute(
      () => import('./routes/user/education'),
      (m) => m.EducationPage,
    ),
  },
  {
    path: paths.user.settings,
    ...lazyRoute(
      () => import('./routes/user/settings'),
      (m) => m.SettingsPage,
    ),
  },
  {
    path: paths.user.buyCoupon,
    ...lazyRoute(
      () => import('./routes/user/buy-coupon'),
      (m) => m.BuyCouponPage,
    ),
  },
];

const adminRoutes: RouteObject[] = [
  {
    index: true,
    ...lazyRoute(
      () => import('./routes/admin/overview'),
      (m) => m.AdminOverviewPage,
    ),
  },
  {
    path: paths.admin.users,
    ...lazyRoute(
      () => import('./routes/admin/users'),
      (m) => m.AdminUsersPage,
    ),
  },
  {
    path: paths.admin.transactions,
    ...lazyRoute(
      () => import('./routes/admin/transactions'),
      (m) => m.AdminTransactionsPage,
    ),
  },
  {
    path: routePatterns.adminTransaction,
    ...lazyRoute(
      () => import('./routes/admin/transaction-timeline'),
      (m) => m.AdminTransactionTimelinePage,
    ),
  },
  {
    path: paths.admin.payments,
    ...lazyRoute(
      () => import('./routes/admin/payments'),
      (m) => m.AdminPaymentsPage,
    ),
  },
  {
    path: paths.admin.dataPrices,
    ...lazyRoute(
      () => import('./routes/admin/data-prices'),
      (m) => m.AdminDataPricesPage,
    ),
  },
  {
    path: paths.admin.cableTvPrices,
    ...lazyRoute(
      () => import('./routes/admin/cable-tv-prices'),
      (m) => m.AdminCableTvPricesPage,
    ),
  },
  {
    path: paths.admin.transfers,
    ...lazyRoute(
      () => import('./routes/admin/transfers'),
      (m) => m.AdminTransfersPage,
    ),
  },
  {
    path: paths.admin.withdrawals,
    ...lazyRoute(
      () => import('./routes/admin/withdrawals'),
      (m) => m.AdminWithdrawalsPage,
    ),
  },
  {
    path: paths.admin.auditLog,
    ...lazyRoute(
      () => import('./routes/admin/audit-log'),
      (m) => m.AdminAuditLogPage,
    ),
  },
  {
    path: paths.admin.tiers,
    ...lazyRoute(
      () => import('./routes/admin/tiers'),
      (m) => m.AdminTiersPage,
    ),
  },
  {
    path: paths.admin.pending,
    ...lazyRoute(
      () => import('./routes/admin/pending'),
      (m) => m.AdminPendingPage,
    ),
  },
  {
    path: paths.admin.adjustments,
    ...lazyRoute(
      () => import('./routes/admin/adjustments'),
      (m) => m.AdminAdjustmentsPage,
    ),
  },
  {
    path: paths.admin.announcements,
    ...lazyRoute(
      () => import('./routes/admin/announcements'),
      (m) => m.AdminAnnouncementsPage,
    ),
  },
  {
    path: paths.admin.admins,
    ...lazyRoute(
      () => import('./routes/admin/admins'),
      (m) => m.AdminAdminsPage,
    ),
  },
  {
    path: paths.admin.security,
    ...lazyRoute(
      () => import('./routes/admin/security'),
      (m) => m.AdminSecurityPage,
    ),
  },
  {
    path: paths.admin.providers,
    ...lazyRoute(
      () => import('./routes/admin/providers'),
      (m) => m.AdminProvidersPage,
    ),
  },
  {
    path: paths.admin.referrals,
    ...lazyRoute(
      () => import('./routes/admin/referrals'),
      (m) => m.AdminReferralsPage,
    ),
  },
];

/** The whole route tree; tests render it in a memory router (`AppRoutes`). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        path: paths.home,
        ...lazyRoute(
          () => import('./layouts/public-layout'),
          (m) => m.PublicLayout,
        ),
        children: publicRoutes,
      },
      {
        ...sessionBoundary,
        children: [
          {
            path: paths.user.overview,
            ...lazyRoute(
              () => import('./layouts/user-dashboard-layout'),
              (m) => m.UserDashboardLayout,
            ),
            children: userRoutes,
          },
          {
            path: paths.admin.overview,
            ...lazyRoute(
              () => import('./layouts/admin-dashboard-layout'),
              (m) => m.AdminDashboardLayout,
            ),
            children: adminRoutes,
          },
        ],
      },
    ],
  },
];

/**
 * The matched routes, inside the error page's boundary; the spinner page while the first
 * page's code loads (later navigations keep the current page up instead: see AppRouter).
 */
export function AppRoutes() {
  const location = useLocation();
  for (const match of matchRoutes(routes, location) ?? []) {
    (match.route.handle as (() => unknown) | undefined)?.();
  }
  const page = useRoutes(routes, location);
  return (
    <RouteErrorBoundary fallback={<RouteError />}>
      <React.Suspense fallback={<PendingFallback />}>{page}</React.Suspense>
    </RouteErrorBoundary>
  );
}
