import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { RESELLER_MSG } from '../contract/reseller';
import { freshCustomer, fundWallet, logIn, serverBalance } from './helpers';

// A reseller on `npm start` (sandbox): creates a key in Settings (shown once), sets a webhook
// address on this machine (loopback is allowed in sandbox mode), buys airtime with the key
// from a script, receives the signed webhook, and sees the delivery in Settings.

test('reseller: key from Settings, airtime through the API, signed webhook, delivery log', async ({
  page,
}) => {
  const customer = await freshCustomer(page.request, 'reseller', '135790');
  await fundWallet(page.request, customer, 5_000);

  const received: { headers: Record<string, unknown>; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  try {
    await logIn(page, customer);
    await expect(page).toHaveURL(/\/user\/dashboard/);
    await page.goto('/user/dashboard/settings');
    const keys = page.getByRole('region', { name: 'API keys' });
    await keys.getByLabel(/Key name/).fill('Kiosk script');
    await keys.getByRole('button', { name: 'Create key' }).click();
    await expect(keys.getByText(RESELLER_MSG.keyCreated)).toBeVisible();
    const key = (await keys.getByText(/^pbk_[A-Za-z0-9_-]{43}$/).textContent())!.trim();
    const secret = (await keys.getByText(/^whsec_/).textContent())!.trim();
    await keys.getByRole('button', { name: 'I have copied them' }).click();
    await expect(keys.getByText(key)).toHaveCount(0);

    const hooks = page.getByRole('region', { name: 'Webhooks' });
    await hooks.getByLabel(/Webhook URL/).fill(hookUrl);
    await hooks.getByRole('button', { name: 'Save address' }).click();
    await expect(hooks.getByText(RESELLER_MSG.webhookSaved)).toBeVisible();

    // The reseller's script: a key, a request id, no session.
    const before = await serverBalance(page);
    const buy = () =>
      page.request.post('/api/transactions/airtime', {
        headers: { 'x-api-key': key, 'x-request-id': 'kiosk-order-1' },
        data: { pin: '135790', phone_number: '08031234567', amount: 100 },
      });
    const [first, retry] = await Promise.all([buy(), buy()]);
    const sold = (await first.json()).message;
    expect(sold.status).toBe('successful');
    expect((await retry.json()).message.transaction_id).toBe(sold.transaction_id);

    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const hook = received[0]!;
    const t = String(hook.headers['x-paybills-timestamp']);
    const expected = `v1=${createHmac('sha256', secret).update(`${t}.${hook.body}`).digest('hex')}`;
    expect(hook.headers['x-paybills-signature']).toBe(expected);
    expect(JSON.parse(hook.body)).toMatchObject({
      event: 'transaction.successful',
      data: { transaction_id: sold.transaction_id, request_id: 'kiosk-order-1' },
    });
    // Charged once (₦100 MTN airtime at the network's discount), whatever the retries.
    expect(before - (await serverBalance(page))).toBe(Math.round(sold.amountCharged * 100));

    await page.reload();
    const log = page.getByRole('table', { name: 'Webhook deliveries' });
    await expect(log.getByText('✓ Delivered')).toBeVisible();
    await expect(log.getByText('transaction.successful')).toBeVisible();
  } finally {
    receiver.close();
  }
});
