import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../scripts/property-tests.ts';
import { MAX_KOBO } from './money';
import {
  airtimePrice,
  applyBps,
  billPrice,
  cardFee,
  couponPrice,
  dataPrice,
  electricityPrice,
  fundingCredit,
  LIMITS,
  percentToBps,
  stampDuty,
} from './pricing';

/** Expected values are computed by hand, in kobo (₦1 = 100 kobo). */

describe('airtime: amount − wallet_percent_off % (spec §9, decisions §5)', () => {
  it.each([
    // [amount kobo, percent, discount, total]
    [100_000, 2, 2_000, 98_000], // ₦1,000 at 2%
    [10_000, 3, 300, 9_700], // ₦100 at 3%
    [33_300, 2.5, 833, 32_467], // ₦333 at 2.5%: 33300×250/10000 = 832.5 → 833 (half up)
    [10_000, 0, 0, 10_000], // no discount
    [10_000, 100, 10_000, 0], // everything off
    [5_100, 3, 153, 4_947], // ₦51 at 3%
    [1, 2, 0, 1], // 0.02 kobo → 0
    [25, 2, 1, 24], // 0.5 kobo → 1 (half up)
  ])('%i kobo at %d%% → discount %i, total %i', (amount, percent, discount, total) => {
    expect(airtimePrice(amount, percent)).toEqual({ value: amount, fee: 0, discount, total });
  });
});

describe('data: the plan wallet price', () => {
  it('charges the price, nothing added', () => {
    expect(dataPrice(35_000)).toEqual({ value: 35_000, fee: 0, discount: 0, total: 35_000 });
  });
});

describe('electricity: fee % under ₦1,000, flat ₦100 from ₦1,000 (spec §9)', () => {
  it.each([
    // [amount kobo, fee percent, fee, total]
    [50_000, 1.5, 750, 50_750], // ₦500 at 1.5%
    [99_900, 1.5, 1_499, 101_399], // ₦999: 99900×150/10000 = 1498.5 → 1499
    [99_999, 1.5, 1_500, 101_499], // ₦999.99: 1499.985 → 1500
    [100_000, 1.5, 10_000, 110_000], // ₦1,000: flat ₦100
    [100_000, 0, 10_000, 110_000], // flat fee regardless of percent
    [2_000_000, 1.5, 10_000, 2_010_000], // ₦20,000
    [50_000, 0, 0, 50_000],
  ])('%i kobo at %d%% → fee %i, total %i', (amount, percent, fee, total) => {
    expect(electricityPrice(amount, percent)).toEqual({ value: amount, fee, discount: 0, total });
  });
});

describe('cable TV and education: (price + convenience fee) × units', () => {
  it('cable ₦19,000 + ₦100 fee → ₦19,100', () => {
    expect(billPrice(1_900_000, 10_000)).toEqual({
      value: 1_900_000,
      fee: 10_000,
      discount: 0,
      total: 1_910_000,
    });
  });
  it('education 3 × (₦900 + ₦100) → ₦3,000', () => {
    expect(billPrice(90_000, 10_000, 3)).toEqual({
      value: 270_000,
      fee: 30_000,
      discount: 0,
      total: 300_000,
    });
  });
});

describe('coupons: units × the single-unit wallet price (decisions §8)', () => {
  it('4 × airtime ₦500 at 2% → 4 × 49000', () => {
    expect(couponPrice(airtimePrice(50_000, 2), 4)).toEqual({
      value: 200_000,
      fee: 0,
      discount: 4_000,
      total: 196_000,
    });
  });
  it('2 × electricity ₦500 at 1.5% → 2 × 50750', () => {
    expect(couponPrice(electricityPrice(50_000, 1.5), 2).total).toBe(101_500);
  });
  it('3 × cable ₦19,000 + ₦100', () => {
    expect(couponPrice(billPrice(1_900_000, 10_000), 3).total).toBe(5_730_000);
  });
});

describe('stamp duty: ₦50 on payments above ₦9,999 (spec §9)', () => {
  it.each([
    [999_900, 0], // ₦9,999
    [999_901, 5_000], // ₦9,999.01 is above ₦9,999
    [1_000_000, 5_000], // ₦10,000
    [2_000_000, 5_000], // ₦20,000
    [0, 0],
  ])('%i kobo → %i', (amount, duty) => {
    expect(stampDuty(amount)).toBe(duty);
  });
  it('a card payment credits the amount minus stamp duty', () => {
    expect(fundingCredit(999_900)).toBe(999_900);
    expect(fundingCredit(1_000_000)).toBe(995_000);
    expect(fundingCredit(2_000_000)).toBe(1_995_000);
  });
});

describe('card fee: 1.4%, capped at ₦2,000 (decisions §6)', () => {
  it.each([
    [1_000_000, 14_000], // ₦10,000
    [100_000, 1_400], // ₦1,000
    [14_285_700, 200_000], // ₦142,857 → 199999.8 → 200000 (reaches the cap by rounding)
    [14_285_600, 199_998], // 199998.4 → 199998
    [50_000_000, 200_000], // ₦500,000 → 700000 capped at 200000
    [0, 0],
  ])('%i kobo → %i', (amount, fee) => {
    expect(cardFee(amount)).toBe(fee);
  });
  it('the cap is ₦2,000', () => {
    expect(LIMITS.cardFeeCap).toBe(200_000);
    expect(LIMITS.cardFeeBps).toBe(140);
  });
});

