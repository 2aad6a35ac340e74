/**
 * The contract: every endpoint, entity, status, validation rule, message and pricing rule
 * shared by the web app, the mocks and the server. Imports only zod.
 */
export * from './messages';
export * from './money';
export * from './rules';
export * from './entities';
export * from './coupon-meta';
export * from './pricing';
export * from './forms';
export * from './errors';
export * from './endpoint';
export * from './endpoints';
export * from './endpoint-map';
export * from './phone';
export * from './reseller';
export * from './transfers';
export * from './audit';
export * from './recipients';
export * from './search';
export * from './tiers';
export * from './pending';
export * from './catalogue-sync';
export * from './secrets';
export * from './bearer-secrets';
export * from './share';
export * from './providers';
export * from './roles';
export * from './two-factor';
export * from './admin-self';
export * from './mail-preferences';
export * from './notices';
export * from './adjustments';
export * from './four-eyes';
export * from './verification';
export * from './referrals';
export * from './announcements';
export * from './plan-names';
export * from './timeline';
export * from './withdrawals';
export * from './withdrawal-resolve';
export * from './withdrawal-review';
