import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { freshCustomer, fundWallet, logIn } from './helpers';

// On a 360 px phone: a returning customer buys airtime for a saved number from the
// overview and shares the receipt; the app meets the install criteria (manifest, icons, a
// service worker that controls the page and never keeps API answers).

const SHOTS = 'test-results/issue-17';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('saves a number, buys airtime for it from the overview in three taps, shares the receipt', async ({
    page,
  }) => {
    const me = await freshCustomer(page.request, 'saved', '482913');
    await fundWallet(page.request, me, 2_000);
    await logIn(page, me);
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    const bottom = page.getByRole('navigation', { name: 'Shortcuts' });
    await expect(bottom).toBeVisible();
    await shot(page, 'overview-new-360');

    // First purchase page visit: type the number once and save it with a name.
    await bottom.getByRole('link', { name: 'Airtime' }).click();
    await page.getByLabel(/Phone number/).fill('08031234567');
    await expect(page.getByRole('combobox', { name: /Network/ })).toHaveText(/MTN/);
    await page.getByRole('button', { name: 'Save this recipient' }).click();
    await page.getByLabel(/^Name/).fill("Mum's MTN");
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText("Saved as Mum's MTN.")).toBeVisible();

    // Back on the overview, "Buy again" offers it.
    await bottom.getByRole('link', { name: 'Home' }).click();
    const again = page.getByRole('region', { name: 'Buy again' });
    await shot(page, 'overview-buy-again-360');
    await again.getByRole('link', { name: /^Mum's MTN/ }).tap();

    // The recipient is chosen: number and network are filled.
    await expect(page).toHaveURL(/\/airtime\?recipient=/);
    await expect(page.getByLabel(/Phone number/)).toHaveValue('08031234567');
    await expect(page.getByRole('button', { name: /^Mum's MTN/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await shot(page, 'airtime-recipient-chosen-360');
    // Tap 1: an amount. Tap 2: the pin field (typed). Tap 3: Buy.
    await page.getByRole('button', { name: '₦500.00' }).tap();
    await page.getByLabel(/Secret pin/).tap();
    await page.keyboard.type('482913');
    await page.getByRole('button', { name: 'Buy airtime' }).tap();
    await expect(page.getByText('Purchase successful')).toBeVisible({ timeout: 30_000 });
    await shot(page, 'airtime-success-360');

    // Without the Web Share API (desktop Chromium), the PNG receipt downloads.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Share receipt' }).tap();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^paybills-receipt-[\w-]+\.png$/);
    const bytes = readFileSync(await file.path());
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(bytes.length).toBeGreaterThan(5_000);
    await expect(page.getByText('Receipt downloaded.')).toBeVisible();
  });
});

test('install criteria: manifest and icons served, a service worker controls the page, offline page', async ({
  page,
  context,
}) => {
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  const json = (await manifest.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(json).toMatchObject({
    name: 'PayBills',
    start_url: '/user/dashboard',
    display: 'standalone',
  });
  for (const size of ['192x192', '512x512']) {
    const icon = json.icons.find((i) => i.sizes === size && i.type === 'image/png');
    expect(icon, size).toBeDefined();
    const res = await page.request.get(icon!.src);
    expect(res.ok()).toBe(true);
    expect(res.headers()['content-type']).toContain('image/png');
  }

  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  );
  // `ready` resolves once a worker is active, which may still be 'activating' (its activate
  // handler clearing old caches): wait for the state, not for a lucky moment.
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
    .toBe('activated');
  await page.reload();
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'landing-1280');

  // Nothing from the API is kept.
  await page.request.get('/api/product/networks');
  await page.goto('/auth/login');
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
    }
    return urls;
  });
  expect(cached.length).toBeGreaterThan(0);
  expect(cached.filter((u) => u.startsWith('/api'))).toEqual([]);

  // Offline, a page never visited shows the offline page instead of the browser's error.
  await context.setOffline(true);
  await page.goto('/frequently-asked-questions').catch(() => undefined);
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await context.setOffline(false);
});
