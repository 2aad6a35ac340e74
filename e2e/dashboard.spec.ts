import { expect, test, type APIRequestContext } from '@playwright/test';
import { MSG } from '../contract/messages';

// The customer dashboard against the real server (`npm start` on a fresh DATA_DIR): the
// seeded demo customer (₦50,000, pin 123456, printed by the server on first start) shares
// funds with a customer made through the API and verified from the dev mailbox.

const DEMO = { email: 'demo@paybills.local', password: 'DemoPass2026', pin: '123456' };

/** Registers a customer and verifies the e-mail with the link from the dev mailbox. */
async function freshCustomer(request: APIRequestContext): Promise<string> {
  const email = `e2e-share-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const registered = await request.post('/api/auth/register', {
    data: { name: 'Tobenna Eze', email, phone: '08061234567', password: 'Kobo2026wallet' },
  });
  expect(registered.ok()).toBe(true);
  let token = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
        if (!res.ok()) return '';
        const body = (await res.json()) as { message: { text: string; html: string }[] };
        for (const mail of body.message) {
          const found = /\/auth\/verifyemail\/([A-Za-z0-9._~%-]+)/.exec(
            `${mail.text}\n${mail.html}`,
          );
          if (found) return (token = decodeURIComponent(found[1]!));
        }
        return '';
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  const verified = await request.put('/api/auth/verify-email', { data: { token } });
  expect(verified.ok()).toBe(true);
  return email;
}

test('share funds from the wallet, see the new balance and the transfer on the overview', async ({
  page,
}) => {
  const recipient = await freshCustomer(page.request);

  await page.goto('/auth/login');
  await page.getByLabel(/E-mail address/).fill(DEMO.email);
  await page.getByLabel(/Password/).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  const header = page.getByRole('banner');
  await expect(header.getByText('₦50,000.00')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'User dashboard' })
    .getByRole('link', { name: 'Wallet' })
    .click();
  await expect(page).toHaveURL(/\/user\/dashboard\/wallet$/);
  await page.getByLabel(/Recipient e-mail/).fill(recipient);
  await page.getByLabel(/Amount/).fill('1500');
  await page.getByLabel(/Secret pin/).fill(DEMO.pin);
  await page.getByRole('button', { name: 'Send funds' }).click();
  await expect(page.getByText(MSG.fundsSent)).toBeVisible();
  await expect(header.getByText('₦48,500.00')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'User dashboard' })
    .getByRole('link', { name: 'Overview' })
    .click();
  const recent = page.getByRole('table', { name: 'Recent transactions' });
  await expect(recent.getByRole('row').nth(1)).toContainText('Transfer');
  await expect(recent.getByRole('row').nth(1)).toContainText('₦1,500.00');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto('/user/dashboard/wallet');
  await expect(page).toHaveURL(/\/auth\/login$/);
});
