/**
 * The payout float (ADR 0086): the payouts adapter asks "Retrieve Wallet balance by currency",
 * `GET /v3/balances/NGN` with the secret key as bearer
 * (https://developer.flutterwave.com/v3.0.0/reference/get-balances-per-currency), and reads
 * `data.available_balance` in kobo; anything else throws.
 */
import { describe, expect, it } from 'vitest';
import { createFlutterwavePayoutProvider } from './flutterwave-payouts.ts';

function adapter(status: number, body: unknown) {
  const asked: { url: string; auth: string | null }[] = [];
  const payout = createFlutterwavePayoutProvider({
    secretKey: 'FLWSECK_TEST-key',
    baseUrl: 'https://api.flutterwave.com',
    timeoutMs: 5_000,
    fetch: async (url, init) => {
      asked.push({
        url: String(url),
        auth: new Headers(init?.headers as HeadersInit).get('authorization'),
      });
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  return { payout, asked };
}

describe('the payout float', () => {
  it('reads the NGN available balance in kobo', async () => {
    // One item of Node-v3 documentation/misc.md "Get all wallet balances", as the per-currency
    // call answers it.
    const { payout, asked } = adapter(200, {
      status: 'success',
      message: 'Wallet balance fetched',
      data: { currency: 'NGN', available_balance: 2367840, ledger_balance: 253125.82 },
    });
    await expect(payout.balance()).resolves.toBe(236_784_000);
    expect(asked).toEqual([
      { url: 'https://api.flutterwave.com/v3/balances/NGN', auth: 'Bearer FLWSECK_TEST-key' },
    ]);
  });

  it('an error answer or an unreadable body throws, saying why', async () => {
    await expect(
      adapter(401, {
        status: 'error',
        message: 'Invalid authorization key',
        data: null,
      }).payout.balance(),
    ).rejects.toThrow('balance failed (HTTP 401)');
    await expect(
      adapter(200, { status: 'success', data: { currency: 'NGN' } }).payout.balance(),
    ).rejects.toThrow(/balance/);
  });
});
