/**
 * Every URL of the web app (spec §2), so links, redirects and the router agree. The pages
 * themselves are contract/web-routes.ts, the table the server reads too (a path that is not a
 * page answers 404: ADR 0037). Static paths are strings; paths with a parameter are builders.
 * `routePatterns` holds the router's patterns for the parameterised ones.
 */
// Deep import: the '@contract' barrel would pull zod and every schema into the public pages.
import { fillPattern, PAGES } from '@contract/web-routes';

export const paths = {
  home: PAGES.home,
  faq: PAGES.faq,
  privacyPolicy: PAGES.privacyPolicy,
  /** Card checkout returns here (query: status, tx_ref, transaction_id). */
  paymentVerification: PAGES.paymentVerification,

  login: PAGES.login,
  signup: PAGES.signup,
  /** Signup with a referral code; the signup screen reads `referral_code` from the query. */
  signupWithReferral: (referralCode: string) =>
    `${PAGES.signup}?${new URLSearchParams({ referral_code: referralCode }).toString()}`,
  forgotPassword: PAGES.forgotPassword,
  resetPassword: (token: string) => fillPattern(PAGES.resetPassword, token),
  verifyEmail: (token: string) => fillPattern(PAGES.verifyEmail, token),
  createPin: PAGES.createPin,

  user: PAGES.user,
  admin: PAGES.admin,
  /** One transaction's timeline, for support (ADR 0083). */
  adminTransaction: (id: string) => fillPattern(PAGES.adminTransaction, id),
} as const;

/** Router patterns for the paths that take a parameter. */
export const routePatterns = {
  resetPassword: PAGES.resetPassword,
  verifyEmail: PAGES.verifyEmail,
  adminTransaction: PAGES.adminTransaction,
  notFound: '*',
} as const;

export type UserPage = keyof typeof paths.user;
export type AdminPage = keyof typeof paths.admin;
