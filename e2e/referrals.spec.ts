import { expect, test } from '@playwright/test';
import { api } from '../contract/endpoint-map';
import { MSG } from '../contract/messages';
import { nairaText } from '../contract/money';
import { commissionOf, DEFAULT_COMMISSION_RATES } from '../contract/referrals';
import { providerCost } from '../contract/tiers';
import { formatNaira } from '../src/lib/money';
import { SESSION_KEYS } from '../src/lib/session';
import {
  expectBalance,
  freshCustomer,
  koboOf,
  linkFromMail,
  logIn,
  openFromMenu,
  uniqueEmail,
} from './helpers';

// Referral commissions end to end (ADR 0056) on `npm start` with no
// configuration: a customer copies their referral link from Settings, a friend signs up
// through it, verifies the e-mail, creates a pin, funds by card at the sandbox checkout and
// buys airtime; the referrer's wallet shows the commission (History's Commission line, the
// balance, the bell, Settings → Referrals), at the default rate (10 % of our margin).

const FRIEND = {
  name: 'Emeka Obi',
  // Not the referrer's phone (08061234567): accounts sharing one earn nothing (ADR 0056).
  phone: '08091234567',
  password: 'Kobo2026wallet',
  pin: '482915',
};

test('a friend signs up through the referral link, buys airtime, and the referrer is paid the commission', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const referrer = await freshCustomer(page.request, 'referrer', '205718');
  let link = '';

  await test.step('the referrer copies their link from Settings', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await logIn(page, referrer);
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expectBalance(page, 0);
    await openFromMenu(page, 'Settings');
    const shown = page.getByText(/\/auth\/signup\?referral_code=/);
    await expect(shown).toBeVisible();
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe((await shown.innerText()).trim());
    // The link is the referrer's own code (GET /api/user).
    const token = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEYS.token);
    const me = await page.request.get(api.currentUser.path, {
      headers: { authorization: `Bearer ${token}` },
    });
    const code = ((await me.json()) as { message: { referral_code: string } }).message
      .referral_code;
    expect(new URL(link).searchParams.get('referral_code')).toBe(code);
  });

  // The friend, in a browser of their own.
  const context = await browser.newContext();
  const friend = await context.newPage();
  const email = uniqueEmail('referred');
  let charged = 0;

  await test.step('the friend signs up through the link and verifies the e-mail', async () => {
    const url = new URL(link);
    await friend.goto(`${url.pathname}${url.search}`);
    await expect(friend.getByRole('textbox', { name: 'Referral code' })).toHaveValue(
      url.searchParams.get('referral_code')!,
    );
    await friend.getByLabel(/Full name/).fill(FRIEND.name);
    await friend.getByLabel(/E-mail address/).fill(email);
    await friend.getByLabel(/Phone number/).fill(FRIEND.phone);
    await friend.getByLabel(/^Password/).fill(FRIEND.password);
    await friend.getByLabel(/Confirm password/).fill(FRIEND.password);
    await friend.getByRole('button', { name: 'Sign up' }).click();
    await expect(friend.getByText(MSG.signupSuccess)).toBeVisible();
    await friend.goto(await linkFromMail(friend.request, email, '/auth/verifyemail'));
    await expect(friend.getByText(MSG.emailVerified)).toBeVisible();
  });

  await test.step('the friend logs in and creates a pin', async () => {
    await logIn(friend, { email, password: FRIEND.password });
    await expect(friend).toHaveURL(/\/auth\/createpin$/);
    await friend.getByLabel(/Secret pin/).fill(FRIEND.pin);
    await friend.getByLabel(/Confirm secret pin/).fill(FRIEND.pin);
    await friend.getByRole('button', { name: 'Create pin' }).click();
    await expect(friend).toHaveURL(/\/user\/dashboard$/);
    await expectBalance(friend, 0);
  });

  await test.step('the friend funds ₦20,000 by card at the sandbox checkout', async () => {
    await openFromMenu(friend, 'Wallet');
    await friend.getByRole('button', { name: 'Fund Wallet' }).click();
    const dialog = friend.getByRole('dialog', { name: 'Fund Wallet' });
    await dialog.getByLabel(/Amount/).fill('20000');
    await dialog.getByRole('button', { name: 'PAY' }).click();
    await expect(friend).toHaveURL(/\/sandbox\/checkout\//);
    await friend.getByRole('button', { name: 'Pay' }).click();
    await expect(friend).toHaveURL(/\/user\/dashboard/);
    // ₦50 stamp duty; the first-funding bonus is off by default, so the referrer gets nothing yet.
    await expectBalance(friend, 19_950_00);
  });

  await test.step('the friend buys ₦5,000 of MTN airtime', async () => {
    await openFromMenu(friend, 'Airtime');
    await friend.getByLabel(/Phone number/).fill('08031234567');
    await expect(friend.getByRole('combobox', { name: /Network/ })).toHaveText(/MTN/);
    await friend.getByLabel(/Amount/).fill('5000');
    const total = friend.getByRole('region', { name: 'Payment summary' }).getByTestId('total');
    await expect(total).toBeVisible();
    charged = koboOf(await total.innerText());
    await friend.getByLabel(/Secret pin/).fill(FRIEND.pin);
    await friend.getByRole('button', { name: 'Buy airtime' }).click();
    await expect(
      friend.getByTestId('purchase-result').getByText('Purchase successful'),
    ).toBeVisible();
    await expectBalance(friend, 19_950_00 - charged);
  });
  await context.close();

  // 10 % of our margin: what the friend paid less what MTN airtime costs us, rounded down.
  const commission = commissionOf(
    DEFAULT_COMMISSION_RATES.airtime,
    charged,
    providerCost('airtime', 5_000_00),
  );
  expect(commission).toBeGreaterThan(0);

  await test.step('the referrer’s History shows the Commission line and the balance has it', async () => {
    await openFromMenu(page, 'Transactions');
    const newest = page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1);
    await expect(newest).toContainText('Commission');
    await expect(newest).toContainText(`+${formatNaira(commission)}`);
    await expect(newest).toContainText('Successful');
    await expectBalance(page, commission);
  });

  await test.step('the bell tells the referrer, naming the friend by first name', async () => {
    await page.reload();
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.click();
    const notices = page.getByRole('dialog', { name: 'Notifications' });
    await expect(
      notices.getByText(`${nairaText(commission)} commission from Emeka’s purchase`),
    ).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await test.step('Settings → Referrals: one person referred, the commission earned', async () => {
    await openFromMenu(page, 'Settings');
    const figures = page.getByRole('region', { name: 'Referral figures' });
    await expect(figures).toContainText('People referred');
    await expect(figures).toContainText('1');
    await expect(figures).toContainText(formatNaira(commission));
    const earnings = page.getByRole('table', { name: 'Referral earnings' });
    await expect(earnings.getByRole('row').nth(1)).toContainText('Airtime');
    await expect(earnings.getByRole('row').nth(1)).toContainText('Emeka');
  });
});
