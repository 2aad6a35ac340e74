import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '../contract/messages';
import { expectBalance, freshCustomer, logIn } from './helpers';

// On a 360 px phone: a customer follows every naira from History alone. A card
// funding says what it added, a failed airtime purchase shows its debit and then its refund,
// a share names the friend before money leaves, the friend's statement says who it came from,
// and each of those credits leaves an e-mail in the dev mailbox.

const SHOTS = 'test-results/issue-24';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** A tap on the phone's bottom bar (Home, Airtime, History, Wallet). */
async function tapShortcut(page: Page, name: 'Home' | 'Airtime' | 'History' | 'Wallet') {
  await page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link', { name }).tap();
}

/** The subjects of the mail `to` has received (dev mailbox), newest first. */
async function subjects(request: APIRequestContext, to: string): Promise<string[]> {
  const res = await request.get(`/api/dev/mail?to=${encodeURIComponent(to)}`);
  if (!res.ok()) return [];
  const body = (await res.json()) as { message: { subject: string }[] };
  return body.message.map((m) => m.subject);
}

/** Waits until `to` has a mail whose subject matches `subject`. */
async function expectMail(request: APIRequestContext, to: string, subject: RegExp) {
  await expect
    .poll(async () => (await subjects(request, to)).some((s) => subject.test(s)), {
      timeout: 15_000,
    })
    .toBe(true);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('every naira in and out is on the statement, with a name before money leaves', async ({
    page,
    browser,
  }) => {
    test.slow();
    const PIN = '527391';
    const me = await freshCustomer(page.request, 'phone-statement', PIN);
    const friend = await freshCustomer(page.request, 'phone-friend', '640285');
    await logIn(page, me);
    await expect(page).toHaveURL(/\/user\/dashboard$/);

    await test.step('fund ₦5,000 by card: the app says "₦5,000.00 added"', async () => {
      await tapShortcut(page, 'Wallet');
      await page.getByRole('button', { name: 'Fund Wallet' }).tap();
      const dialog = page.getByRole('dialog', { name: 'Fund Wallet' });
      await dialog.getByLabel(/Amount/).fill('5000');
      await dialog.getByRole('button', { name: 'PAY' }).tap();
      await expect(page).toHaveURL(/\/sandbox\/checkout\//);
      await page.getByRole('button', { name: 'Pay' }).tap();
      await expect(page).toHaveURL(/\/user\/dashboard/);
      await expect(page.getByTestId('funds-added')).toHaveText('₦5,000.00 added');
      await expectBalance(page, 5_000_00);
      await shot(page, 'funds-added-360');
      await expectMail(page.request, me.email, /^₦5,000(\.00)? added to your wallet$/);
    });

    await test.step('airtime the provider refuses: − then + with "Refunded"', async () => {
      await tapShortcut(page, 'Airtime');
      await page.getByLabel(/Phone number/).fill('08031230000');
      await page.getByLabel(/Amount/).fill('200');
      await page.getByLabel(/Secret pin/).fill(PIN);
      await page.getByRole('button', { name: 'Buy airtime' }).tap();
      await expect(page.getByTestId('purchase-result').getByText('Purchase failed')).toBeVisible();
      await expectBalance(page, 5_000_00);

      await tapShortcut(page, 'History');
      const rows = page.getByRole('table', { name: 'Transactions' }).getByRole('row');
      // Newest first: the refund's + line, then the purchase's − line, then the funding.
      await expect(rows.nth(1)).toContainText('Refund · Airtime');
      await expect(rows.nth(1)).toContainText('+₦');
      await expect(rows.nth(2)).toContainText('Airtime');
      await expect(rows.nth(2)).toContainText('−₦');
      await expect(rows.nth(3)).toContainText('Card funding');
      await expect(rows.nth(3)).toContainText('+₦5,000.00');
      await shot(page, 'statement-refund-360');
      await rows.nth(2).tap();
      const details = page.getByRole('dialog', { name: 'Transaction details' });
      await expect(details).toContainText('Refunded');
      await expect(details).toContainText('08031230000');
      await shot(page, 'refunded-details-360');
      await details.getByRole('button', { name: 'Close' }).first().tap();
      await expectMail(page.request, me.email, /^₦\d[\d,]*(\.\d\d)? refunded to your wallet$/);
    });

    await test.step('share ₦1,000: the friend is named before the money leaves', async () => {
      await tapShortcut(page, 'Wallet');
      await page.getByLabel(/Recipient e-mail/).fill(friend.email);
      await page.getByLabel(/Amount/).fill('1000');
      await page.getByLabel(/Secret pin/).fill(PIN);
      await page.getByRole('button', { name: 'Send funds' }).tap();
      const confirm = page.getByRole('alertdialog', { name: 'Confirm the recipient' });
      await expect(confirm).toContainText('Tob*** E***');
      await shot(page, 'share-confirm-360');
      await confirm.getByRole('button', { name: 'Send ₦1,000.00' }).tap();
      await expect(page.getByText(MSG.fundsSent)).toBeVisible();
      await expectBalance(page, 4_000_00);
    });

    await test.step("the friend's statement says whom it came from", async () => {
      const context = await browser.newContext({
        viewport: { width: 360, height: 740 },
        hasTouch: true,
      });
      const theirs = await context.newPage();
      await logIn(theirs, friend);
      await tapShortcut(theirs, 'History');
      const newest = theirs.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1);
      await expect(newest).toContainText('From Tobenna Eze');
      await expect(newest).toContainText('+₦1,000.00');
      await shot(theirs, 'friend-statement-360');
      await expectMail(page.request, friend.email, /^₦1,000(\.00)? from Tobenna Eze$/);
      await context.close();
    });
  });
});
