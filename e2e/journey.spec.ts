import { expect, test, type Locator, type Page } from '@playwright/test';
import { MSG, SERVER_MSG } from '../contract/messages';
import {
  expectBalance,
  freshCustomer,
  koboOf,
  logIn,
  openFromMenu,
  serverBalance,
  signUpAndVerify,
  uniqueEmail,
} from './helpers';

// A new customer's whole journey in the browser against `npm start` (real server, SQLite,
// sandbox providers, sandbox card checkout), checking the balance the header shows against
// the server's after every step that moves money.

const PASSWORD = 'Kobo2026wallet';
const NEW_PASSWORD = 'Naira2026moved';
const PIN = '482915';
const NEW_PIN = '613724';

/** The "Total to pay" the form shows before the pin is asked, in kobo. */
async function shownTotal(page: Page): Promise<number> {
  const total = page.getByRole('region', { name: 'Payment summary' }).getByTestId('total');
  await expect(total).toBeVisible();
  return koboOf(await total.innerText());
}

async function choose(page: Page, label: RegExp | string, option: RegExp | string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function typePin(page: Page | Locator, pin: string) {
  await page.getByLabel(/Secret pin/).fill(pin);
}

/** The result of a purchase; "Make another purchase" brings the form back. */
const result = (page: Page) => page.getByTestId('purchase-result');

/**
 * Reads the total the form shows, pays with the pin and waits for success; answers that
 * total, which is what the wallet must have been charged.
 */
async function payShownTotal(page: Page, button: string): Promise<number> {
  const total = await shownTotal(page);
  await typePin(page, PIN);
  await page.getByRole('button', { name: button }).click();
  await expect(result(page).getByText('Purchase successful')).toBeVisible();
  return total;
}

test('a new customer: sign up to logout, every kobo accounted for', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('journey');
  let balance = 0;

  await test.step('sign up and verify the e-mail from the dev mailbox', async () => {
    await signUpAndVerify(page, {
      name: 'Ngozi Adebayo',
      email,
      phone: '08031234567',
      password: PASSWORD,
    });
  });

  await test.step('log in, create the pin, start at ₦0.00', async () => {
    await logIn(page, { email, password: PASSWORD });
    // The overview sends a customer without a pin on to create one.
    await expect(page).toHaveURL(/\/auth\/createpin$/);
    await page.getByLabel(/Secret pin/).fill(PIN);
    await page.getByLabel(/Confirm secret pin/).fill(PIN);
    await page.getByRole('button', { name: 'Create pin' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expectBalance(page, 0);
  });

  await test.step('fund ₦20,000 by card through the sandbox checkout: ₦19,950.00', async () => {
    await openFromMenu(page, 'Wallet');
    await page.getByRole('button', { name: 'Fund Wallet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fund Wallet' });
    await expect(dialog.getByText(MSG.stampDutyNote)).toBeVisible();
    await dialog.getByLabel(/Amount/).fill('20000');
    await dialog.getByRole('button', { name: 'PAY' }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    await expect(page.getByText('₦20,000.00')).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    // Back on the dashboard with status, tx_ref and transaction_id; the app verifies.
    await expect(page).toHaveURL(/\/user\/dashboard/);
    balance = 19_950_00;
    await expect(page.getByRole('banner')).toContainText('₦19,950.00');
    await expectBalance(page, balance);
  });

  await test.step('buy airtime: charged the total shown', async () => {
    await openFromMenu(page, 'Airtime');
    await page.getByLabel(/Phone number/).fill('08031234567');
    // MTN is suggested from the 0803 prefix.
    await expect(page.getByRole('combobox', { name: /Network/ })).toHaveText(/MTN/);
    await page.getByLabel(/Amount/).fill('500');
    const total = await payShownTotal(page, 'Buy airtime');
    expect(total).toBeLessThan(500_00); // the wallet discount
    balance -= total;
    await expectBalance(page, balance);
  });

  await test.step('buy data', async () => {
    await openFromMenu(page, 'Data');
    await choose(page, /Network/, /^MTN/);
    await choose(page, /Plan/, /1\.5 GB · 30 days/);
    await page.getByLabel(/Phone number/).fill('08031234567');
    const total = await payShownTotal(page, 'Buy data');
    balance -= total;
    await expectBalance(page, balance);
  });

  await test.step('pay a cable TV subscription: the smart card owner is shown first', async () => {
    await openFromMenu(page, 'CableTV');
    await choose(page, /TV provider/, /DStv/);
    await choose(page, /Plan/, /Padi/);
    await page.getByLabel(/Smart card number/).fill('7023456781');
    await page.getByLabel(/Smart card number/).blur();
    await expect(page.getByRole('status').filter({ hasText: 'Current bouquet' })).toBeVisible();
    const total = await payShownTotal(page, 'Pay subscription');
    balance -= total;
    await expectBalance(page, balance);
  });

  await test.step('buy electricity: the token is shown', async () => {
    await openFromMenu(page, 'Electricity');
    await choose(page, /Electricity company/, /Ikeja/);
    await page.getByLabel(/Meter number/).fill('45123456789');
    await page.getByLabel(/Amount/).fill('1000');
    // Paid only to a meter whose owner is on screen (ADR 0046): leaving the field verifies it.
    await expect(page.getByTestId('customer')).toBeVisible();
    const total = await payShownTotal(page, 'Buy electricity');
    await expect(result(page).getByText('Token', { exact: true })).toBeVisible();
    await expect(result(page).getByText(/^\d{4}(-\d{4}){4}$/)).toBeVisible();
    balance -= total;
    await expectBalance(page, balance);
  });

  await test.step('buy an exam pin: the pin is shown', async () => {
    await openFromMenu(page, 'Education');
    await choose(page, /Exam/, /WAEC Result Checker PIN/);
    const total = await payShownTotal(page, 'Buy pins');
    await expect(result(page).getByText('Pin', { exact: true })).toBeVisible();
    balance -= total;
    await expectBalance(page, balance);
  });

  await test.step('a purchase the provider fails shows failed, then reversed', async () => {
    await openFromMenu(page, 'Airtime');
    await page.getByLabel(/Phone number/).fill('08031230000');
    await page.getByLabel(/Amount/).fill('200');
    await typePin(page, PIN);
    await page.getByRole('button', { name: 'Buy airtime' }).click();
    await expect(result(page).getByText('Purchase failed')).toBeVisible();
    // Reversed at once: the wallet has its money back.
    await expectBalance(page, balance);
    await openFromMenu(page, 'Transactions');
    const newest = page.getByRole('table').getByRole('row').nth(1);
    await expect(newest).toContainText('Reversed');
    await newest.click();
    const details = page.getByRole('dialog', { name: 'Transaction details' });
    await expect(details).toContainText('08031230000');
    await expect(details).toContainText('Reversed');
    await page.keyboard.press('Escape');
  });

  await test.step('the history is paged and filtered by the server', async () => {
    // The statement (ADR 0045): the card funding, six purchases and the failed one's refund,
    // eight lines, newest first (GET /api/user/transactions). A 1280 × 720 window holds six
    // a page (the page fits the screen): two pages, six and two.
    const table = page.getByRole('table', { name: 'Transactions' });
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(7);
    await page.getByRole('button', { name: /Next/ }).click();
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('row').nth(2)).toContainText('Card funding');
    // Reversed: the failed purchase and its one refund line, the ₦200 (less the discount)
    // back once.
    await choose(page, 'Show', 'Reversed');
    await expect(page.getByText('Page 1 of 1')).toBeVisible();
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: 'Refund · Airtime' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Refund · Airtime' })).toContainText('+₦');
    await expect(rows.filter({ hasText: 'Reversed' }).filter({ hasNotText: 'Refund' })).toHaveCount(
      1,
    );
  });

  const friend = await freshCustomer(page.request, 'friend', '205718');

  await test.step('share ₦1,000 with another customer', async () => {
    await openFromMenu(page, 'Wallet');
    await page.getByLabel(/Recipient e-mail/).fill(friend.email);
    await page.getByLabel(/Amount/).fill('1000');
    await typePin(page, PIN);
    await page.getByRole('button', { name: 'Send funds' }).click();
    // The friend's masked name first (ADR 0046), then the money moves.
    const confirm = page.getByRole('alertdialog', { name: 'Confirm the recipient' });
    await expect(confirm).toContainText('Tob*** E***');
    await confirm.getByRole('button', { name: 'Send ₦1,000.00' }).click();
    await expect(page.getByText(MSG.fundsSent)).toBeVisible();
    balance -= 1_000_00;
    await expectBalance(page, balance);
  });

  const codes: string[] = [];
  await test.step('buy 3 airtime coupons to gift', async () => {
    await openFromMenu(page, 'Buy Coupon');
    await choose(page, /Product/, 'Airtime');
    await page.getByLabel(/Amount per coupon/).fill('200');
    const units = page.getByRole('button', { name: /Increase/ });
    await units.click();
    await units.click();
    const total = await shownTotal(page);
    await typePin(page, PIN);
    await page.getByRole('button', { name: 'Generate coupons' }).click();
    const list = page.getByRole('list', { name: 'Generated coupon codes' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    for (const text of await list.getByRole('listitem').allInnerTexts()) {
      codes.push(/[A-Z0-9]+-[A-Z0-9]+-AIRTIME|[A-Z0-9]+-AIRTIME/.exec(text)![0]);
    }
    expect(new Set(codes).size).toBe(3);
    balance -= total;
    await expectBalance(page, balance);
  });

  await test.step('the other customer redeems one coupon for airtime', async () => {
    const context = await browser.newContext();
    const other = await context.newPage();
    await logIn(other, friend);
    await expect(other).toHaveURL(/\/user\/dashboard$/);
    await expectBalance(other, 1_000_00);
    await openFromMenu(other, 'Airtime');
    await other.getByRole('tab', { name: 'Use Coupon' }).click();
    // Both tabs stay mounted (what was typed survives a switch): the visible panel's fields.
    const coupon = other.getByRole('tabpanel');
    await coupon.getByLabel(/Coupon code/).fill(codes[0]!);
    await coupon.getByRole('button', { name: 'Load' }).click();
    await expect(coupon.getByRole('region', { name: 'Coupon details' })).toBeVisible();
    await coupon.getByLabel(/Phone number/).fill('08051234567');
    await typePin(coupon, friend.pin!);
    await coupon.getByRole('button', { name: 'Redeem coupon' }).click();
    await expect(result(other).getByText('Purchase successful')).toBeVisible();
    // Paid by the coupon, not by the wallet.
    await expectBalance(other, 1_000_00);
    await context.close();

    // The buyer sees that code used, the two others still active.
    await page.reload();
    const mine = page.getByRole('table', { name: /coupons/i });
    await expect(mine.getByRole('row', { name: new RegExp(codes[0]!) })).toContainText('NO');
    await expect(mine.getByRole('row', { name: new RegExp(codes[1]!) })).toContainText('YES');
    await expectBalance(page, balance);
  });

  await test.step('change the password and reset the pin', async () => {
    await openFromMenu(page, 'Settings');
    const change = page.getByRole('form', { name: 'Change password' });
    await change.getByLabel(/Current password/).fill(PASSWORD);
    await change.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await change.getByLabel(/Confirm new password/).fill(NEW_PASSWORD);
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect(change.getByText(MSG.passwordChanged)).toBeVisible();

    const reset = page.getByRole('form', { name: 'Reset pin' });
    await reset.getByLabel(/Password/).fill(NEW_PASSWORD);
    await reset.getByLabel(/^New secret pin/).fill(NEW_PIN);
    await reset.getByLabel(/Confirm new secret pin/).fill(NEW_PIN);
    await reset.getByRole('button', { name: 'Reset pin' }).click();
    await expect(reset.getByText(MSG.pinChanged)).toBeVisible();
  });

  await test.step('the old pin is refused and moves nothing; the new one pays', async () => {
    await openFromMenu(page, 'Wallet');
    await page.getByLabel(/Recipient e-mail/).fill(friend.email);
    await page.getByLabel(/Amount/).fill('100');
    await typePin(page, PIN);
    await page.getByRole('button', { name: 'Send funds' }).click();
    await page
      .getByRole('alertdialog', { name: 'Confirm the recipient' })
      .getByRole('button', { name: 'Send ₦100.00' })
      .click();
    await expect(page.getByText(SERVER_MSG.wrongPin)).toBeVisible();
    await expectBalance(page, balance);
    await typePin(page, NEW_PIN);
    await page.getByRole('button', { name: 'Send funds' }).click();
    // Every send names the recipient again before money leaves (ADR 0046).
    await page
      .getByRole('alertdialog', { name: 'Confirm the recipient' })
      .getByRole('button', { name: 'Send ₦100.00' })
      .click();
    await expect(page.getByText(MSG.fundsSent)).toBeVisible();
    balance -= 100_00;
    await expectBalance(page, balance);
  });

  await test.step('log out; the old password no longer opens the account', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.goto('/user/dashboard/wallet');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await logIn(page, { email, password: PASSWORD });
    await expect(page.getByText(SERVER_MSG.invalidCredentials)).toBeVisible();
    await logIn(page, { email, password: NEW_PASSWORD });
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    expect(await serverBalance(page)).toBe(balance);
  });
});
