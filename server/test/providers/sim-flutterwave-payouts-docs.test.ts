/**
 * The payouts simulator answers what Flutterwave's pages document (ADR 0089): a create that
 * times out is the documented 503 and its body
 * (https://developer.flutterwave.com/docs/handling-error-timeouts), in the error envelope
 * (https://developer.flutterwave.com/docs/integration-guides/errors).
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  FLUTTERWAVE_SIMULATOR_PREFIX,
  SANDBOX_FLUTTERWAVE_SECRET,
} from '../../src/providers/simulators/flutterwave-bills.ts';
import { createFlutterwavePayoutsSimulator } from '../../src/providers/simulators/flutterwave-payouts.ts';

describe('payouts simulator, as documented', () => {
  it('a create that times out (3333) is a 503 with the documented body', async () => {
    const sim = createFlutterwavePayoutsSimulator({
      now: () => new Date('2026-03-10T09:30:00Z'),
      webhookHash: 'sim-webhook-hash',
    });
    const app = Fastify({ logger: false });
    await app.register(sim.plugin, { prefix: FLUTTERWAVE_SIMULATOR_PREFIX });
    const res = await app.inject({
      method: 'POST',
      url: `${FLUTTERWAVE_SIMULATOR_PREFIX}/v3/transfers`,
      headers: { authorization: `Bearer ${SANDBOX_FLUTTERWAVE_SECRET}` },
      payload: {
        account_bank: '044',
        account_number: '0123453333',
        amount: 5000,
        currency: 'NGN',
        reference: 'docs-timeout-1',
        narration: 'Withdrawal',
      },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'An error occurred. Please contact support',
      data: null,
    });
    await app.close();
  });
});
