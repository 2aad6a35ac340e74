import { MAX_KOBO } from '@contract';
import { describe, expect, it } from 'vitest';
import { formatNaira, nairaFieldText, parseNairaInput, typedNairaToWire } from './money';

describe('formatNaira', () => {
  it.each([
    [0, '₦0.00'],
    [5, '₦0.05'],
    [50, '₦0.50'],
    [100, '₦1.00'],
    [123450, '₦1,234.50'],
    [100000000, '₦1,000,000.00'],
    [-250, '\u2212₦2.50'],
    [-123450, '\u2212₦1,234.50'],
    [99_999_999, '₦999,999.99'],
    [MAX_KOBO, '₦10,000,000,000.00'],
    [Number.MAX_SAFE_INTEGER, '₦90,071,992,547,409.91'],
  ])('%i kobo → %s', (kobo, text) => {
    expect(formatNaira(kobo)).toBe(text);
  });

  it('never shows float drift: 0.1 + 0.2 naira worth of kobo is ₦0.30', () => {
    expect(formatNaira(10 + 20)).toBe('₦0.30');
  });

  it('refuses non-integer kobo', () => {
    expect(() => formatNaira(1.5)).toThrow(RangeError);
    expect(() => formatNaira(Number.NaN)).toThrow(RangeError);
  });
});

describe('parseNairaInput', () => {
  it.each([
    ['1,234.5', 123450],
    ['1234.50', 123450],
    ['₦50', 5000],
    [' 1 000 ', 100000],
    ['0.29', 29],
    ['.5', 50],
    ['7.', 700],
    ['0', 0],
    ['00012', 1200],
    ['10000000000', MAX_KOBO],
  ])('%j → %i kobo', (input, kobo) => {
    expect(parseNairaInput(input)).toBe(kobo);
  });

  it.each(['', '.', 'abc', '-5', '1.234', '1e3', '10000000000.01', '99999999999999999'])(
    '%j → undefined',
    (input) => {
      expect(parseNairaInput(input)).toBeUndefined();
    },
  );
});

describe('naira form fields', () => {
  it('shows kobo as the field is typed, and no amount as an empty field', () => {
    expect(nairaFieldText(200_000)).toBe('2,000.00');
    expect(nairaFieldText(0)).toBe('0.00');
    expect(nairaFieldText(null)).toBe('');
  });

  it('gives the contract naira to check, NaN for what is not an amount', () => {
    expect(typedNairaToWire('₦2,000.50')).toBe(2000.5);
    expect(typedNairaToWire('0.29')).toBe(0.29);
    expect(typedNairaToWire('lots')).toBeNaN();
    expect(typedNairaToWire('')).toBeNaN();
  });
});
