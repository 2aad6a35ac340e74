import { describe, expect, it } from 'vitest';
import { NETWORK_PREFIXES, suggestNetwork } from './phone';

describe('suggestNetwork', () => {
  it.each([
    ['08031234567', 'MTN'],
    ['07031234567', 'MTN'],
    ['08061234567', 'MTN'],
    ['08131234567', 'MTN'],
    ['09031234567', 'MTN'],
    ['09161234567', 'MTN'],
    ['08051234567', 'GLO'],
    ['07051234567', 'GLO'],
    ['08111234567', 'GLO'],
    ['09051234567', 'GLO'],
    ['08021234567', 'AIRTEL'],
    ['07011234567', 'AIRTEL'],
    ['08121234567', 'AIRTEL'],
    ['09011234567', 'AIRTEL'],
    ['09121234567', 'AIRTEL'],
    ['08091234567', '9MOBILE'],
    ['08171234567', '9MOBILE'],
    ['09081234567', '9MOBILE'],
    ['09091234567', '9MOBILE'],
  ])('%s → %s', (phone, network) => {
    expect(suggestNetwork(phone)).toBe(network);
  });

  it.each([
    ['+2348031234567', 'MTN'],
    ['2348031234567', 'MTN'],
    ['+234 805 123 4567', 'GLO'],
    ['234-802-123-4567', 'AIRTEL'],
    ['+2349091234567', '9MOBILE'],
    ['0803 123 4567', 'MTN'],
  ])('international and spaced form %s → %s', (phone, network) => {
    expect(suggestNetwork(phone)).toBe(network);
  });

  it('suggests while the number is still being typed (first four digits)', () => {
    expect(suggestNetwork('0803')).toBe('MTN');
    expect(suggestNetwork('080')).toBeUndefined();
  });

  it.each([
    '07001234567',
    '08001234567',
    '06031234567',
    '09991234567',
    '',
    'abc',
    '+1 202 555 0100',
  ])('unknown prefix %j → undefined', (phone) => {
    expect(suggestNetwork(phone)).toBeUndefined();
  });

  it('every listed prefix maps back to its network, and no prefix is listed twice', () => {
    const all = Object.values(NETWORK_PREFIXES).flat();
    expect(new Set(all).size).toBe(all.length);
    for (const [name, prefixes] of Object.entries(NETWORK_PREFIXES)) {
      for (const p of prefixes) {
        expect(p).toMatch(/^0[789]\d\d$/);
        expect(suggestNetwork(`${p}1234567`)).toBe(name);
        expect(suggestNetwork(`+234${p.slice(1)}1234567`)).toBe(name);
      }
    }
  });
});
