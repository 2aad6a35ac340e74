import { describe, expect, it } from 'vitest';
import type { Transaction } from '@contract/entities';
import { receiptContent, receiptFileName } from './receipt';

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

describe('shareable receipt (issue 17)', () => {
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
