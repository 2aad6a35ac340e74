import { expect, test } from '@playwright/test';
import { SESSION_KEYS } from '../src/lib/session';
import { DEMO, logIn } from './helpers';

// What a visitor meets on `npm start`: the public pages (prerendered, decision 0012), unknown
// paths saying so, the app behind deep links, and the API answering in the contract's shape.

test('the landing page shows the brand and the way in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /sign up/i }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /log ?in/i }).first()).toBeVisible();
});

test('a signed-in visitor of the landing page gets "Go to dashboard"; a dead session does not', async ({
  page,
}) => {
  await logIn(page, DEMO);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute(
    'href',
    '/user/dashboard',
  );
  await expect(header.getByRole('link', { name: 'Sign up' })).toBeHidden();
  await header.getByRole('link', { name: 'Go to dashboard' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  await page.evaluate((key) => localStorage.setItem(key, 'not-a-token'), SESSION_KEYS.token);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign up' })).toBeVisible();
});

test('an unknown path shows "Page not found" with a link home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: /home/i }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('deep links are served the app (SPA fallback), and dashboards ask a visitor to sign in', async ({
  page,
}) => {
  await page.goto('/frequently-asked-questions');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/frequently-asked-questions$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto('/user/dashboard/wallet');
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('the API answers in the browser with the contract shape', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const answer = await page.evaluate(async () => {
    const res = await fetch('/api/public/product/network/all');
    return { status: res.status, body: (await res.json()) as { message: { name: string }[] } };
  });
  expect(answer.status).toBe(200);
  expect(answer.body.message.map((n) => n.name)).toEqual(
    expect.arrayContaining(['MTN', 'GLO', 'AIRTEL', '9MOBILE']),
  );
});

test.describe('the landing page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('is complete HTML from the server: heading, sections and the ways in', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const section of ['About us', 'Why PayBills', 'Our services']) {
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Sign up' }).first()).toHaveAttribute(
      'href',
      '/auth/signup',
    );
    await page.goto('/frequently-asked-questions');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test('the prerendered landing loads no app code, and its phone menu opens and closes', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const menu = page.getByRole('button', { name: 'Menu' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  expect(scripts).toEqual(['/public-menu.js']);

  // A link into the app loads it.
  await menu.click();
  await nav.getByRole('link', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});
