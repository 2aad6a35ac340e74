import { describe, expect, it } from 'vitest';
import { cleanPlanName, customerPlanName, samePlanName } from './plan-names';

/**
 * Names as the providers list them: VTpass's variation names (the mtn-data, glo-data,
 * airtel-data, 9mobile-data, smile, dstv, gotv, startimes and showmax pages, kept in
 * server/src/providers/simulators/vtpass-catalogue.ts) and Flutterwave's bill items (its simulator).
 */
describe('cleanPlanName', () => {
  it.each([
    ['MTN Data 25GB - 30 days', undefined, 'MTN 25 GB · 30 days'],
    ['1GB - 1 day (Awoof)', 'MTN', 'MTN 1 GB (Awoof) · 1 day'],
    ['N100 100MB - 24 hrs', 'MTN', 'MTN 100 MB · 1 day'],
    ['N1000 1.5GB - 30 days', 'MTN', 'MTN 1.5 GB · 30 days'],
    ['MTN N10,000 25GB SME Mobile Data ( 1 Month)', undefined, 'MTN 25 GB SME · 1 month'],
    ['MTN N50,000 165GB SME Mobile Data (2-Months)', undefined, 'MTN 165 GB SME · 2 months'],
    ['MTN N100,000 1TB Mobile Data (1 Year)', undefined, 'MTN 1 TB · 1 year'],
    ['MTN 100GB 2-Month Plan', undefined, 'MTN 100 GB · 2 months'],
    ['MTN N22000 120GB Monthly Plan + 80mins', undefined, 'MTN 120 GB + 80 mins · 1 month'],
    ['Glo Data N100 -  105MB - 2 day', undefined, 'Glo 105 MB · 2 days'],
    ['Airtel Data Bundle - 1,000 Naira - 1.5GB - 30 Days', undefined, 'Airtel 1.5 GB · 30 days'],
    ['9mobile Data - 100 Naira - 100MB - 1 day', undefined, '9mobile 100 MB · 1 day'],
    ['2GB MidNite for 7days - 1,020 Naira', 'Smile', 'Smile 2 GB MidNite · 7 days'],
    ['MTN 200 MB DATA BUNDLE', undefined, 'MTN 200 MB'],
    ['MTN N1000 Xtratalk Monthly Bundle', undefined, 'MTN Xtratalk Monthly Bundle'],
    ['Spectranet 7GB - 30 days', undefined, 'Spectranet 7 GB · 30 days'],
    ['DStv Yanga N2,565', undefined, 'DStv Yanga'],
    ['DStv  Compact N7900', undefined, 'DStv Compact'],
    ['GOtv Lite (3 Months) N1,080', undefined, 'GOtv Lite (3 Months)'],
    ['Nova - 900 Naira - 1 Month', undefined, 'Nova · 1 Month'],
    ['Full - N8,400 - 3 Months', undefined, 'Full · 3 Months'],
    ['DStv Family', undefined, 'DStv Family'],
    ['WASSCE for Private Candidates', undefined, 'WASSCE for Private Candidates'],
  ])('%s → %s', (name, network, clean) => {
    expect(cleanPlanName(name, network)).toBe(clean);
  });

  it('never answers an empty name', () => {
    expect(cleanPlanName('N2,565')).toBe('N2,565');
    expect(cleanPlanName('  ')).toBe('');
  });

  it('answers a clean name as it is (cleaning twice changes nothing)', () => {
    for (const name of [
      'MTN Data 25GB - 30 days',
      'N100 100MB - 24 hrs',
      'Airtel Data Bundle - 1,000 Naira - 1.5GB - 30 Days',
      'Nova - 900 Naira - 1 Month',
      'DStv Yanga N2,565',
    ]) {
      const clean = cleanPlanName(name);
      expect(cleanPlanName(clean)).toBe(clean);
    }
  });

  it('does not repeat a network the name already starts with', () => {
    expect(cleanPlanName('MTN Data 25GB - 30 days', 'MTN')).toBe('MTN 25 GB · 30 days');
  });
});

describe('customerPlanName', () => {
  it('cleans a data plan, bouquet or exam pin, and leaves a network or disco as stored', () => {
    expect(customerPlanName('Data', '1.5GB - 30 days')).toBe('1.5 GB · 30 days');
    expect(customerPlanName('CableTV', 'DStv Yanga N2,565')).toBe('DStv Yanga');
    expect(customerPlanName('Education', 'WAEC Result Checker PIN')).toBe(
      'WAEC Result Checker PIN',
    );
    expect(customerPlanName('Electricity', 'Ikeja Electric - Prepaid')).toBe(
      'Ikeja Electric - Prepaid',
    );
    expect(customerPlanName('Airtime', 'MTN')).toBe('MTN');
    expect(customerPlanName('Data', undefined)).toBeUndefined();
  });
});

describe('samePlanName', () => {
  it('matches a bouquet whatever its price, spacing and case', () => {
    expect(samePlanName('DStv Compact', 'DStv  Compact N7900')).toBe(true);
    expect(samePlanName('DSTV YANGA', 'DStv Yanga N2,565')).toBe(true);
    expect(samePlanName('DStv Yanga', 'DStv Yanga + ExtraView N5,065')).toBe(false);
  });
});
