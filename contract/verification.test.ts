import { describe, expect, it } from 'vitest';
import { TRANSFER_MSG } from './messages';
import { fundingCredit, type CardFeePayer } from './pricing';
import {
  accountNames,
  BvnVerificationBody,
  bvnNamesMatch,
  creditNote,
  fundingCheck,
  type FundingRoom,
} from './verification';

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

describe('fundingCheck with the card fee', () => {
  // Level 1 as seeded: ₦50,000 a day in, ₦300,000 at most on the wallet.
  const room = (card_fee_payer: CardFeePayer, funded_today = 0): FundingRoom => ({
    level: 1,
    limits: {
      level: 1,
      max_balance: 300_000_00,
      daily_funding: 50_000_00,
      daily_spending: 50_000_00,
    },
    funded_today,
    balance: 0,
    card_fee_payer,
  });

  it('counts only what reaches the wallet: a customer-borne fee leaves room that a business-borne one does not', () => {
    // ₦10,150 paid with ₦40,000 already in today: ₦10,100 credited when the business pays the
    // card fee (past the ₦10,000 left), ₦9,958.90 when the customer does (1.4 % = ₦142.10).
    expect(fundingCheck(10_150_00, room('business', 40_000_00)).kind).toBe('held');
    expect(fundingCheck(10_150_00, room('customer', 40_000_00))).toEqual({ kind: 'ok' });
  });

  it('still refuses what can never fit, and names the amount paid', () => {
    const check = fundingCheck(52_000_00, room('customer'));
    // ₦52,000 less ₦50 duty and the ₦728 fee is ₦51,222: more than a day's ₦50,000.
    expect(check).toMatchObject({ kind: 'never', reason: 'daily_funding' });
    expect(check.kind !== 'ok' && check.message).toMatch(
      /^₦52,000 is more than your daily funding limit of ₦50,000 for level 1/,
    );
  });

  it('what a card payment credits: the amount less stamp duty, and less the card fee when the customer bears it', () => {
    expect(fundingCredit(10_000_00, 'business')).toBe(9_950_00);
    expect(fundingCredit(10_000_00, 'customer')).toBe(9_950_00 - 140_00);
    // The fee's cap: ₦2,000 however large the payment.
    expect(fundingCredit(500_000_00, 'customer')).toBe(500_000_00 - 50_00 - 2_000_00);
  });
});

describe('creditNote', () => {
  it('tells a customer who bears the card fee what reaches the wallet, and says nothing otherwise', () => {
    expect(creditNote(10_000_00, 'customer')).toBe(
      '₦9,810 reaches your wallet: the card fee of ₦140 and stamp duty of ₦50 are taken from it.',
    );
    expect(creditNote(5_000_00, 'customer')).toBe(
      '₦4,930 reaches your wallet: the card fee of ₦70 is taken from it.',
    );
    expect(creditNote(10_150_00, 'customer')).toBe(
      '₦9,957.90 reaches your wallet: the card fee of ₦142.10 and stamp duty of ₦50 are taken from it.',
    );
    expect(creditNote(10_000_00, 'business')).toBeNull();
  });
});
