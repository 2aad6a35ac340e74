import { api } from '@contract';
import { describe, expect, it } from 'vitest';
import { MOCK_ACCOUNTS } from './fixtures/withdrawals';
import { SEED_PIN } from './fixtures/users';
import { ok } from './test-client';
import { loginAs, setupMockServer } from './test-setup';

setupMockServer();

/**
 * History holds withdrawals as the server's statement does (ADR 0084, ADR 0089): a debit line
 * of product Withdrawal naming the account holder and bank, and a refund line when it failed.
 */
describe('withdrawals in the mock History', () => {
  it('a sent and a failed withdrawal are History lines, with the holder and the bank', async () => {
    const token = await loginAs();
    const sent = await ok(api.withdraw, {
      token,
      body: { bank_code: '058', account_number: '0123456785', amount: 1_000, pin: SEED_PIN },
    });
    const failed = await ok(api.withdraw, {
      token,
      body: { bank_code: '058', account_number: '0123450000', amount: 2_000, pin: SEED_PIN },
    });
    const history = (await ok(api.myTransactions, { token, query: { limit: 100 } })).message;
    const line = history.find((t) => t.transaction_id === sent.message.id && t.kind !== 'refund');
    expect(line).toMatchObject({
      product: 'Withdrawal',
      direction: 'debit',
      status: 'successful',
      amount: sent.message.total,
      account_id: MOCK_ACCOUNTS.gtbank.account_number,
      counterparty: 'ADAEZE NWOSU, Guaranty Trust Bank',
    });
    const lines = history.filter(
      (t) => t.transaction_id === failed.message.id || t.refund_of === failed.message.id,
    );
    expect(lines.map((t) => t.kind).sort()).toEqual(['purchase', 'refund']);
    expect(lines.find((t) => t.kind === 'purchase')?.status).toBe('reversed');
    const withdrawals = (await ok(api.myTransactions, { token, query: { product: 'Withdrawal' } }))
      .message;
    expect(withdrawals.length).toBeGreaterThanOrEqual(2);
  });
});
