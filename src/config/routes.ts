/**
 * Every URL of the web app (spec §2), so links, redirects and the router agree.
 * Static paths are strings; paths with a parameter are builders. `routePatterns` holds the
 * router's patterns for the parameterised ones.
 */

const USER_DASHBOARD = '/user/dashboard';
const ADMIN_DASHBOARD = '/admin/dashboard';

export const paths = {
  home: '/',
  faq: '/frequently-asked-questions',
  privacyPolicy: '/privacy-policy',
  /** Card checkout returns here (query: status, tx_ref, transaction_id). */
  paymentVerification: '/payment/verification',

  login: '/auth/login',
  signup: '/auth/signup',
  /** Signup with a referral code; the signup screen reads `referral_code` from the query. */
  signupWithReferral: (referralCode: string) =>
    `/auth/signup?${new URLSearchParams({ referral_code: referralCode }).toString()}`,
  forgotPassword: '/auth/forgotpassword',
  resetPassword: (token: string) => `/auth/resetpassword/${encodeURIComponent(token)}`,
  verifyEmail: (token: string) => `/auth/verifyemail/${encodeURIComponent(token)}`,
  createPin: '/auth/createpin',

  user: {
    overview: USER_DASHBOARD,
    wallet: `${USER_DASHBOARD}/wallet`,
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
    auditLog: `${ADMIN_DASHBOARD}/audit-log`,
    tiers: `${ADMIN_DASHBOARD}/tiers`,
  },
} as const;

/** Router patterns for the paths that take a parameter. */
export const routePatterns = {
  resetPassword: '/auth/resetpassword/:token',
  verifyEmail: '/auth/verifyemail/:token',
  notFound: '*',
} as const;

export type UserPage = keyof typeof paths.user;
export type AdminPage = keyof typeof paths.admin;
