import { describe, expect, it } from 'vitest';
import { billerName, FAILURE_REASONS, failureSentence } from './failure-reasons';

describe('failure sentences (ADR 0074)', () => {
  it('names the network or biller and what was bought', () => {
    const topUp = { product: 'Airtime', service_id: 'mtn' };
    expect(failureSentence('declined', topUp)).toBe('MTN could not complete this top-up.');
    expect(failureSentence('amount', { product: 'Data', service_id: 'glo-data' })).toBe(
      'GLO does not accept this amount for a data purchase. Try a different amount.',
    );
    expect(
      failureSentence('details', { product: 'Electricity', service_id: 'ikeja-electric' }),
    ).toBe(
      'Ikeja Electric (IKEDC) did not accept the meter number for this electricity purchase. Check it and try again.',
    );
    expect(failureSentence('unavailable', { product: 'CableTV', service_id: 'dstv' })).toBe(
      'DStv cannot take this TV subscription right now. Please try again later.',
    );
    expect(failureSentence('duplicate', { product: 'Education', service_id: 'jamb' })).toBe(
      'JAMB refused this PIN purchase because the same one was made a moment ago. Check your history before trying again.',
    );
  });

  it('an unknown reason or biller is one generic sentence', () => {
    expect(failureSentence('unknown', { product: 'Airtime', service_id: 'mtn' })).toBe(
      'We could not complete this top-up.',
    );
    expect(failureSentence('declined', { product: 'Data', service_id: 'nowhere' })).toBe(
      'We could not complete this data purchase.',
    );
  });

  it('never carries a code: every reason reads as words', () => {
    for (const reason of FAILURE_REASONS) {
      expect(failureSentence(reason, { product: 'Airtime', service_id: 'airtel' })).not.toMatch(
        /\d/,
      );
    }
    expect(billerName('etisalat')).toBe('9MOBILE');
  });
});
