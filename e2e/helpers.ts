import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api } from '../contract/endpoint-map';
import { MSG } from '../contract/messages';
import { formatNaira } from '../src/lib/money';
import { SESSION_KEYS } from '../src/lib/session';

// Shared steps of the end-to-end journeys against the real server (`npm start` on a fresh
// DATA_DIR): accounts, the dev mailbox, the dashboard's navigation and its balance.

/** The accounts a first start creates (server/src/config.ts defaults, printed on start). */
export const DEMO = { email: 'demo@paybills.local', password: 'DemoPass2026', pin: '123456' };
export const ADMIN = { email: 'admin@paybills.local', password: 'ChangeMe-Admin-2026' };

const RUN = Date.now().toString(36);
let emails = 0;

/**
 * An address no other test of this run has used, without randomness: the worker (a retry runs
 * in a new one) and a counter; the run's start time keeps runs on a reused E2E_DATA_DIR apart.
 */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${RUN}-w${test.info().workerIndex}-${++emails}@example.com`;
}

/** A name (a tier's) no earlier attempt of this run has taken, as `uniqueEmail`'s. */
export function uniqueName(tag: string): string {
  return `${tag} ${RUN}-w${test.info().workerIndex}-${++emails}`;
}

/** The newest link to `pathPrefix` in the dev mailbox of `to` (waits for the mail). */
export async function linkFromMail(
  request: APIRequestContext,
  to: string,
  pathPrefix: string,
): Promise<string> {
  const pattern = new RegExp(`${pathPrefix}/[A-Za-z0-9._~%-]+`);
  let link = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/mail?to=${encodeURIComponent(to)}`);
        if (!res.ok()) return '';
        const body = (await res.json()) as { message: { text: string; html: string }[] };
        for (const mail of body.message) {
          const found = pattern.exec(`${mail.text}\n${mail.html}`);
          if (found) return (link = found[0]);
        }
        return '';
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}

export type Customer = { email: string; password: string; pin?: string };

/**
 * Registers a customer through the API and verifies the e-mail with the link from the dev
 * mailbox; with `pin`, also logs in through the API and creates the pin.
 */
export async function freshCustomer(
  request: APIRequestContext,
  tag: string,
  pin?: string,
): Promise<Customer> {
  const customer = { email: uniqueEmail(tag), password: 'Kobo2026wallet', pin };
  const registered = await request.post(api.register.path, {
    data: {
      name: 'Tobenna Eze',
      email: customer.email,
      phone: '08061234567',
      password: customer.password,
    },
  });
  expect(registered.ok()).toBe(true);
  const link = await linkFromMail(request, customer.email, '/auth/verifyemail');
  const token = decodeURIComponent(link.split('/').pop()!);
  expect((await request.put(api.verifyEmail.path, { data: { token } })).ok()).toBe(true);
  if (pin) {
    const login = await request.post(api.login.path, {
      data: { username: customer.email, password: customer.password },
    });
    const { JWTtoken } = (await login.json()) as { JWTtoken: string };
    const created = await request.put(api.createPin.path, {
      headers: { authorization: `Bearer ${JWTtoken}` },
      data: { pin },
    });
    expect(created.ok()).toBe(true);
  }
  return customer;
}

/** Signs up through the form and opens the verification link from the dev mailbox. */
/**
 * Funds a customer's wallet through the API as the browser would: initiate, press Pay on the
 * sandbox checkout, then verify (the server asks the simulated provider before crediting).
 * Amounts above ₦9,999 are credited less the ₦50 stamp duty.
 */
export async function fundWallet(request: APIRequestContext, who: Customer, naira: number) {
  const login = await request.post(api.login.path, {
    data: { username: who.email, password: who.password },
  });
  const { JWTtoken } = (await login.json()) as { JWTtoken: string };
  const headers = { authorization: `Bearer ${JWTtoken}` };
  const initiated = await request.post(api.initiatePayment.path, {
    headers,
    data: { amount: naira },
  });
  const link = new URL(((await initiated.json()) as { message: string }).message);
  const paid = await request.post(link.pathname, {
    form: { outcome: 'successful' },
    maxRedirects: 0,
  });
  const back = new URL(paid.headers().location!, link);
  const verified = await request.post(api.verifyPayment.path, {
    headers,
    data: {
      status: back.searchParams.get('status'),
      tx_ref: back.searchParams.get('tx_ref'),
      transaction_id: back.searchParams.get('transaction_id') ?? undefined,
    },
  });
  expect(verified.ok()).toBe(true);
}

export async function signUpAndVerify(
  page: Page,
  who: { name: string; email: string; phone: string; password: string },
) {
  await page.goto('/auth/signup');
  await page.getByLabel(/Full name/).fill(who.name);
  await page.getByLabel(/E-mail address/).fill(who.email);
  await page.getByLabel(/Phone number/).fill(who.phone);
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByLabel(/Confirm password/).fill(who.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText(MSG.signupSuccess)).toBeVisible();
  await page.goto(await linkFromMail(page.request, who.email, '/auth/verifyemail'));
  await expect(page.getByText(MSG.emailVerified)).toBeVisible();
}

export async function logIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/auth/login');
  await page.getByLabel(/E-mail address/).fill(who.email);
  await page.getByLabel(/Password/).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Opens a dashboard page from the side menu (Buy Coupon and Education sit under More). */
export async function openFromMenu(page: Page, name: string) {
  const nav = page.getByRole('navigation', { name: 'User dashboard' });
  const link = nav.getByRole('link', { name, exact: true });
  await expect(nav.getByRole('link', { name: 'Overview', exact: true })).toBeVisible();
  if (!(await link.isVisible())) await nav.getByRole('button', { name: 'More' }).click();
  await link.click();
}

/** The signed-in user's wallet balance in kobo, as the server has it. */
export async function serverBalance(page: Page): Promise<number> {
  const token = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEYS.token);
  const res = await page.request.get(api.currentUser.path, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { message: { wallet_balance: number } };
  return Math.round(body.message.wallet_balance * 100);
}

/** The balance in the dashboard header is `kobo`, and so is the server's. */
export async function expectBalance(page: Page, kobo: number) {
  await expect(page.getByRole('banner')).toContainText(formatNaira(kobo));
  expect(await serverBalance(page)).toBe(kobo);
}

/** "₦1,234.50" → 123450. */
export function koboOf(text: string): number {
  return Number(text.replace(/[^\d]/g, ''));
}
