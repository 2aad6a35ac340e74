/**
 * Withdrawals' money rules and form messages (ADR 0084): the fee bands, the stamp duty from
 * ₦10,000 (paid by the sender), the total, and each form rule's exact message.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WITHDRAWAL_FEE,
  ResolveAccountBody,
  WITHDRAWAL_MSG,
  WithdrawalBody,
  withdrawalCost,
  withdrawalDuty,
  withdrawalFee,
} from './withdrawals';

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? undefined : r.error?.issues[0]?.message;

describe('withdrawal cost', () => {
  it('follows Flutterwave’s NGN bands by default', () => {
    expect(withdrawalFee(500_000, DEFAULT_WITHDRAWAL_FEE)).toBe(1_075);
    expect(withdrawalFee(500_001, DEFAULT_WITHDRAWAL_FEE)).toBe(2_688);
    expect(withdrawalFee(5_000_000, DEFAULT_WITHDRAWAL_FEE)).toBe(2_688);
    expect(withdrawalFee(5_000_001, DEFAULT_WITHDRAWAL_FEE)).toBe(5_375);
  });

  it('a flat fee is the same for every amount', () => {
    const flat = { kind: 'flat' as const, flat: 2_500, bands: [] };
    expect(withdrawalFee(10_000, flat)).toBe(2_500);
    expect(withdrawalFee(100_000_000, flat)).toBe(2_500);
  });

  it('charges ₦50 stamp duty from ₦10,000, on top, to the sender', () => {
    expect(withdrawalDuty(999_999)).toBe(0);
    expect(withdrawalDuty(1_000_000)).toBe(5_000);
    expect(withdrawalCost(1_000_000, DEFAULT_WITHDRAWAL_FEE)).toEqual({
      amount: 1_000_000,
      fee: 2_688,
      duty: 5_000,
      total: 1_007_688,
    });
  });
});

describe('withdrawal form messages', () => {
  const body = { bank_code: '044', account_number: '0123456789', amount: 1_000, pin: '123456' };

  it('accepts a good body and reads the amount in kobo', () => {
    const parsed = WithdrawalBody.safeParse(body);
    expect(parsed.success && parsed.data.amount).toBe(100_000);
  });

  it.each([
    [{ bank_code: '' }, WITHDRAWAL_MSG.bankRequired],
    [{ account_number: '' }, WITHDRAWAL_MSG.accountRequired],
    [{ account_number: '012345678' }, WITHDRAWAL_MSG.accountInvalid],
    [{ account_number: '01234567890' }, WITHDRAWAL_MSG.accountInvalid],
    [{ account_number: '01234x6789' }, WITHDRAWAL_MSG.accountInvalid],
    [{ amount: 99.99 }, WITHDRAWAL_MSG.amountMinimum],
    [{ amount: 5_000_000.01 }, WITHDRAWAL_MSG.amountMaximum],
    [{ amount: 100.001 }, WITHDRAWAL_MSG.amountInvalid],
    [{ amount: '100' }, WITHDRAWAL_MSG.amountInvalid],
    [{ pin: '' }, WITHDRAWAL_MSG.pinRequired],
  ])('%j → its message', (change, message) => {
    expect(first(WithdrawalBody.safeParse({ ...body, ...change }))).toBe(message);
  });

  it('resolving needs the bank and a 10-digit number', () => {
    expect(
      first(ResolveAccountBody.safeParse({ bank_code: '', account_number: '0123456789' })),
    ).toBe(WITHDRAWAL_MSG.bankRequired);
    expect(first(ResolveAccountBody.safeParse({ bank_code: '044', account_number: '123' }))).toBe(
      WITHDRAWAL_MSG.accountInvalid,
    );
  });
});