describe('invalid inputs throw', () => {
  const bad = [-1, 0.5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 2];
  it.each(bad)('amount %d', (amount) => {
    expect(() => airtimePrice(amount, 2)).toThrow(RangeError);
    expect(() => electricityPrice(amount, 1.5)).toThrow(RangeError);
    expect(() => dataPrice(amount)).toThrow(RangeError);
    expect(() => billPrice(amount, 10_000)).toThrow(RangeError);
    expect(() => billPrice(10_000, amount)).toThrow(RangeError);
    expect(() => stampDuty(amount)).toThrow(RangeError);
    expect(() => fundingCredit(amount)).toThrow(RangeError);
    expect(() => cardFee(amount)).toThrow(RangeError);
    expect(() => applyBps(amount, 100)).toThrow(RangeError);
  });
  it.each([0, -1, 1.5, Number.NaN])('units %d', (units) => {
    expect(() => billPrice(10_000, 100, units)).toThrow(RangeError);
    expect(() => couponPrice(airtimePrice(10_000, 2), units)).toThrow(RangeError);
  });
});

describe('percentToBps', () => {
  it.each([
    [2, 200],
    [2.5, 250],
    [1.4, 140],
    [0.1, 10],
    [1.15, 115], // 1.15 × 100 = 114.99999999999999 in floating point
    [100, 10_000],
  ])('%d%% → %i bps', (percent, bps) => {
    expect(percentToBps(percent)).toBe(bps);
  });
});

// ── Properties ────────────────────────────────────────────────────────────────

const kobo = fc.integer({ min: 0, max: MAX_KOBO });
/** Percent with up to 2 decimals, 0 to 100 (wallet_percent_off, electricity fee). */
const percent = fc.integer({ min: 0, max: 10_000 }).map((bps) => bps / 100);

/** Exact `amount × bps / 10000` rounded half up, in BigInt. */
const exactBps = (amount: number, bps: number) =>
  Number((BigInt(amount) * BigInt(bps) + 5_000n) / 10_000n);

describe('properties', () => {
  it('applyBps is exact (half up) for every contract amount and 0–100%', () => {
    fc.assert(
      fc.property(kobo, fc.integer({ min: 0, max: 10_000 }), (amount, bps) => {
        expect(applyBps(amount, bps)).toBe(exactBps(amount, bps));
      }),
      { numRuns: runs(2_000) },
    );
    // The largest amount at 100% and at 99.99%: amount × bps is above 2^53 here.
    expect(applyBps(MAX_KOBO, 10_000)).toBe(MAX_KOBO);
    expect(applyBps(MAX_KOBO - 1, 9_999)).toBe(exactBps(MAX_KOBO - 1, 9_999));
    expect(applyBps(999_999_999_995, 10_000)).toBe(999_999_999_995);
    // amount × bps ≡ 4999 (mod 10000) above 2^53: the float product rounds up by one and
    // floor() lands on the next kobo (₦9,999,999,950.01 at 99.99%).
    expect(applyBps(999_999_995_001, 9_999)).toBe(999_899_995_001);
  });

  it('airtime total is an integer between 0 and the amount; parts add up', () => {
    fc.assert(
      fc.property(kobo, percent, (amount, p) => {
        const r = airtimePrice(amount, p);
        expect(Number.isSafeInteger(r.total)).toBe(true);
        expect(Number.isSafeInteger(r.discount)).toBe(true);
        expect(r.total).toBeGreaterThanOrEqual(0);
        expect(r.total).toBeLessThanOrEqual(amount);
        expect(r.total).toBe(r.value - r.discount);
        expect(r.discount).toBe(exactBps(amount, percentToBps(p)));
      }),
      { numRuns: runs(2_000) },
    );
  });

  it('electricity total is an integer ≥ the amount; fee is the rule of spec §9', () => {
    fc.assert(
      fc.property(kobo, percent, (amount, p) => {
        const r = electricityPrice(amount, p);
        expect(Number.isSafeInteger(r.total)).toBe(true);
        expect(Number.isSafeInteger(r.fee)).toBe(true);
        expect(r.total).toBeGreaterThanOrEqual(amount);
        expect(r.total).toBe(amount + r.fee);
        expect(r.fee).toBe(amount < 100_000 ? exactBps(amount, percentToBps(p)) : 10_000);
      }),
      { numRuns: runs(2_000) },
    );
  });

  it('bill and coupon totals are integers, units × single price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 100 }),
        (price, fee, units) => {
          const r = billPrice(price, fee, units);
          expect(Number.isSafeInteger(r.total)).toBe(true);
          expect(r.total).toBe(units * (price + fee));
          expect(couponPrice(billPrice(price, fee), units)).toEqual(r);
        },
      ),
    );
  });

  it('funding credit and card fee are integers within bounds', () => {
    fc.assert(
      fc.property(kobo, (amount) => {
        const credit = fundingCredit(amount);
        expect(Number.isSafeInteger(credit)).toBe(true);
        expect(amount - credit).toBe(amount > 999_900 ? 5_000 : 0);
        const fee = cardFee(amount);
        expect(Number.isSafeInteger(fee)).toBe(true);
        expect(fee).toBeGreaterThanOrEqual(0);
        expect(fee).toBeLessThanOrEqual(200_000);
      }),
    );
  });
});
