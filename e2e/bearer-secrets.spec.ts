import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { maskBearer } from '../contract/bearer-secrets';
import { api } from '../contract/endpoint-map';
import { ROLE_MSG } from '../contract/roles';
import { SESSION_KEYS } from '../src/lib/session';
import { ADMIN, freshCustomer, fundWallet, logIn, type Customer } from './helpers';

// Bearer secrets are not staff data (ADR 0071), on `npm start` with no configuration: a
// customer's coupon code reaches a support admin masked, on the screen and from the API, and
// an owner reveals it with a reason that the audit log then shows.

const PIN = '135790';
const REASON = 'The customer says the gift code was never received.';

const nav = (page: Page) =>
  page.getByRole('complementary').getByRole('navigation', { name: 'Admin dashboard' });

async function tokenOf(request: APIRequestContext, who: { email: string; password: string }) {
  const login = await request.post(api.login.path, {
    data: { username: who.email, password: who.password },
  });
  return ((await login.json()) as { JWTtoken: string }).JWTtoken;
}

async function logOut(page: Page) {
  await page.getByRole('complementary').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

/** Opens the customer's coupon purchase from Transactions, searched by their e-mail. */
async function openCouponPurchase(page: Page, customer: Customer) {
  await nav(page).getByRole('link', { name: 'Transactions' }).click();
  await page.getByLabel('User e-mail').fill(customer.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('main').getByRole('row').filter({ hasText: 'Coupon' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Transaction details' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('support cannot see a coupon code; an owner reveals it with a reason the audit log shows', async ({
  page,
  request,
}) => {
  test.slow();
  // A customer buys one airtime coupon: the code is theirs to see, as always.
  const customer = await freshCustomer(request, 'gift-code', PIN);
  await fundWallet(request, customer, 2_000);
  const bought = await request.post(api.buyCoupon.path, {
    headers: { authorization: `Bearer ${await tokenOf(request, customer)}` },
    data: { product: 'AIRTIME', amount: 500, unit: 1, pin: PIN, network_id: 'mtn' },
  });
  expect(bought.ok()).toBe(true);
  const code = ((await bought.json()) as { message: { coupon_code: string }[] }).message[0]!
    .coupon_code;
  expect(code).toMatch(/-AIRTIME$/);

  // The owner makes another account a support admin.
  const support = await freshCustomer(request, 'support-desk');
  const made = await request.post(api.setAdminRole.path, {
    headers: { authorization: `Bearer ${await tokenOf(request, ADMIN)}` },
    data: { email: support.email, role: 'support' },
  });
  expect(made.ok()).toBe(true);

  await test.step('support sees the code masked, with no Reveal, and the API refuses it', async () => {
    await logIn(page, support);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    const dialog = await openCouponPurchase(page, customer);
    await expect(dialog.getByText(maskBearer(code))).toBeVisible();
    await expect(dialog.getByRole('button', { name: /Reveal/ })).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText(code);

    const token = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEYS.token);
    const headers = { authorization: `Bearer ${token}` };
    const list = await page.request.get(`${api.transactions.path}?q=${customer.email}`, {
      headers,
    });
    expect(await list.text()).not.toContain(code);
    const transactionId = (
      (await list.json()) as { message: { transaction_id: string; product: string }[] }
    ).message.find((t) => t.product === 'Coupon')!.transaction_id;
    const reveal = await page.request.post(
      api.revealSecret.path.replace(':id', encodeURIComponent(transactionId)),
      { headers, data: { field: 'purchased_code', reason: REASON } },
    );
    expect(reveal.status()).toBe(403);
    expect(((await reveal.json()) as { msg: string }).msg).toBe(ROLE_MSG.notAllowed('support'));
    await page.getByRole('button', { name: 'Close' }).first().click();
    await logOut(page);
  });

  await test.step('the owner reveals it after giving a reason', async () => {
    await logIn(page, ADMIN);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    const dialog = await openCouponPurchase(page, customer);
    const codes = dialog.getByRole('list', { name: 'Codes, tokens and pins' });
    await expect(codes.getByText(maskBearer(code))).toBeVisible();
    await codes.getByRole('button', { name: 'Reveal Purchased code' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Reveal Purchased code?' });
    await ask.getByLabel(/Why do you need to see it/).fill(REASON);
    await ask.getByRole('button', { name: 'Reveal' }).click();
    await expect(ask).toHaveCount(0);
    await expect(codes.getByText(code, { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
  });

  await test.step('the audit log shows who revealed which code, and why', async () => {
    await nav(page).getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await page.getByLabel('Action', { exact: true }).selectOption('secret.reveal');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page
      .getByRole('row', { name: `Open entry: Revealed a code, token or pin, ${customer.email}` })
      .first()
      .click();
    const entry = page.getByRole('dialog', { name: 'Revealed a code, token or pin' });
    await expect(entry.getByText(ADMIN.email)).toBeVisible();
    await expect(entry.getByText(REASON)).toBeVisible();
    await expect(entry.getByText(maskBearer(code))).toBeVisible();
    await expect(entry).not.toContainText(code);
  });
});
