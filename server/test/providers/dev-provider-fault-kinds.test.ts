/**
 * The sandbox fault route's kinds the seeded simulation queues per call (ADR 0085, addendum):
 * an HTTP 500 and a cut body on the purchase providers, and every kind on Flutterwave
 * Transfers' create call (withdrawals, ADR 0084).
 */
import { api } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKit, type Kit } from '../helper.ts';

describe('POST /api/dev/provider-fault', () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit('sqlite');
  });
  afterAll(() => kit.close());

  const sims = () => kit.app.ctx.providers.simulators;

  it('queues an HTTP 500 or a cut body on a purchase provider', async () => {
    await kit.call(api.devProviderFault, {
      body: { provider: 'vtpass', fault: 'error', count: 2 },
    });
    await kit.call(api.devProviderFault, {
      body: { provider: 'flutterwave', fault: 'malformed', count: 1 },
    });
    expect(sims().vtpass.faults.queued('pay')).toEqual([
      { kind: 'status', status: 500 },
      { kind: 'status', status: 500 },
    ]);
    expect(sims().bills.faults.queued('payment')).toEqual([{ kind: 'malformed' }]);
    await kit.call(api.devProviderFault, { body: { provider: 'vtpass', fault: 'clear' } });
    await kit.call(api.devProviderFault, { body: { provider: 'flutterwave', fault: 'clear' } });
    expect(sims().vtpass.faults.queued('pay')).toEqual([]);
  });

  it("queues each kind on Flutterwave Transfers' create call, and clears them", async () => {
    const res = await kit.call(api.devProviderFault, {
      body: { provider: 'flutterwave-transfers', fault: 'refuse', count: 1 },
    });
    expect(res.body).toEqual({ message: { provider: 'flutterwave-transfers', queued: 1 } });
    for (const fault of ['timeout', 'error', 'malformed'] as const) {
      await kit.call(api.devProviderFault, {
        body: { provider: 'flutterwave-transfers', fault, count: 1 },
      });
    }
    expect(sims().payouts.faults.queued('transfers.create')).toEqual([
      { kind: 'code', code: '400', message: 'Simulated refusal (sandbox fault)' },
      { kind: 'hang' },
      { kind: 'status', status: 500 },
      { kind: 'malformed' },
    ]);
    // The purchase providers' calls are untouched.
    expect(sims().vtpass.faults.queued('pay')).toEqual([]);
    await kit.call(api.devProviderFault, {
      body: { provider: 'flutterwave-transfers', fault: 'clear' },
    });
    expect(sims().payouts.faults.queued('transfers.create')).toEqual([]);
  });
});
