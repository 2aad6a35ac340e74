import { FAILURE_REASONS } from '@contract/failure-reasons';
import { describe, expect, it } from 'vitest';
import { failureReasonOf, providerAnswerOf, VTPASS_REASONS } from './failure-reason.ts';
import { VTPASS_CODES } from './vtpass.ts';

describe('failure reasons (ADR 0074)', () => {
  it('sorts each VTpass code a purchase can fail with, as the adapter stores it', () => {
    expect(failureReasonOf('vtpass', '016 TRANSACTION FAILED')).toBe('declined');
    expect(failureReasonOf('sandbox-vt', '040 TRANSACTION REVERSAL')).toBe('declined');
    expect(failureReasonOf('vtpass', '091 TRANSACTION NOT PROCESSED')).toBe('declined');
    expect(failureReasonOf('vtpass', '013 BELOW MINIMUM AMOUNT ALLOWED')).toBe('amount');
    expect(failureReasonOf('vtpass', '017 ABOVE MAXIMUM AMOUNT ALLOWED')).toBe('amount');
    expect(failureReasonOf('vtpass', '019 LIKELY DUPLICATE TRANSACTION')).toBe('duplicate');
    expect(failureReasonOf('vtpass', '018 LOW WALLET BALANCE')).toBe('unavailable');
    expect(failureReasonOf('vtpass', '030 BILLER NOT REACHABLE AT THIS POINT')).toBe('unavailable');
    // A 000 whose transaction failed: VTpass's description only.
    expect(failureReasonOf('vtpass', 'TRANSACTION FAILED')).toBe('declined');
  });

  it('an unknown code or provider is the generic reason', () => {
    expect(failureReasonOf('vtpass', '777 SOMETHING NEW')).toBe('unknown');
    expect(failureReasonOf('vtpass', 'weird')).toBe('unknown');
    expect(failureReasonOf(null, null)).toBe('unknown');
    expect(failureReasonOf('someone-else', '016 TRANSACTION FAILED')).toBe('unknown');
  });

  it('sorts Flutterwave bill answers and our own failures', () => {
    expect(failureReasonOf('flutterwave', 'Bill failed')).toBe('declined');
    expect(failureReasonOf('sandbox-flutterwave', 'Invalid customer number')).toBe('details');
    expect(failureReasonOf('flutterwave', 'Amount is below the minimum')).toBe('amount');
    expect(failureReasonOf('flutterwave', 'Not sold through Flutterwave: no biller')).toBe(
      'unavailable',
    );
    expect(
      failureReasonOf('vtpass', 'The provider has no record of this purchase (asked twice)'),
    ).toBe('declined');
  });

  it('maps only codes VTpass documents, to known reasons', () => {
    for (const [code, reason] of Object.entries(VTPASS_REASONS)) {
      expect(VTPASS_CODES[code], code).toBeDefined();
      expect(FAILURE_REASONS).toContain(reason);
    }
  });

  it('splits the answer into provider, code and words for the admin', () => {
    expect(providerAnswerOf('sandbox-vt', '016 TRANSACTION FAILED')).toEqual({
      provider: 'VTpass',
      code: '016',
      message: 'TRANSACTION FAILED',
    });
    expect(providerAnswerOf('flutterwave', 'Bill failed')).toEqual({
      provider: 'Flutterwave',
      code: null,
      message: 'Bill failed',
    });
    expect(providerAnswerOf('vtpass', null)).toBeNull();
  });
});
