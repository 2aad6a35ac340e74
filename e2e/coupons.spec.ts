import { expect, test, type Page } from '@playwright/test';
import { expectBalance, freshCustomer, fundWallet, koboOf, logIn, openFromMenu } from './helpers';

// Electricity coupons end to end: bought on Buy Coupon for ₦200 (the coupon
// minimum, below the wallet's ₦500) and ₦500, redeemed on Electricity → Use Coupon for a
// token; the buyer is charged once, exactly the total the form showed, and each coupon then
// reads Active NO.

const PIN = '582064';

async function choose(page: Page, label: RegExp | string, option: RegExp | string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('electricity coupons of ₦200 and ₦500: bought, redeemed for a token, used once', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await freshCustomer(request, 'power-coupons', PIN);
  await fundWallet(request, customer, 5_000);
  let balance = 5_000_00;
  await logIn(page, customer);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expectBalance(page, balance);

  const codes: string[] = [];
  for (const naira of [200, 500]) {
    await test.step(`buy a ₦${naira} Ikeja Electric coupon`, async () => {
      await openFromMenu(page, 'Buy Coupon');
      await choose(page, /Product/, 'Electricity');
      await choose(page, /Electricity company/, /Ikeja Electric/);
      await page.getByLabel(/Amount per coupon/).fill(String(naira));
      const total = page.getByRole('region', { name: 'Payment summary' }).getByTestId('total');
      await expect(total).toBeVisible();
      const charged = koboOf(await total.innerText());
      // The DisCo's 1.5 % fee under ₦1,000 (contract/pricing electricityPrice).
      expect(charged).toBe(naira * 100 + Math.round(naira * 1.5));
      await page.getByLabel(/Secret pin/).fill(PIN);
      await page.getByRole('button', { name: 'Generate coupons' }).click();
      const list = page.getByRole('list', { name: 'Generated coupon codes' });
      await expect(list.getByRole('listitem')).toHaveCount(1);
      codes.push(/[A-Z0-9-]+-ELECTRICITY/.exec(await list.innerText())![0]);
      balance -= charged;
      await expectBalance(page, balance);
      await page.getByRole('button', { name: 'Buy more coupons' }).click();
    });
  }

  for (const [i, code] of codes.entries()) {
    await test.step(`redeem coupon ${i + 1} on Electricity for a token`, async () => {
      await openFromMenu(page, 'Electricity');
      await page.getByRole('tab', { name: 'Use Coupon' }).click();
      // Both tabs stay mounted (what was typed survives a switch): the visible panel's fields.
      const coupon = page.getByRole('tabpanel');
      await coupon.getByLabel(/Coupon code/).fill(code);
      await coupon.getByRole('button', { name: 'Load' }).click();
      const details = coupon.getByRole('region', { name: 'Coupon details' });
      await expect(details).toContainText('Ikeja Electric');
      await coupon.getByLabel(/Meter number/).fill('45031234567');
      await coupon.getByLabel(/Secret pin/).fill(PIN);
      // The meter's owner shows first (ADR 0046): leaving the field verifies it.
      await expect(coupon.getByTestId('customer')).toBeVisible();
      await coupon.getByRole('button', { name: 'Redeem coupon' }).click();
      const result = page.getByTestId('purchase-result');
      await expect(result.getByText('Purchase successful')).toBeVisible();
      await expect(result.getByText('Token', { exact: true })).toBeVisible();
      await expect(result).toContainText(/\d{4}-\d{4}-\d{4}-\d{4}-\d{4}/);
      await expect(result).toContainText(`Ikeja Electric (IKEDC) Prepaid — ₦${[200, 500][i]}.00`);
      // Paid by the coupon: the wallet does not move again.
      await expectBalance(page, balance);
      await result.getByRole('button', { name: 'Make another purchase' }).click();
    });
  }

  await test.step('both coupons now read Active NO', async () => {
    await openFromMenu(page, 'Buy Coupon');
    const mine = page.getByRole('table', { name: /coupons/i });
    for (const code of codes) {
      await expect(mine.getByRole('row', { name: new RegExp(code) })).toContainText('NO');
    }
    await expectBalance(page, balance);
  });
});
