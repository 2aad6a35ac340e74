import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../scripts/property-tests.ts';
import { z } from './zod';
import { hasAtMostTwoDecimals, MAX_KOBO, Naira, naira, toKobo, toNaira } from './money';

describe('toKobo: naira (≤ 2 decimals) → integer kobo', () => {
  it.each([
    [12.5, 1_250],
    [0, 0],
    [1, 100],
    [0.01, 1],
    [0.1 + 0.2, 30], // 0.30000000000000004
    [1.1 + 2.2, 330], // 3.3000000000000003
    [19.99, 1_999], // 1998.9999999999998 in floating point
    [1.15, 115], // 114.99999999999999
    [4.35, 435], // 434.99999999999994
    [1234.56, 123_456],
    [-12.5, -1_250],
    [10_000_000_000, 1_000_000_000_000], // the largest amount (₦10 billion)
  ])('%d → %i', (n, kobo) => {
    expect(toKobo(n)).toBe(kobo);
  });

  it.each([1.234, 0.001, 12.505, 1.005, 0.125])('refuses 3 decimals: %d', (n) => {
    expect(() => toKobo(n)).toThrow(RangeError);
    expect(hasAtMostTwoDecimals(n)).toBe(false);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('refuses %d', (n) => {
    expect(() => toKobo(n)).toThrow(RangeError);
    expect(hasAtMostTwoDecimals(n)).toBe(false);
  });
});

describe('toNaira: integer kobo → naira', () => {
  it.each([
    [123_456, 1234.56],
    [1_250, 12.5],
    [1, 0.01],
    [0, 0],
    [-1_250, -12.5],
  ])('%i → %d', (kobo, n) => {
    expect(toNaira(kobo)).toBe(n);
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 2])(
    'refuses %d',
    (kobo) => {
      expect(() => toNaira(kobo)).toThrow(RangeError);
    },
  );
});

describe('Naira codec: naira on the wire, kobo inside', () => {
  it('decodes naira to kobo', () => {
    expect(Naira.parse(12.5)).toBe(1_250);
    expect(Naira.parse(0.1 + 0.2)).toBe(30);
    expect(Naira.parse(1234.56)).toBe(123_456);
    expect(Naira.parse(0)).toBe(0);
  });

  it('encodes kobo to naira', () => {
    expect(z.encode(Naira, 123_456)).toBe(1234.56);
    expect(z.encode(Naira, 1_250)).toBe(12.5);
    expect(z.encode(Naira, 0)).toBe(0);
  });

  it.each([
    1.234,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '12.5',
    null,
    undefined,
    10_000_000_000.01,
  ])('refuses wire value %j', (v) => {
    expect(Naira.safeParse(v).success).toBe(false);
  });

  it('refuses to encode fractional kobo', () => {
    expect(() => z.encode(Naira, 1.5)).toThrow();
  });

  it('a screen message replaces every refusal', () => {
    const amount = naira('Invalid Amount.');
    for (const v of [1.234, '12', Number.NaN, 1e11]) {
      const r = amount.safeParse(v);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('Invalid Amount.');
    }
    expect(amount.parse(12.5)).toBe(1_250);
  });
});

describe('properties', () => {
  const contractKobo = fc.integer({ min: -MAX_KOBO, max: MAX_KOBO });

  it('kobo → naira → kobo is the identity for every contract amount', () => {
    fc.assert(
      fc.property(contractKobo, (k) => {
        expect(toKobo(toNaira(k))).toBe(k);
        expect(Naira.parse(z.encode(Naira, k))).toBe(k);
      }),
      { numRuns: runs(5_000) },
    );
  });

  it('every safe-integer kobo round-trips or is refused, never silently changed', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (k) => {
        let back: number | undefined;
        try {
          back = toKobo(toNaira(k));
        } catch {
          return; // refusing an out-of-range amount is fine
        }
        expect(back).toBe(k);
      }),
      { numRuns: runs(5_000) },
    );
  });

  it('toKobo answers a safe integer or throws, for any double', () => {
    fc.assert(
      fc.property(fc.double(), (n) => {
        let kobo: number;
        try {
          kobo = toKobo(n);
        } catch {
          return;
        }
        expect(Number.isSafeInteger(kobo)).toBe(true);
      }),
      { numRuns: runs(5_000) },
    );
  });

  it('naira with 2 decimals decode to the integer they spell', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_KOBO }), (k) => {
        // Build the naira value from its decimal text, as JSON.parse would.
        const text = `${Math.floor(k / 100)}.${String(k % 100).padStart(2, '0')}`;
        expect(toKobo(Number(text))).toBe(k);
        expect(Naira.parse(JSON.parse(text))).toBe(k);
      }),
      { numRuns: runs(5_000) },
    );
  });
});
