import { expect, test, type Page } from '@playwright/test';
import { SERVER_MSG } from '../contract/messages';

// The admin dashboard against the real server (`npm start` on a fresh DATA_DIR), with the
// accounts a first start creates (server/src/config.ts defaults, printed on start).

const ADMIN = { email: 'admin@paybills.local', password: 'ChangeMe-Admin-2026' };
const DEMO = { email: 'demo@paybills.local', password: 'DemoPass2026' };

async function logIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/auth/login');
  await page.getByLabel(/E-mail address/).fill(who.email);
  await page.getByLabel(/Password/).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

const main = (page: Page) => page.getByRole('main');

test('an admin sees the overview and moves between pages with the side menu', async ({ page }) => {
  await logIn(page, ADMIN);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(main(page).getByText('ATG wallet balance')).toBeVisible();
  await expect(main(page).getByText(/transactions worth/)).toBeVisible();

  const nav = page.getByRole('complementary').getByRole('navigation', { name: 'Admin dashboard' });
  await nav.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await nav.getByRole('link', { name: 'Transactions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await expect(main(page).getByText(/Page 1 of|No transactions yet/)).toBeVisible();
});

test('an admin finds a user by e-mail, blocks and unblocks them', async ({ page }) => {
  await logIn(page, ADMIN);
  await page.goto('/admin/dashboard/users');
  await page.getByLabel('User e-mail').fill(DEMO.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(main(page).getByText('Page 1 of 1')).toBeVisible();
  await page.getByRole('row', { name: `Open user ${DEMO.email}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(dialog.getByText(SERVER_MSG.userBlocked)).toBeVisible();
  await dialog.getByRole('button', { name: 'Unblock' }).click();
  await expect(dialog.getByText(SERVER_MSG.userUnblocked)).toBeVisible();
});

test('an admin edits a data plan price, then puts it back', async ({ page }) => {
  await logIn(page, ADMIN);
  await page.goto('/admin/dashboard/data-prices');
  const plan = main(page).getByRole('listitem').first().getByRole('button');
  await plan.click();
  const dialog = page.getByRole('dialog');
  const price = dialog.getByLabel('Price (₦)');
  const original = await price.inputValue();
  await expect(price).toBeDisabled();
  await dialog.getByRole('button', { name: 'Edit' }).click();
  await price.fill(String(Number(original) + 1));
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog.getByText(SERVER_MSG.productUpdated)).toBeVisible();
  await expect(price).toBeDisabled();

  await dialog.getByRole('button', { name: 'Edit' }).click();
  await price.fill(original);
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog.getByText(SERVER_MSG.productUpdated)).toBeVisible();
});

test('a customer is sent to the user dashboard; a visitor to login', async ({ page }) => {
  await page.goto('/admin/dashboard/users');
  await expect(page).toHaveURL(/\/auth\/login/);
  await logIn(page, DEMO);
  await page.goto('/admin/dashboard/users');
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});
