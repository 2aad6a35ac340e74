import { expect, test, type APIRequestContext } from '@playwright/test';
import { api } from '../contract/endpoint-map';
import { formatNaira } from '../src/lib/money';
import {
  expectBalance,
  fundWallet,
  linkFromMail,
  logIn,
  openFromMenu,
  uniqueEmail,
  type Customer,
} from './helpers';

// The refund SMS end to end (ADR 0081; the outbox ADR 0079): a customer buys airtime for a
// number ending 0000, which the sandbox's VTpass table refuses; the purchase is refunded at
// once, and the Termii simulator's outbox (GET /api/dev/sms) holds the refund SMS with the
// amount and the new balance. The customer has a phone number of their own, so no other
// journey's SMS is read.

const PIN = '470913';

/** A phone number no other test of this run uses: digits of a unique address (no randomness). */
function phoneOf(email: string): string {
  const digits = [...email].map((c) => c.charCodeAt(0)).reduce((n, c) => (n * 31 + c) % 1e8, 7);
  return `0809${String(digits).padStart(8, '0').slice(-7)}`;
}

type SmsLine = { text: string };

async function smsTo(request: APIRequestContext, phone: string): Promise<string[]> {
  const res = await request.get(`/api/dev/sms?to=${phone}`);
  if (!res.ok()) return [];
  return ((await res.json()) as { message: SmsLine[] }).message.map((m) => m.text);
}

/** Registers with `phone`, verifies the e-mail, logs in through the API and creates the pin. */
async function customerWithPhone(request: APIRequestContext, phone: string): Promise<Customer> {
  const customer = { email: uniqueEmail('sms'), password: 'Kobo2026wallet', pin: PIN };
  const registered = await request.post(api.register.path, {
    data: { name: 'Amaka Obi', email: customer.email, phone, password: customer.password },
  });
  expect(registered.ok()).toBe(true);
  const link = await linkFromMail(request, customer.email, '/auth/verifyemail');
  const token = decodeURIComponent(link.split('/').pop()!);
  expect((await request.put(api.verifyEmail.path, { data: { token } })).ok()).toBe(true);
  const login = await request.post(api.login.path, {
    data: { username: customer.email, password: customer.password },
  });
  const { JWTtoken } = (await login.json()) as { JWTtoken: string };
  const created = await request.put(api.createPin.path, {
    headers: { authorization: `Bearer ${JWTtoken}` },
    data: { pin: PIN },
  });
  expect(created.ok()).toBe(true);
  return customer;
}

test('airtime the provider refuses: refunded, and the refund SMS says how much and the balance', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const phone = phoneOf(uniqueEmail('sms-phone'));
  const customer = await customerWithPhone(request, phone);

  await test.step('fund the wallet: the credit alert arrives by SMS', async () => {
    await fundWallet(request, customer, 5_000);
    await expect
      .poll(() => smsTo(request, phone), { timeout: 15_000 })
      .toContain('Credit: NGN5,000 card funding. Bal: NGN5,000');
  });

  await test.step('buy ₦200 of airtime for 08031230000: refused and refunded', async () => {
    await logIn(page, customer);
    // A loaded machine answers the log-in slowly: the button stays busy until then.
    await expect(page).toHaveURL(/\/user\/dashboard$/, { timeout: 30_000 });
    // The dashboard's own header (its code loads after the URL changes) shows the balance.
    await expect(page.getByRole('banner')).toContainText(formatNaira(5_000_00), {
      timeout: 30_000,
    });
    await expectBalance(page, 5_000_00);
    await openFromMenu(page, 'Airtime');
    await page.getByLabel(/Phone number/).fill('08031230000');
    await page.getByLabel(/Amount/).fill('200');
    await page.getByLabel(/Secret pin/).fill(PIN);
    await page.getByRole('button', { name: 'Buy airtime' }).click();
    await expect(page.getByTestId('purchase-result').getByText('Purchase failed')).toBeVisible({
      timeout: 30_000,
    });
    await expectBalance(page, 5_000_00);
  });

  await test.step('the refund SMS: amount, what failed and why, and the balance', async () => {
    let refund = '';
    await expect
      .poll(
        async () =>
          (refund = (await smsTo(request, phone)).find((t) => t.startsWith('Refund:')) ?? ''),
        { timeout: 15_000 },
      )
      .not.toBe('');
    // ₦200 at the sandbox's 2 % airtime discount: ₦196 paid, all of it back.
    expect(refund).toMatch(/^Refund: NGN196\. Airtime \(MTN\) for 08031230000 failed\. /);
    expect(refund).toMatch(/ Bal: NGN5,000$/);
    expect(refund.length).toBeLessThanOrEqual(160);
    // Once: the same refund is never told twice.
    expect((await smsTo(request, phone)).filter((t) => t.startsWith('Refund:'))).toHaveLength(1);
  });
});
