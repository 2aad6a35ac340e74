/** Spec §9 timers, in milliseconds (a module of its own: ADR 0066). */
export const TIMERS = {
  userLoadDelay: 1_000,
  sessionRefreshMargin: 50_000,
  copyConfirmation: 1_000,
  resetTokenCheck: 1_000,
  resetFormHide: 2_000,
  forgotPasswordRedirect: 5_000,
} as const;
