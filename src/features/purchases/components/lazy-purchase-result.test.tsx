import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Transaction } from '@contract/entities';
import { TRUST_MSG } from '@contract/messages';

/*
 * The purchase result loads on first use. A purchase whose result view cannot load
 * must still end on a screen that says where the purchase is, never on an error page.
 */

const bought = {
  transaction_id: 'TX-1',
  user: 'ada@example.com',
  user_id: 'u-ada',
  date: Date.UTC(2024, 2, 6, 13, 5),
  product: 'Airtime',
  value: 50_000,
  status: 'successful',
  direction: 'debit',
  amountCharged: 49_000,
  balance_before: 1_000_000,
  balance_after: 951_000,
  service_id: 'mtn',
  transaction_phone: '08031231111',
  kind: 'purchase',
  amount: 49_000,
} as Transaction;

afterEach(() => {
  vi.doUnmock('./purchase-result');
  vi.resetModules();
});

async function showResult() {
  const { PurchaseResult } = await import('./lazy-purchase-result');
  const onDone = vi.fn();
  render(
    <MemoryRouter>
      <PurchaseResult transaction={bought} onDone={onDone} />
    </MemoryRouter>,
  );
  return onDone;
}

describe('the purchase result, loaded on first use', () => {
  it('shows the result once its view has loaded', async () => {
    vi.doMock('./purchase-result', () => ({
      PurchaseResult: ({ transaction }: { transaction: Transaction }) => (
        <p>Result of {transaction.transaction_id}</p>
      ),
    }));
    await showResult();
    expect(screen.getByRole('status', { name: 'Loading the result' })).toBeInTheDocument();
    expect(await screen.findByText('Result of TX-1')).toBeInTheDocument();
  });

  it('sends the customer to History when the view cannot load, and Done still works', async () => {
    vi.doMock('./purchase-result', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const onDone = await showResult();
    expect(await screen.findByText(TRUST_MSG.resultUnavailable)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open transaction history' })).toHaveAttribute(
      'href',
      '/user/dashboard/transactions',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('tries again for the next purchase after a failure', async () => {
    let attempts = 0;
    vi.doMock('./purchase-result', () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return {
        PurchaseResult: ({ transaction }: { transaction: Transaction }) => (
          <p>Result of {transaction.transaction_id}</p>
        ),
      };
    });
    const { PurchaseResult } = await import('./lazy-purchase-result');
    const first = render(
      <MemoryRouter>
        <PurchaseResult transaction={bought} onDone={() => {}} />
      </MemoryRouter>,
    );
    expect(await screen.findByText(TRUST_MSG.resultUnavailable)).toBeInTheDocument();
    first.unmount();
    render(
      <MemoryRouter>
        <PurchaseResult transaction={bought} onDone={() => {}} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Result of TX-1')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});
