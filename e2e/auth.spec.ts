import { expect, test } from '@playwright/test';
import { MSG } from '../contract/messages';
import { linkFromMail, logIn, signUpAndVerify, uniqueEmail } from './helpers';

// Sign-up to pin against the real server (`npm start` on a fresh DATA_DIR): the links come
// from the dev mailbox, exactly as a customer would get them by e-mail.

const PASSWORD = 'Kobo2026wallet';

test('sign up, verify the e-mail, log in, create the pin, land on the dashboard', async ({
  page,
}) => {
  const email = uniqueEmail('signup');

  await signUpAndVerify(page, {
    name: 'Adaeze Okafor',
    email,
    phone: '08031234567',
    password: PASSWORD,
  });
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await logIn(page, { email, password: PASSWORD });
  // Login lands on the dashboard, whose overview may send a user without a pin on to create one.
  await expect(page).toHaveURL(/\/(user\/dashboard|auth\/createpin)/);

  await page.goto('/auth/createpin');
  await page.getByLabel(/Secret pin/).fill('482915');
  await page.getByLabel(/Confirm secret pin/).fill('482915');
  await page.getByRole('button', { name: 'Create pin' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test('create pin without a session goes to login', async ({ page }) => {
  await page.goto('/auth/createpin');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('forgot password, reset it from the e-mailed link, log in with the new one', async ({
  page,
}) => {
  const email = uniqueEmail('reset');
  // A verified account to reset: sign up and verify through the API, as the first test did
  // through the screens.
  const registered = await page.request.post('/api/auth/register', {
    data: { name: 'Chinedu Eze', email, phone: '08123456789', password: PASSWORD },
  });
  expect(registered.ok()).toBe(true);
  await page.goto(await linkFromMail(page.request, email, '/auth/verifyemail'));
  await expect(page.getByText(MSG.emailVerified)).toBeVisible();

  await page.goto('/auth/forgotpassword');
  await page.getByLabel(/E-mail address/).fill(email);
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText(email)).toBeVisible();
  // The confirmation moves on to login by itself (5 s).
  await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 10_000 });

  await page.goto(await linkFromMail(page.request, email, '/auth/resetpassword'));
  const newPassword = 'Naira2026reset';
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/Confirm new password/).fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('status').filter({ hasText: /reset/i })).toBeVisible();
  await expect(page.getByLabel(/^New password/)).toBeHidden({ timeout: 5_000 });

  await logIn(page, { email, password: PASSWORD });
  await expect(page.getByRole('alert')).toBeVisible();
  await logIn(page, { email, password: newPassword });
  await expect(page).toHaveURL(/\/(user\/dashboard|auth\/createpin)/);
});
