import { expect, test, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { api } from '../contract/endpoint-map';
import { ROLE_MSG } from '../contract/roles';
import { RECOVERY_CODE_COUNT, TWO_FACTOR_MSG } from '../contract/two-factor';
import { SESSION_KEYS } from '../src/lib/session';
import { ADMIN, DEMO, freshCustomer, logIn } from './helpers';
import { MANUAL_REVERSE_URL } from './servers';

// Admin roles and two-factor sign-in (ADR 0051) on `npm start` with no
// configuration (sandbox: two-factor optional). On the server where failed purchases wait for
// an admin (AUTO_REVERSE_FAILED=0), so a failed one is there to not be reversed.
test.use({ baseURL: MANUAL_REVERSE_URL });

const nav = (page: Page) =>
  page.getByRole('complementary').getByRole('navigation', { name: 'Admin dashboard' });

async function logOut(page: Page) {
  await page.getByRole('complementary').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

/** A purchase the sandbox refuses (numbers ending 0000), left failed on this server. */
async function failedPurchase(page: Page) {
  await logIn(page, DEMO);
  // Leave the login page before navigating: a goto while the sign-in is answered lands back on
  // it, signed out.
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/user/dashboard/airtime');
  await page.getByLabel(/Phone number/).fill('08031230000');
  await page.getByLabel(/Amount/).fill('200');
  await page.getByLabel(/Secret pin/).fill(DEMO.pin);
  await page.getByRole('button', { name: 'Buy airtime' }).click();
  await expect(page.getByTestId('purchase-result')).toContainText('Purchase failed');
}

test('an owner makes a user a Support admin, who sets up two-factor, signs in with a code and cannot reverse', async ({
  page,
  browser,
}) => {
  test.slow();
  const customer = await browser.newContext({ baseURL: MANUAL_REVERSE_URL });
  await failedPurchase(await customer.newPage());
  await customer.close();

  const who = await freshCustomer(page.request, 'support');

  // The owner (the demo admin) gives the account the Support role.
  await logIn(page, ADMIN);
  await nav(page).getByRole('link', { name: 'Admins' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admins' })).toBeVisible();
  await page.getByLabel(/E-mail of the account/).fill(who.email);
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveText('Support');
  await page.getByRole('button', { name: 'Add admin' }).click();
  await expect(page.getByText(ROLE_MSG.roleChanged)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: who.email })).toContainText('Support');
  await logOut(page);

  // The new admin sets up two-factor from the key on the screen, as an authenticator app would.
  await logIn(page, who);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await nav(page).getByRole('link', { name: 'Two-factor sign-in' }).click();
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = (await page.getByTestId('two-factor-key').textContent())!.replace(/\s/g, '');
  const totp = new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 });
  await page.getByLabel(/Code from the app/).fill(totp.generate());
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(
    page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(RECOVERY_CODE_COUNT);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText(TWO_FACTOR_MSG.enrolled)).toBeVisible();
  await logOut(page);

  // Password, then a code. The server takes each 30-second step once and the step after the
  // current one too: the next step's code is never the one spent at enrolment, whenever this runs.
  await logIn(page, who);
  await page.getByLabel('Code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);

  // Support's menu: customers and transactions, no money pages, no admins.
  await expect(nav(page).getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Transactions' })).toBeVisible();
  for (const name of ['Payments', 'Adjustments', 'Admins']) {
    await expect(nav(page).getByRole('link', { name })).toHaveCount(0);
  }

  // A failed purchase opens, with no Reverse.
  await nav(page).getByRole('link', { name: 'Transactions' }).click();
  await page.getByLabel('User e-mail').fill(DEMO.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('main').getByRole('row').filter({ hasText: 'Failed' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Transaction details' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Reverse' })).toHaveCount(0);

  // And the server refuses the call itself.
  const token = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEYS.token);
  const reversed = await page.request.post(api.reverse.path, {
    headers: { authorization: `Bearer ${token}` },
    data: { userId: 'any', transactionId: 'any' },
  });
  expect(reversed.status()).toBe(403);
  expect(((await reversed.json()) as { msg: string }).msg).toBe(ROLE_MSG.notAllowed('support'));
});
