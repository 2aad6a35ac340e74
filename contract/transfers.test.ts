import { describe, expect, it } from 'vitest';
import { TRANSFER_MSG } from './messages';
import {
  AssignTransferBody,
  DEFAULT_TRANSFER_FEE,
  describeTransferFee,
  transferCredit,
  transferFee,
  VirtualAccountBody,
  virtualAccountForm,
  type TransferFee,
} from './transfers';

const percent = (bps: number, cap: number, customer_pays = true): TransferFee => ({
  kind: 'percent',
  flat: 0,
  bps,
  cap,
  customer_pays,
});
const flat = (kobo: number, customer_pays = true): TransferFee => ({
  kind: 'flat',
  flat: kobo,
  bps: 0,
  cap: 0,
  customer_pays,
});

describe('transfer fee and credit (kobo)', () => {
  it('default: 1 % capped at ₦300, paid by the customer; stamp duty above ₦9,999', () => {
    expect(transferFee(1_000_00, DEFAULT_TRANSFER_FEE)).toBe(10_00);
    expect(transferCredit(1_000_00, DEFAULT_TRANSFER_FEE)).toBe(990_00);
    expect(transferFee(9_999_00, DEFAULT_TRANSFER_FEE)).toBe(99_99);
    expect(transferCredit(9_999_00, DEFAULT_TRANSFER_FEE)).toBe(9_899_01); // no duty at ₦9,999
    expect(transferCredit(10_000_00, DEFAULT_TRANSFER_FEE)).toBe(9_850_00); // ₦50 duty, ₦100 fee
    expect(transferFee(1_000_000_00, DEFAULT_TRANSFER_FEE)).toBe(300_00); // the cap
    expect(transferCredit(1_000_000_00, DEFAULT_TRANSFER_FEE)).toBe(999_650_00);
  });

  it('rounds half up to the kobo and never charges more than is left', () => {
    expect(transferFee(1_50, percent(100, 0))).toBe(2); // 1.5 kobo → 2
    expect(transferFee(1_00, flat(50_00))).toBe(1_00);
    expect(transferCredit(1_00, flat(50_00))).toBe(0);
    // Above ₦9,999 the duty comes first: the fee takes what is left, the credit is not negative.
    expect(transferCredit(10_000_00, flat(20_000_00))).toBe(0);
    expect(transferFee(10_000_00, flat(20_000_00))).toBe(9_950_00);
  });

  it('a fee the business bears is not taken from the credit', () => {
    expect(transferCredit(20_000_00, percent(100, 300_00, false))).toBe(19_950_00);
    expect(transferFee(20_000_00, percent(100, 300_00, false))).toBe(200_00);
  });

  it('is described in one sentence', () => {
    expect(describeTransferFee(DEFAULT_TRANSFER_FEE)).toBe(
      'Each transfer costs 1% of the amount, at most ₦300.',
    );
    expect(describeTransferFee(flat(50_00))).toBe('Each transfer costs ₦50.');
    expect(describeTransferFee(percent(150, 0))).toBe('Each transfer costs 1.5% of the amount.');
    expect(describeTransferFee(flat(50_00, false))).toBe('Transfers are free.');
    expect(describeTransferFee(flat(0))).toBe('Transfers are free.');
  });
});

describe('bank-transfer bodies', () => {
  const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.success ? null : r.error!.issues[0]!.message;
  it('BVN: 11 digits, with consent', () => {
    expect(msg(VirtualAccountBody.safeParse({ bvn: '', consent: true }))).toBe(
      TRANSFER_MSG.bvnRequired,
    );
    expect(msg(VirtualAccountBody.safeParse({ bvn: '123', consent: true }))).toBe(
      TRANSFER_MSG.bvnInvalid,
    );
    expect(msg(VirtualAccountBody.safeParse({ bvn: '1'.repeat(12), consent: true }))).toBe(
      TRANSFER_MSG.bvnInvalid,
    );
    expect(msg(VirtualAccountBody.safeParse({ bvn: ' 22212345678 ', consent: true }))).toBeNull();
    expect(msg(VirtualAccountBody.safeParse({ bvn: '22212345678', consent: false }))).toBe(
      TRANSFER_MSG.consentRequired,
    );
    expect(msg(virtualAccountForm().safeParse({ bvn: '22212345678', consent: false }))).toBe(
      TRANSFER_MSG.consentRequired,
    );
  });
  it('assigning needs an e-mail of at most 254 characters, lower-cased', () => {
    expect(AssignTransferBody.parse({ id: 't1', email: 'Ada@Example.com' }).email).toBe(
      'ada@example.com',
    );
    expect(msg(AssignTransferBody.safeParse({ id: 't1', email: '' }))).toBe(
      TRANSFER_MSG.assignEmail,
    );
    expect(msg(AssignTransferBody.safeParse({ id: 't1', email: `${'a'.repeat(250)}@b.co` }))).toBe(
      TRANSFER_MSG.assignEmail,
    );
  });
});
