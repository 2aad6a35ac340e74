import { describe, expect, it } from 'vitest';
import { TRANSFER_MSG } from './messages';
import { accountNames, BvnVerificationBody, bvnNamesMatch } from './verification';

const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0]?.message;

describe('level 2 by BVN (ADR 0063)', () => {
  it('the account’s first and last names are its first and last words', () => {
    expect(accountNames('  Ada   Lovelace  Obi ')).toEqual({ first: 'Ada', last: 'Obi' });
    expect(accountNames('Madonna')).toEqual({ first: 'Madonna', last: 'Madonna' });
  });

  it('names match ignoring case and spaces, in either order; middle names are not compared', () => {
    expect(bvnNamesMatch('Ada Lovelace Obi', 'ADA', ' obi ')).toBe(true);
    expect(bvnNamesMatch('Obi Ada', 'Ada', 'Obi')).toBe(true);
    expect(bvnNamesMatch('Chiamaka Okafor', 'Chinedu', 'Okafor')).toBe(false);
    expect(bvnNamesMatch('Ada Obi', 'Ada', 'Obii')).toBe(false);
    expect(bvnNamesMatch('Ada Obi', '', '')).toBe(false);
    expect(bvnNamesMatch('', '', '')).toBe(false);
  });

  it('the BVN: 11 digits, with consent, each rule its message', () => {
    expect(msg(BvnVerificationBody.safeParse({ bvn: '', consent: true }))).toBe(
      TRANSFER_MSG.bvnRequired,
    );
    expect(msg(BvnVerificationBody.safeParse({ bvn: '1234567890a', consent: true }))).toBe(
      TRANSFER_MSG.bvnInvalid,
    );
    expect(msg(BvnVerificationBody.safeParse({ bvn: '123456789012', consent: true }))).toBe(
      TRANSFER_MSG.bvnInvalid,
    );
    expect(msg(BvnVerificationBody.safeParse({ bvn: '12345678901', consent: false }))).toBe(
      TRANSFER_MSG.consentRequired,
    );
    expect(BvnVerificationBody.safeParse({ bvn: '12345678901', consent: true }).success).toBe(true);
  });
});
