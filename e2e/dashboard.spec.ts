import { expect, test } from '@playwright/test';
import { MSG } from '../contract/messages';
import { DEMO, expectBalance, freshCustomer, serverBalance } from './helpers';

// The customer dashboard against the real server (`npm start` on a fresh DATA_DIR): the
// seeded demo customer (₦50,000, pin 123456, printed by the server on first start) shares
// funds with a customer made through the API and verified from the dev mailbox.

test('share funds from the wallet, see the new balance and the transfer on the overview', async ({
  page,
}) => {
  const { email: recipient } = await freshCustomer(page.request, 'share');

  await page.goto('/auth/login');
  await page.getByLabel(/E-mail address/).fill(DEMO.email);
  await page.getByLabel(/Password/).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  // Seeded with ₦50,000; read rather than assumed, so a retry of this test still holds.
  const before = await serverBalance(page);
  await expectBalance(page, before);

  await page
    .getByRole('navigation', { name: 'User dashboard' })
    .getByRole('link', { name: 'Wallet' })
    .click();
  await expect(page).toHaveURL(/\/user\/dashboard\/wallet$/);
  await page.getByLabel(/Recipient e-mail/).fill(recipient);
  await page.getByLabel(/Amount/).fill('1500');
  await page.getByLabel(/Secret pin/).fill(DEMO.pin);
  await page.getByRole('button', { name: 'Send funds' }).click();
  // The recipient's masked name is confirmed first (ADR 0046).
  const confirm = page.getByRole('alertdialog', { name: 'Confirm the recipient' });
  await expect(confirm).toContainText('Tob*** E***');
  await confirm.getByRole('button', { name: 'Send ₦1,500.00' }).click();
  await expect(page.getByText(MSG.fundsSent)).toBeVisible();
  await expectBalance(page, before - 1_500_00);

  await page
    .getByRole('navigation', { name: 'User dashboard' })
    .getByRole('link', { name: 'Overview' })
    .click();
  const recent = page.getByRole('table', { name: 'Recent transactions' });
  // The statement names a share by its recipient and signs what left the wallet (ADR 0045).
  await expect(recent.getByRole('row').nth(1)).toContainText('To Tobenna Eze');
  await expect(recent.getByRole('row').nth(1)).toContainText('−₦1,500.00');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto('/user/dashboard/wallet');
  await expect(page).toHaveURL(/\/auth\/login$/);
});
