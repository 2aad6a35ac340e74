import { expect, test, type Page } from '@playwright/test';
import { BVN_MSG } from '../contract/verification';
import { TRANSFER_MSG } from '../contract/messages';
import { freshCustomer, logIn, openFromMenu } from './helpers';

// Level 2 by BVN (ADR 0063) on `npm start` with no configuration: Settings →
// Verification sends the BVN with consent, the sandbox consent page stands in for NIBSS's,
// and back in Settings the level rises when the names match.

const panel = (page: Page) => page.getByRole('region', { name: 'Verification' });

async function sendBvn(page: Page, bvn: string) {
  const v = panel(page);
  await v.getByRole('textbox', { name: /^BVN/ }).fill(bvn);
  await v.getByRole('checkbox', { name: /I agree to share my BVN/ }).check();
  await v.getByRole('button', { name: 'Verify my BVN' }).click();
  await expect(page.getByRole('heading', { name: 'PayBills sandbox: BVN consent' })).toBeVisible();
}

test('a customer verifies their BVN on the consent page and reaches level 2', async ({ page }) => {
  // One BVN verifies one account (ADR 0063): a BVN of this run's own (ending 5432) so a server
  // kept from an earlier run does not refuse it.
  const bvn = `22${String(Date.now()).slice(-5)}5432`;
  const customer = await freshCustomer(page.request, 'bvn', '246810');
  await logIn(page, customer);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await openFromMenu(page, 'Settings');
  const v = panel(page);
  await expect(v.getByText('Level 1: e-mail and phone verified')).toBeVisible();
  await v.getByRole('button', { name: 'Verify my BVN' }).click();
  await expect(v.getByText(TRANSFER_MSG.bvnRequired)).toBeVisible();

  // Declined first: the level stays.
  await sendBvn(page, bvn);
  await expect(page.getByText('Tobenna Eze')).toBeVisible();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(v.getByText(BVN_MSG.declined)).toBeVisible();
  await expect(v.getByText('Level 1: e-mail and phone verified')).toBeVisible();
  await expect(page).not.toHaveURL(/bvn_ref=/);

  // Then approved: level 2, the last 4 digits shown.
  await sendBvn(page, bvn);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(v.getByText(BVN_MSG.verified)).toBeVisible();
  await expect(v.getByText('Level 2: BVN checked')).toBeVisible();
  await expect(v.getByText(/BVN ending 5432/)).toBeVisible();
  await page.reload();
  await expect(panel(page).getByText('Level 2: BVN checked')).toBeVisible();
});

test("someone else's BVN: the names do not match and the level stays", async ({ page }) => {
  const customer = await freshCustomer(page.request, 'bvn-other', '246810');
  await logIn(page, customer);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await openFromMenu(page, 'Settings');
  await sendBvn(page, '22212340000');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(panel(page).getByText(BVN_MSG.mismatch)).toBeVisible();
  await expect(panel(page).getByText('Level 1: e-mail and phone verified')).toBeVisible();
});
