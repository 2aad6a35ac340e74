import { api, type Kobo } from '@contract';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { freezeClock } from './clock';
import { db, findUser, resetDb } from './db';
import { DEMO_ADMIN, DEMO_CUSTOMER, SEED_PASSWORD } from './fixtures/users';
import { server } from './node';
import { ok } from './test-client';

/**
 * style.md example 4: MSW in Node with unhandled requests as errors; handlers, db and clock
 * back to the seed after each test. Call once at the top of a test file.
 */
export function setupMockServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    resetDb();
    freezeClock(null);
  });
  afterAll(() => server.close());
}

/** The tokens of a login that needed no code (an enrolled admin's gets a challenge, ADR 0051). */
export function tokensOf(
  answer: { JWTtoken: string; refresh_token: string } | { two_factor_required: true },
): { JWTtoken: string; refresh_token: string } {
  if ('two_factor_required' in answer) throw new Error('this login asks for a two-factor code');
  return answer;
}

export async function loginAs(
  email: string = DEMO_CUSTOMER.email,
  password: string = SEED_PASSWORD,
): Promise<string> {
  return tokensOf(await ok(api.login, { body: { username: email, password } })).JWTtoken;
}

export const loginAdmin = () => loginAs(DEMO_ADMIN.email);

export function balanceOf(userId: string): Kobo {
  const user = findUser(userId);
  if (!user) throw new Error(`no user ${userId}`);
  return user.wallet_balance;
}

export function setBalance(userId: string, kobo: Kobo): void {
  const user = db.users.find((u) => u.id === userId);
  if (!user) throw new Error(`no user ${userId}`);
  user.wallet_balance = kobo;
}
