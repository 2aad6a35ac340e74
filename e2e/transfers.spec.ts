import { expect, test, type Page } from '@playwright/test';
import { TRANSFER_MSG } from '../contract/messages';
import { ADMIN, expectBalance, freshCustomer, logIn, openFromMenu } from './helpers';

// Funding by bank transfer on `npm start` with no configuration: the sandbox bank
// page stands in for the customer's bank; an unmatched transfer is assigned by an admin, and
// the audit log shows it.

const main = (page: Page) => page.getByRole('main');

test('a customer gets an account number, sends a sandbox transfer and sees the balance', async ({
  page,
}) => {
  const customer = await freshCustomer(page.request, 'transfer', '246810');
  await logIn(page, customer);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await openFromMenu(page, 'Wallet');
  const card = main(page).getByRole('region', { name: 'Fund by bank transfer' });
  await card.getByRole('button', { name: 'Get my account number' }).click();
  await expect(card.getByText(TRANSFER_MSG.bvnRequired)).toBeVisible();
  await card.getByRole('textbox', { name: /^BVN/ }).fill('22212345678');
  await card.getByRole('checkbox', { name: /I agree to share my BVN/ }).check();
  await card.getByRole('button', { name: 'Get my account number' }).click();
  await expect(card.getByText('Sandbox Bank')).toBeVisible();
  const number = (await card.getByText(/^\d{10}$/).textContent())!.trim();
  await expect(
    card.getByText(/Each transfer costs 1% of the amount, at most ₦300\./),
  ).toBeVisible();

  // The customer's bank: ₦20,000, with the webhook delivered twice at once.
  const bank = await page.context().newPage();
  await bank.goto(`/sandbox/transfer?account=${number}`);
  await bank.getByLabel('Amount (₦)').fill('20000');
  await bank.getByLabel('Deliver the webhook twice at once').check();
  await bank.getByRole('button', { name: 'Send transfer' }).click();
  await expect(bank.getByRole('status')).toContainText('credited to the customer’s wallet');
  await bank.close();

  // ₦20,000 − ₦50 stamp duty − ₦200 fee, once.
  await page.reload();
  await expectBalance(page, 19_750_00);
});

test('a transfer to nobody’s account is held; an admin assigns it and the audit log shows it', async ({
  page,
}) => {
  const customer = await freshCustomer(page.request, 'held');
  const bank = await page.context().newPage();
  await bank.goto('/sandbox/transfer');
  await bank.getByLabel('Account number').fill('9900000123');
  await bank.getByLabel('Amount (₦)').fill('3000');
  await bank.getByLabel('Sender’s name').fill('Lost Sender');
  await bank.getByRole('button', { name: 'Send transfer' }).click();
  await expect(bank.getByRole('status')).toContainText('held for an admin');
  const reference = /reference (\d+)/.exec((await bank.getByRole('status').textContent())!)![1]!;
  await bank.close();

  await logIn(page, ADMIN);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/admin/dashboard/transfers');
  await expect(page.getByRole('heading', { level: 1, name: 'Unmatched transfers' })).toBeVisible();
  await page.getByLabel(`Customer e-mail for transfer ${reference}`).fill(customer.email);
  const row = page.getByRole('row').filter({ hasText: reference });
  await row.getByRole('button', { name: 'Assign' }).click();
  // The customer's name before any money moves (ADR 0046).
  const confirm = page.getByRole('alertdialog', { name: 'Assign this transfer?' });
  await expect(confirm.getByTestId('assign-customer')).toHaveText('Tobenna Eze');
  await confirm.getByRole('button', { name: /^Credit ₦/ }).click();
  await expect(row.getByText(`Assigned to ${customer.email}`)).toBeVisible();

  await page.goto('/admin/dashboard/payments');
  await page.getByLabel('Payment reference').fill(`TRF-${reference}`);
  await page.getByRole('button', { name: 'Search' }).click();
  const payment = page.getByRole('row', { name: `Open payment TRF-${reference}` });
  await expect(payment.getByText('Bank transfer')).toBeVisible();

  const nav = page.getByRole('complementary').getByRole('navigation', { name: 'Admin dashboard' });
  await nav.getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Action').selectOption('transfer.assign');
  await page.getByRole('button', { name: 'Filter' }).click();
  await page
    .getByRole('row', { name: `Open entry: Assigned a transfer, Transfer ${reference}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Assigned a transfer' });
  await expect(dialog.getByText(ADMIN.email)).toBeVisible();
  await expect(dialog.getByText(customer.email)).toBeVisible();
});
