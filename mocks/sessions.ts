import { DEMO_ADMIN, DEMO_CUSTOMER, NO_PIN_CUSTOMER } from './fixtures/users';
import { issueSession } from './tokens';

/**
 * Ready-made sessions for stories of signed-in screens: put them where the app keeps its
 * tokens (local storage, spec §3) before rendering. Tokens are signed, not stored, so they
 * stay valid across `resetDb()` and page reloads (for 15 minutes of mock-clock time).
 */
export const demoSession = () => issueSession(DEMO_CUSTOMER.id);
export const adminSession = () => issueSession(DEMO_ADMIN.id);
export const noPinSession = () => issueSession(NO_PIN_CUSTOMER.id);
