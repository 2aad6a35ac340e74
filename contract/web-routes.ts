/**
 * Every page of the web app (spec §2), as router patterns: the one table the browser's router
 * (src/config/routes.ts, src/app/router.tsx) and the server (which answers any other path with
 * 404 and the "Page not found" screen: ADR 0037) both read. A page the router
 * declares and this table lacks fails src/app/route-table.test.tsx. Plain data, no imports:
 * the browser's public pages load it without zod.
 */

const USER_DASHBOARD = '/user/dashboard';
const ADMIN_DASHBOARD = '/admin/dashboard';

export const PAGES = {
  home: '/',
  faq: '/frequently-asked-questions',
  privacyPolicy: '/privacy-policy',
  /** Card checkout returns here (query: status, tx_ref, transaction_id). */
  paymentVerification: '/payment/verification',

  login: '/auth/login',
  /** Also with `?referral_code=` (the signup screen reads it from the query). */
  signup: '/auth/signup',
  forgotPassword: '/auth/forgotpassword',
  resetPassword: '/auth/resetpassword/:token',
  verifyEmail: '/auth/verifyemail/:token',
  createPin: '/auth/createpin',

  user: {
    overview: USER_DASHBOARD,
    wallet: `${USER_DASHBOARD}/wallet`,
    /** Money out to a bank account (ADR 0084). */
    withdraw: `${USER_DASHBOARD}/withdraw`,
    transactions: `${USER_DASHBOARD}/transactions`,
    airtime: `${USER_DASHBOARD}/airtime`,
    data: `${USER_DASHBOARD}/data`,
    cableTv: `${USER_DASHBOARD}/cabletv`,
    electricity: `${USER_DASHBOARD}/electricity`,
    education: `${USER_DASHBOARD}/education`,
    settings: `${USER_DASHBOARD}/settings`,
    buyCoupon: `${USER_DASHBOARD}/buy-coupon`,
  },

  admin: {
    overview: ADMIN_DASHBOARD,
    users: `${ADMIN_DASHBOARD}/users`,
    transactions: `${ADMIN_DASHBOARD}/transactions`,
    payments: `${ADMIN_DASHBOARD}/payments`,
    dataPrices: `${ADMIN_DASHBOARD}/data-prices`,
    cableTvPrices: `${ADMIN_DASHBOARD}/cabletv-prices`,
    transfers: `${ADMIN_DASHBOARD}/transfers`,
    /** Withdrawals to bank accounts, their review queue and kill switch (ADR 0084). */
    withdrawals: `${ADMIN_DASHBOARD}/withdrawals`,
    auditLog: `${ADMIN_DASHBOARD}/audit-log`,
    tiers: `${ADMIN_DASHBOARD}/tiers`,
    pending: `${ADMIN_DASHBOARD}/pending-purchases`,
    adjustments: `${ADMIN_DASHBOARD}/adjustments`,
    /** Banners and e-mails to customers (ADR 0059). */
    announcements: `${ADMIN_DASHBOARD}/announcements`,
    /** Provider order (failover) and float alert thresholds (ADR 0052). */
    providers: `${ADMIN_DASHBOARD}/providers`,
    /** Referral commission per product, first-funding bonus, daily cap (ADR 0056). */
    referrals: `${ADMIN_DASHBOARD}/referrals`,
    /** The signed-in admin's two-factor enrolment (ADR 0051). */
    security: `${ADMIN_DASHBOARD}/security`,
    admins: `${ADMIN_DASHBOARD}/admins`,
  },
  /** One transaction's whole story, printable (ADR 0083): opened from Transactions and Pending. */
  adminTransaction: `${ADMIN_DASHBOARD}/transactions/:id`,
} as const;

/** Every pattern of the table, flat. */
export const PAGE_PATTERNS: readonly string[] = Object.values(PAGES).flatMap((entry) =>
  typeof entry === 'string' ? [entry] : Object.values(entry),
);

/** `pattern` with each `:name` segment replaced by `value` (encoded). */
export function fillPattern(pattern: string, value: string): string {
  return pattern.replace(/:[\w-]+/g, () => encodeURIComponent(value));
}

/** Segments of a path, percent-decoded one by one (an encoded "/" stays inside its segment). */
function segments(pathname: string): string[] {
  return pathname
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      try {
        return decodeURIComponent(s).toLowerCase();
      } catch {
        return s.toLowerCase();
      }
    });
}

const compiled = PAGE_PATTERNS.map(segments);

/**
 * Whether a URL path (no query) is a page of the app, matched as the browser's router matches
 * it: case-insensitive, trailing slashes ignored, segments percent-decoded, `:name` any one
 * non-empty segment.
 */
export function isPagePath(pathname: string): boolean {
  // An empty segment ("//x", "/auth//login") is no page either; trailing ones are ignored.
  if (!pathname.startsWith('/') || pathname.replace(/\/+$/, '').includes('//')) return false;
  const parts = segments(pathname);
  return compiled.some(
    (pattern) =>
      pattern.length === parts.length &&
      pattern.every((p, i) => p.startsWith(':') || p === parts[i]),
  );
}
