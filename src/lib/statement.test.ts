import type { Transaction } from '@contract';
import { describe, expect, it } from 'vitest';
import { lineLabel } from './statement';

const line = (over: Partial<Transaction>): Transaction => ({
  transaction_id: 't1',
  user: 'ada@example.com',
  user_id: 'u1',
  date: 0,
  product: 'Airtime',
  value: 100_000,
  status: 'successful',
  direction: 'debit',
  amountCharged: 100_000,
  balance_before: 0,
  balance_after: 0,
  kind: 'purchase',
  amount: 100_000,
  ...over,
});

describe('History line labels', () => {
  it('a withdrawal names the account holder and the bank (ADR 0089)', () => {
    expect(
      lineLabel(line({ product: 'Withdrawal', counterparty: 'ADAEZE NWOSU, Guaranty Trust Bank' })),
    ).toBe('Withdrawal to ADAEZE NWOSU, Guaranty Trust Bank');
    expect(lineLabel(line({ product: 'Withdrawal' }))).toBe('Withdrawal');
    expect(lineLabel(line({ product: 'Airtime' }))).toBe('Airtime');
  });
});
