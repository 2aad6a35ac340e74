/**
 * The mocks' public face, for stories and tests:
 *
 *   import { variants, db, errorHandler, demoSession } from '@mocks/index';
 *   parameters: { msw: { handlers: [variants.currentUser.empty] } }
 *
 * `handlers` is every endpoint's stateful default; `variants.<apiKey>.<success|empty|error|slow>`
 * overrides one endpoint; `db`/`resetDb` tweak and restore the seed.
 */
export {
  handlers,
  handlersFor,
  statementOf,
  variants,
  VARIANT_NAMES,
  type VariantName,
  type Variants,
} from './variants';
export { db, resetDb, type Db } from './db';
export {
  errorHandler,
  handle,
  refuse,
  me,
  MOCK_WEBHOOK_HASH,
  type Ctx,
  type Resolver,
} from './contract-handler';
export { MockApiError } from './errors';
export { MOCK_TOTP_CODE, MOCK_TOTP_SECRET } from './handlers/two-factor';
export { freezeClock, now, SEED_NOW } from './clock';
export { signAccessToken, issueSession, ACCESS_TOKEN_SECONDS } from './tokens';
export { adminSession, demoSession, noPinSession } from './sessions';
export {
  BLOCKED_CUSTOMER,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  FRIEND_CUSTOMER,
  NO_PIN_CUSTOMER,
  SEED_PASSWORD,
  SEED_PIN,
  UNVERIFIED_CUSTOMER,
} from './fixtures/users';
export { SEED_COUPONS } from './fixtures/history';
export { RECONCILIATION_DISCREPANCIES } from './fixtures/reconciliation';
export { SEED_LINK_TOKENS } from './fixtures/links';
