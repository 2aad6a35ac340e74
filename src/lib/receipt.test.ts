import { describe, expect, it } from 'vitest';
import { CABLETV, DATA, EDUCATION, ELECTRICITY } from '@contract/catalogue';
import type { Transaction } from '@contract/entities';
import { receiptContent, receiptFileName } from './receipt';
import { VALUE_WIDTH, wrapText } from './receipt-image';

const tx: Transaction = {
  user: 'ada@example.com',
  user_id: 'u-ada',
  date: Date.UTC(2024, 2, 6, 13, 5),
  direction: 'debit',
  status: 'successful',
  transaction_id: 'TX-20240306-0002',
  product: 'Electricity',
  plan: 'Ikeja Electric Prepaid',
  value: 500_000,
  amountCharged: 510_000,
  balance_before: 951_000,
  balance_after: 441_000,
  meter_number: '45031234567',
  customerName: 'ADEBAYO OLUWASEUN',
  token: '1234-5678-9012-3456-7890',
  units: '62.5 kWh',
};

describe('shareable receipt', () => {
  it('shows the brand, amount, status, token, reference and Lagos date, and no balances', () => {
    const content = receiptContent(tx);
    expect(content).toEqual({
      brand: 'PayBills',
      title: 'Electricity receipt',
      amount: '₦5,000.00',
      status: 'Successful',
      rows: [
        ['Product', 'Electricity · Ikeja Electric Prepaid'],
        ['Meter number', '45031234567'],
        ['Customer', 'ADEBAYO OLUWASEUN'],
        ['Token', '1234-5678-9012-3456-7890'],
        ['Units', '62.5 kWh'],
        ['Amount charged', '₦5,100.00'],
        ['Reference', 'TX-20240306-0002'],
        ['Date', '06 - 03 - 2024 14:05'],
      ],
    });
  });

  it('names an exam pin and a pending airtime purchase plainly', () => {
    const pin = receiptContent({
      ...tx,
      product: 'Education',
      purchased_code: 'Pin: 1234',
      token: undefined,
      units: undefined,
    });
    expect(pin.rows).toContainEqual(['Pin', 'Pin: 1234']);
    expect(receiptContent({ ...tx, status: 'pending' }).status).toBe('Pending');
  });

  it('files it under the brand and the reference, with nothing unsafe in the name', () => {
    expect(receiptFileName(tx)).toBe('paybills-receipt-TX-20240306-0002.png');
    expect(receiptFileName({ ...tx, transaction_id: '../a b/c' })).toBe('paybills-receipt-abc.png');
  });
});

