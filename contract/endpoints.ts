/**
 * Every call the app makes (spec §7), plus the calls the decisions add (refresh, resend
 * verification, payment webhook, dev mailbox, customer lookup, admin overview, reconciliation).
 * The spec's relative paths (auth/verify-reset-token, auth/reset-password, auth/verify-email,
 * api/public/product/...) are normalised under /api/.
 *
 * One module per area (ADR 0066): a page's bundle carries the areas it calls and no
 * other, because a bundler places whole modules. Add a call to its area's module.
 */
export * from './endpoints/session';
export * from './endpoints/login';
export * from './endpoints/auth';
export * from './endpoints/history';
export * from './endpoints/settings';
export * from './endpoints/notices';
export * from './endpoints/recipients';
export * from './endpoints/save-recipient';
export * from './endpoints/purchases';
export * from './endpoints/airtime';
export * from './endpoints/data';
export * from './endpoints/cable';
export * from './endpoints/electricity';
export * from './endpoints/education';
export * from './endpoints/wallet';
export * from './endpoints/coupons';
export * from './endpoints/buy-coupon';
export * from './endpoints/catalogue';
export * from './endpoints/admin';
export * from './endpoints/hooks';
