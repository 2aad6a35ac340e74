import { api } from '@contract';
import { describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from './fixtures/users';
import { ok } from './test-client';
import { loginAdmin, loginAs, setupMockServer } from './test-setup';

setupMockServer();

/** The providers a purchase tried (ADR 0052), as the server answers them. */
describe('providers tried', () => {
  it("the admin's list names them; the customer's history and overview never do", async () => {
    const admin = await loginAdmin();
    const all = await ok(api.transactions, {
      token: admin,
      query: { q: DEMO_CUSTOMER.email, limit: 100 },
    });
    const failedOver = all.message.find((t) => (t.providers_tried?.length ?? 0) > 1);
    expect(failedOver?.providers_tried).toEqual([
      { provider: 'sandbox-vt', result: 'refused', message: 'TRANSACTION FAILED' },
      { provider: 'sandbox-flutterwave', result: 'sent', message: null },
    ]);
    // Funding and shares never went to a bill provider.
    expect(all.message.find((t) => t.product === 'Transfer')?.providers_tried).toBeNull();

    const customer = await loginAs();
    const history = await ok(api.myTransactions, { token: customer, query: { limit: 100 } });
    const overview = await ok(api.currentUser, { token: customer });
    const answers = [...history.message, ...overview.message.transactions];
    expect(answers.some((t) => t.transaction_id === failedOver?.transaction_id)).toBe(true);
    for (const t of answers) expect(JSON.stringify(t)).not.toMatch(/providers_tried|sandbox-/);
  });
});
