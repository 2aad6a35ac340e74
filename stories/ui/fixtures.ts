import type { Transaction } from '@contract/entities';

/** Fixed instants, so dates in stories and screenshots never change: 2024-03-06 14:05 Lagos. */
export const AT = Date.UTC(2024, 2, 6, 13, 5);

const base = {
  user: 'ada@example.com',
  user_id: 'u-ada',
  date: AT,
  direction: 'debit',
  status: 'successful',
} as const;

export const airtime: Transaction = {
  ...base,
  transaction_id: 'TX-20240306-0001',
  product: 'Airtime',
  value: 50_000,
  amountCharged: 49_000,
  balance_before: 1_000_000,
  balance_after: 951_000,
  transaction_phone: '08031234567',
  service_id: 'mtn',
};

export const electricity: Transaction = {
  ...base,
  transaction_id: 'TX-20240306-0002',
  product: 'Electricity',
  value: 500_000,
  amountCharged: 510_000,
  balance_before: 951_000,
  balance_after: 441_000,
  meter_number: '45031234567',
  customerName: 'ADEBAYO OLUWASEUN & SONS NIGERIA LIMITED (PREPAID METER, LEKKI PHASE 1)',
  token: '1234-5678-9012-3456-7890',
  exchangeReference: 'EKEDC-9F3A2C7D1E',
  units: '62.5 kWh',
  status: 'pending',
};

export const cable: Transaction = {
  ...base,
  transaction_id: 'TX-20240305-0003',
  product: 'CableTV',
  value: 750_000,
  amountCharged: 760_000,
  balance_before: 2_000_000,
  balance_after: 1_240_000,
  smart_card_number: '7023456789',
  plan: 'DStv Compact',
  customerName: 'Ada Obi',
  status: 'failed',
  date: AT - 86_400_000,
};

export const education: Transaction = {
  ...base,
  transaction_id: 'TX-20240304-0004',
  product: 'Education',
  value: 340_000,
  amountCharged: 680_000,
  balance_before: 1_240_000,
  balance_after: 560_000,
  quantity: 2,
  plan: 'WAEC Result Checker PIN',
  purchased_code: 'WRN123456789, WRN987654321',
  status: 'reversed',
  date: AT - 2 * 86_400_000,
};

export const data: Transaction = {
  ...base,
  transaction_id: 'TX-20240303-0005',
  product: 'Data',
  value: 150_000,
  amountCharged: 150_000,
  balance_before: 560_000,
  balance_after: 410_000,
  account_id: '1402345678',
  plan: 'SMILE 10GB - 30 days',
  status: 'cancelled',
  date: AT - 3 * 86_400_000,
};

/** Twelve transactions: three pages of five. */
export const transactions: Transaction[] = Array.from({ length: 12 }, (_, index) => {
  const source = [airtime, electricity, cable, education, data][index % 5]!;
  return {
    ...source,
    transaction_id: `TX-2024-${String(index + 1).padStart(4, '0')}`,
    user: `customer${index + 1}@example.com`,
    date: AT - index * 3_600_000,
  };
});
