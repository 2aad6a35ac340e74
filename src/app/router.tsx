import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';

import { paths, routePatterns } from '@/config/routes';

import { PendingFallback } from './layouts/pending-fallback';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './layouts/route-error';

/**
 * Code-split route: the module is fetched the first time its route matches, so the public
 * pages never download dashboard or admin code (`npm run build` prints the chunk sizes).
 * Every route module lives in ./routes or ./layouts and is imported only from here.
 */
function lazyComponent<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const sessionBoundary = lazyComponent(
  () => import('./layouts/session-boundary'),
  (m) => m.SessionBoundary,
);

const publicRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyComponent(
      () => import('./routes/landing'),
      (m) => m.LandingPage,
    ),
  },
  {
    path: paths.faq,
    lazy: lazyComponent(
      () => import('./routes/faq'),
      (m) => m.FaqPage,
    ),
  },
  {
    path: paths.privacyPolicy,
    lazy: lazyComponent(
      () => import('./routes/privacy-policy'),
      (m) => m.PrivacyPolicyPage,
    ),
  },
  {
    // Screens that call the API share the session boundary (code-split with them).
    lazy: sessionBoundary,
    children: [
      {
        path: paths.paymentVerification,
        lazy: lazyComponent(
          () => import('./routes/payment-verification'),
          (m) => m.PaymentVerificationPage,
        ),
      },
      {
        path: paths.login,
        lazy: lazyComponent(
          () => import('./routes/auth/login'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: paths.signup,
        lazy: lazyComponent(
          () => import('./routes/auth/signup'),
          (m) => m.SignupPage,
        ),
      },
      {
        path: paths.forgotPassword,
        lazy: lazyComponent(
          () => import('./routes/auth/forgot-password'),
          (m) => m.ForgotPasswordPage,
        ),
      },
      {
        path: routePatterns.resetPassword,
        lazy: lazyComponent(
          () => import('./routes/auth/reset-password'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        path: routePatterns.verifyEmail,
        lazy: lazyComponent(
          () => import('./routes/auth/verify-email'),
          (m) => m.VerifyEmailPage,
        ),
      },
      {
        path: paths.createPin,
        lazy: lazyComponent(
          () => import('./routes/auth/create-pin'),
          (m) => m.CreatePinPage,
        ),
      },
    ],
  },
  {
    path: routePatterns.notFound,
    lazy: lazyComponent(
      () => import('./routes/not-found'),
      (m) => m.NotFoundPage,
    ),
  },
];

// Child paths are absolute (they start with the layout's path), so they read like the URLs.
const userRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyComponent(
      () => import('./routes/user/overview'),
      (m) => m.UserOverviewPage,
    ),
  },
  {
    path: paths.user.wallet,
    lazy: lazyComponent(
      () => import('./routes/user/wallet'),
      (m) => m.WalletPage,
    ),
  },
  {
    path: paths.user.transactions,
    lazy: lazyComponent(
      () => import('./routes/user/transactions'),
      (m) => m.UserTransactionsPage,
    ),
  },
  {
    path: paths.user.airtime,
    lazy: lazyComponent(
      () => import('./routes/user/airtime'),
      (m) => m.AirtimePage,
    ),
  },
  {
    path: paths.user.data,
    lazy: lazyComponent(
      () => import('./routes/user/data'),
      (m) => m.DataPage,
    ),
  },
  {
    path: paths.user.cableTv,
    lazy: lazyComponent(
      () => import('./routes/user/cable-tv'),
      (m) => m.CableTvPage,
    ),
  },
  {
    path: paths.user.electricity,
    lazy: lazyComponent(
      () => import('./routes/user/electricity'),
      (m) => m.ElectricityPage,
    ),
  },
  {
    path: paths.user.education,
    lazy: lazyComponent(
      () => import('./routes/user/education'),
      (m) => m.EducationPage,
    ),
  },
  {
    path: paths.user.settings,
    lazy: lazyComponent(
      () => import('./routes/user/settings'),
      (m) => m.SettingsPage,
    ),
  },
  {
    path: paths.user.buyCoupon,
    lazy: lazyComponent(
      () => import('./routes/user/buy-coupon'),
      (m) => m.BuyCouponPage,
    ),
  },
];

const adminRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyComponent(
      () => import('./routes/admin/overview'),
      (m) => m.AdminOverviewPage,
    ),
  },
  {
    path: paths.admin.users,
    lazy: lazyComponent(
      () => import('./routes/admin/users'),
      (m) => m.AdminUsersPage,
    ),
  },
  {
    path: paths.admin.transactions,
    lazy: lazyComponent(
      () => import('./routes/admin/transactions'),
      (m) => m.AdminTransactionsPage,
    ),
  },
  {
    path: paths.admin.payments,
    lazy: lazyComponent(
      () => import('./routes/admin/payments'),
      (m) => m.AdminPaymentsPage,
    ),
  },
  {
    path: paths.admin.dataPrices,
    lazy: lazyComponent(
      () => import('./routes/admin/data-prices'),
      (m) => m.AdminDataPricesPage,
    ),
  },
  {
    path: paths.admin.cableTvPrices,
    lazy: lazyComponent(
      () => import('./routes/admin/cable-tv-prices'),
      (m) => m.AdminCableTvPricesPage,
    ),
  },
  {
    path: paths.admin.transfers,
    lazy: lazyComponent(
      () => import('./routes/admin/transfers'),
      (m) => m.AdminTransfersPage,
    ),
  },
  {
    path: paths.admin.auditLog,
    lazy: lazyComponent(
      () => import('./routes/admin/audit-log'),
      (m) => m.AdminAuditLogPage,
    ),
  },
  {
    path: paths.admin.tiers,
    lazy: lazyComponent(
      () => import('./routes/admin/tiers'),
      (m) => m.AdminTiersPage,
    ),
  },
];

/** The whole route tree; tests build a memory router from it. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown on the first visit while the matched layout and page chunks download.
    hydrateFallbackElement: <PendingFallback />,
    children: [
      {
        path: paths.home,
        lazy: lazyComponent(
          () => import('./layouts/public-layout'),
          (m) => m.PublicLayout,
        ),
        children: publicRoutes,
      },
      {
        lazy: sessionBoundary,
        children: [
          {
            path: paths.user.overview,
            lazy: lazyComponent(
              () => import('./layouts/user-dashboard-layout'),
              (m) => m.UserDashboardLayout,
            ),
            children: userRoutes,
          },
          {
            path: paths.admin.overview,
            lazy: lazyComponent(
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
