import { describe, expect, it } from 'vitest';
import { isNubanFor, nubanBankCode, nubanCheckDigit, suggestBanks } from './nuban';

// The CBN's own worked examples (NUBAN proposals v0.4, 2010, §2a; First Bank, code 011):
// https://www.cbn.gov.ng/OUT/2011/CIRCULARS/BSPD/NUBAN%20PROPOSALS%20V%200%204-%2003%2009%202010.PDF
// reproduced at https://digitaleta.com/2011/06/01/how-to-calculate-the-check-digit-of-your-nigerian-uniform-bank-account-code-nuban/
describe('the NUBAN check digit (CBN)', () => {
  it('gives the published examples: 011 + 000001457 → 9, 011 + 000000022 → 0', () => {
    // 0*3+1*7+1*3+0*3+0*7+0*3+0*3+0*7+1*3+4*3+5*7+7*3 = 81; 10 − 1 = 9.
    expect(nubanCheckDigit('011', '000001457')).toBe(9);
    // The sum is 30: 10 − 0 = 10, which is written 0.
    expect(nubanCheckDigit('011', '000000022')).toBe(0);
    expect(isNubanFor('0000014579', '011')).toBe(true);
    expect(isNubanFor('0000000220', '011')).toBe(true);
  });

  it('refuses the published numbers with any other last digit', () => {
    for (let d = 0; d <= 9; d += 1) {
      expect(isNubanFor(`000001457${d}`, '011')).toBe(d === 9);
    }
  });

  it('weighs a 6-digit code and the serial the same way (a 3-digit code is "000" + code)', () => {
    expect(nubanBankCode('011')).toBe('000011');
    expect(nubanBankCode('50211')).toBe('950211');
    expect(nubanBankCode('090267')).toBe('090267');
    expect(nubanCheckDigit('000011', '000001457')).toBe(9);
    // 0*3+9*7+0*3 + 2*3+6*7+7*3 = 132, then the serial 000001457 adds 71: 203 → 10 − 3 = 7.
    expect(nubanCheckDigit('090267', '000001457')).toBe(7);
    expect(isNubanFor('0000014577', '090267')).toBe(true);
  });

  it('has no answer for a code or serial of another form', () => {
    expect(nubanBankCode('')).toBeUndefined();
    expect(nubanBankCode('0A1')).toBeUndefined();
    expect(nubanBankCode('0111')).toBeUndefined();
    expect(nubanCheckDigit('011', '00001457')).toBeUndefined();
    expect(nubanCheckDigit('011', '00000145x')).toBeUndefined();
    expect(isNubanFor('000001457', '011')).toBe(false);
    expect(isNubanFor('00000145 9', '011')).toBe(false);
  });
});

describe('suggestBanks', () => {
  const banks = [
    { code: '044', name: 'Access Bank' },
    { code: '011', name: 'First Bank of Nigeria' },
    { code: '058', name: 'Guaranty Trust Bank' },
    { code: 'MPS', name: 'A code that is no CBN code' },
  ];

  it('keeps, in order, the banks whose code the number passes the check for', () => {
    // 0000014579 is First Bank's published example. Access (044): 4*7+4*3 + 71 = 111 → 9 too.
    expect(suggestBanks('0000014579', banks).map((b) => b.name)).toEqual([
      'Access Bank',
      'First Bank of Nigeria',
    ]);
    // GTBank (058): 5*7+8*3 + 71 = 130 → 0.
    expect(suggestBanks('0000014570', banks).map((b) => b.name)).toEqual(['Guaranty Trust Bank']);
  });

  it('suggests nothing before the tenth digit, nor for letters', () => {
    expect(suggestBanks('000001457', banks)).toEqual([]);
    expect(suggestBanks('00000145a9', banks)).toEqual([]);
  });
});