describe('receipts that tell the truth (ADR 0045)', () => {
  const airtime: Transaction = {
    ...tx,
    transaction_id: 'TX-20240306-0009',
    product: 'Airtime',
    plan: undefined,
    meter_number: undefined,
    customerName: undefined,
    token: undefined,
    units: undefined,
    transaction_phone: '08031230000',
    value: 100_000,
    amountCharged: 98_000,
    kind: 'purchase',
    amount: 98_000,
  };

  it('a refunded purchase says Refunded, how much and when, and never "Amount charged"', () => {
    const content = receiptContent({
      ...airtime,
      status: 'reversed',
      refund: { amount: 98_000, date: Date.UTC(2024, 2, 6, 13, 9) },
    });
    expect(content.status).toBe('Refunded');
    expect(content.rows).toContainEqual(['Refunded', '₦980.00']);
    expect(content.rows).toContainEqual(['Refunded on', '06 - 03 - 2024 14:09']);
    expect(content.rows.map(([label]) => label)).not.toContain('Amount charged');
  });

  it('the refund line names the purchase it refunds', () => {
    const content = receiptContent({
      ...airtime,
      transaction_id: 'mv-1',
      kind: 'refund',
      status: 'reversed',
      direction: 'credit',
      amountCharged: 0,
      value: 98_000,
      refund_of: 'TX-20240306-0009',
    });
    expect(content.title).toBe('Refund · Airtime receipt');
    expect(content.amount).toBe('₦980.00');
    expect(content.rows).toContainEqual(['Refunded', '₦980.00']);
    expect(content.rows).toContainEqual(['Refund of', 'TX-20240306-0009']);
    expect(content.rows.map(([label]) => label)).not.toContain('Amount charged');
  });

  it('an incoming share says from whom, not "Recipient" or "Amount charged"', () => {
    const share: Transaction = {
      ...airtime,
      product: 'Transfer',
      transaction_phone: undefined,
      direction: 'credit',
      kind: 'share_in',
      value: 100_000,
      amountCharged: 100_000,
      amount: 100_000,
      counterparty: 'bola@example.com',
      counterparty_name: 'Bola Ade',
    };
    const content = receiptContent(share);
    expect(content.title).toBe('From Bola Ade receipt');
    expect(content.rows).toContainEqual(['From', 'Bola Ade (bola@example.com)']);
    expect(content.rows).toContainEqual(['Received', '₦1,000.00']);
    const labels = content.rows.map(([label]) => label);
    expect(labels).not.toContain('Recipient');
    expect(labels).not.toContain('Amount charged');
    // An answer from before the statement (no kind) still says From for a credit.
    const old = receiptContent({ ...share, kind: undefined, counterparty_name: undefined });
    expect(old.rows).toContainEqual(['From', 'bola@example.com']);
    expect(old.rows.map(([label]) => label)).not.toContain('Amount charged');
  });

  it('a funding shows what was paid, the fee, the stamp duty and what reached the wallet', () => {
    const content = receiptContent({
      ...airtime,
      transaction_id: 'pay-1',
      transaction_phone: undefined,
      product: 'Funding',
      kind: 'bank_transfer',
      direction: 'credit',
      value: 2_000_000,
      amount: 1_975_000,
      amountCharged: 0,
      fee: 20_000,
      stamp_duty: 5_000,
      reference: 'TRF-123',
    });
    expect(content.title).toBe('Bank transfer receipt');
    expect(content.amount).toBe('₦19,750.00');
    expect(content.rows.slice(0, 5)).toEqual([
      ['Paid in', '₦20,000.00'],
      ['Fee', '₦200.00'],
      ['Stamp duty', '₦50.00'],
      ['Credited', '₦19,750.00'],
      ['Payment reference', 'TRF-123'],
    ]);
  });

  it('the image wraps a long reference or product name onto more lines and cuts nothing', () => {
    const measure = (text: string) => text.length * 10;
    const reference = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
    const lines = wrapText(measure, reference, 120);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe(reference);
    expect(lines.every((l) => measure(l) <= 120)).toBe(true);
    const name = 'Data · MTN 40GB Monthly Plan + 10GB YouTube Night (30 days)';
    const wrapped = wrapText(measure, name, 200);
    expect(wrapped.join(' ')).toBe(name);
    expect(wrapped.every((l) => measure(l) <= 200)).toBe(true);
    expect(wrapText(measure, 'short', 200)).toEqual(['short']);
  });

  it('wraps the longest product the catalogue sells and a 40-character reference at the receipt width', () => {
    // Bold 24 px sans-serif is about 14 px a character; wide letters more.
    const measure = (text: string) =>
      [...text].reduce((w, c) => w + (/[MW@]/.test(c) ? 22 : /[A-Z0-9]/.test(c) ? 16 : 13), 0);
    const named = [
      ...DATA.flatMap((v) => v.plans.map((p) => `Data · ${p.name}`)),
      ...CABLETV.flatMap((v) => v.plans.map((p) => `CableTV · ${p.name}`)),
      ...EDUCATION.flatMap((v) => v.plans.map((p) => `Education · ${p.name}`)),
      ...ELECTRICITY.map((v) => `Electricity · ${v.name}`),
    ];
    const longest = named.reduce((a, b) => (b.length > a.length ? b : a));
    const [product, plan] = longest.split(' · ') as [Transaction['product'], string];
    const reference = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0';
    expect(reference).toHaveLength(40);
    const rows = receiptContent({ ...tx, product, plan, transaction_id: reference }).rows;
    const value = (label: string) => rows.find(([l]) => l === label)![1];
    expect(value('Product')).toBe(longest);

    const name = wrapText(measure, longest, VALUE_WIDTH);
    expect(name.length).toBeGreaterThan(1);
    expect(name.join(' ')).toBe(longest);
    const ref = wrapText(measure, value('Reference'), VALUE_WIDTH);
    expect(ref.length).toBeGreaterThan(1);
    expect(ref.join('')).toBe(reference);
    for (const line of [...name, ...ref]) {
      expect(line).not.toBe('');
      expect(measure(line)).toBeLessThanOrEqual(VALUE_WIDTH);
    }
  });
});
