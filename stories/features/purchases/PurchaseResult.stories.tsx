import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { api, type Transaction } from '@contract';
import { handle } from '@mocks/index';
import { TRUST_MSG } from '@contract/messages';
import { FAILURE_MSG } from '@contract/messages/history';
import { PURCHASE_PENDING_MSG } from '@contract/messages/purchase';
import { ResultUnavailable } from '@/features/purchases/components/lazy-purchase-result';
import { NOT_REFUNDED_YET, PurchaseResult } from '@/features/purchases/components/purchase-result';
import { formatNaira } from '@/lib/money';
import { signedIn } from './helpers';

/** Fixed instants, so nothing in a screenshot moves: 2024-03-06 14:05 Lagos. */
const AT = Date.UTC(2024, 2, 6, 13, 5);

const pendingAirtime: Transaction = {
  transaction_id: 'TX-20240306-0101',
  user: 'ada@example.com',
  user_id: 'u-ada',
  date: AT,
  product: 'Airtime',
  value: 50_000,
  status: 'pending',
  direction: 'debit',
  amountCharged: 49_000,
  balance_before: 1_000_000,
  balance_after: 951_000,
  service_id: 'mtn',
  transaction_phone: '08031231111',
  kind: 'purchase',
  amount: 49_000,
};

const pendingElectricity: Transaction = {
  ...pendingAirtime,
  transaction_id: 'TX-20240306-0102',
  product: 'Electricity',
  value: 500_000,
  amountCharged: 510_000,
  amount: 510_000,
  balance_after: 490_000,
  service_id: 'ikeja-electric',
  plan: 'Ikeja Electric (IKEDC) Prepaid',
  transaction_phone: undefined,
  meter_number: '45031231111',
  customerName: 'ADEBAYO OKAFOR',
};

/** What the requery worker made of them (decisions §5). */
const delivered: Transaction = {
  ...pendingElectricity,
  status: 'successful',
  token: '1234-5678-9012-3456-7890',
  units: '62.5 kWh',
};

const refunded: Transaction = {
  ...pendingAirtime,
  status: 'reversed',
  // The server's plain sentence for VTpass's 016 (ADR 0074).
  response_msg: FAILURE_MSG.declined('MTN', 'top-up'),
  refund: { amount: 49_000, date: AT + 60_000 },
};

/**
 * GET /api/user/transactions?q=<id> as the server answers it: the purchase's statement line
 * (and its refund line once refunded, ADR 0045). The first `pendingCalls` answers say pending,
 * the later ones `settled`: the screen must ask again by itself to see it settle.
 */
function settlesAfter(pendingCalls: number, pending: Transaction, settled: Transaction) {
  let calls = 0;
  const handler = handle(api.myTransactions, () => {
    calls += 1;
    const line = calls > pendingCalls ? settled : pending;
    const refundLine: Transaction[] =
      line.status === 'reversed'
        ? [
            {
              ...line,
              transaction_id: 'MV-0101',
              kind: 'refund',
              direction: 'credit',
              refund_of: line.transaction_id,
              date: line.refund?.date ?? line.date,
            },
          ]
        : [];
    const lines = [...refundLine, line];
    return { message: lines, page: 1, pages: 1, total: lines.length };
  });
  return {
    handler,
    /** A story's beforeEach: every run starts pending. */
    reset: () => {
      calls = 0;
      return signedIn();
    },
  };
}

/** Stories ask every 20 ms instead of every 5 s: the same rule, no waiting. */
const FAST = { everyMs: 20, times: 5 };

const meta = {
  title: 'Features/Purchases/PurchaseResult',
  component: PurchaseResult,
  beforeEach: signedIn,
  args: { transaction: pendingAirtime, onDone: fn(), refresh: FAST },
} satisfies Meta<typeof PurchaseResult>;

export default meta;
type Story = StoryObj<typeof meta>;

const toDelivered = settlesAfter(1, pendingElectricity, delivered);

/** a pending electricity purchase turns into its token without a reload. */
export const PendingThenDelivered: Story = {
  args: { transaction: pendingElectricity },
  beforeEach: toDelivered.reset,
  parameters: { msw: { handlers: [toDelivered.handler] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Purchase pending')).toBeVisible();
    // No receipt while the provider has not delivered it (ADR 0075).
    await expect(canvas.queryByRole('button', { name: 'Share receipt' })).toBeNull();
    await expect(
      await canvas.findByText('Purchase successful', {}, { timeout: 5000 }),
    ).toBeVisible();
    const result = canvas.getByTestId('purchase-result');
    await expect(within(result).getByRole('button', { name: 'Share receipt' })).toBeVisible();
    await expect(within(result).getByText('1234-5678-9012-3456-7890')).toBeVisible();
    await expect(within(result).getByRole('button', { name: /Copy token/ })).toBeVisible();
    await expect(within(result).queryByText('Purchase pending')).toBeNull();
  },
};

const toRefunded = settlesAfter(1, pendingAirtime, refunded);

/** A pending purchase the provider failed: failed, and says the money came back. */
export const PendingThenRefunded: Story = {
  beforeEach: toRefunded.reset,
  parameters: { msw: { handlers: [toRefunded.handler] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Purchase pending')).toBeVisible();
    await expect(await canvas.findByText('Purchase failed', {}, { timeout: 5000 })).toBeVisible();
    const result = canvas.getByTestId('purchase-result');
    await expect(result).toHaveTextContent(
      `MTN could not complete this top-up. ${formatNaira(49_000)} is back in your wallet.`,
    );
    await expect(within(result).getByText('Refunded')).toBeVisible();
    await expect(within(result).queryByText('Charged')).toBeNull();
  },
};

const neverSettles = settlesAfter(Number.POSITIVE_INFINITY, pendingAirtime, pendingAirtime);

/**
 * Answered pending once the provider took longer than the purchase's answer budget (ADR 0075):
 * taken once, do not pay again, what happens next and when; no receipt until delivered.
 */
export const Processing: Story = {
  // Asks as the app does (every 5 s): the screen stays as the customer first sees it.
  args: { refresh: { everyMs: 5_000, times: 24 } },
  beforeEach: neverSettles.reset,
  parameters: { msw: { handlers: [neverSettles.handler] } },
  play: async ({ canvas }) => {
    const result = canvas.getByTestId('purchase-result');
    await expect(within(result).getByText('Purchase pending')).toBeVisible();
    await expect(within(result).getByText(PURCHASE_PENDING_MSG.body)).toBeVisible();
    await expect(within(result).getByText(PURCHASE_PENDING_MSG.next)).toBeVisible();
    await expect(within(result).queryByRole('button', { name: 'Share receipt' })).toBeNull();
    await expect(within(result).queryByRole('button', { name: 'Check again' })).toBeNull();
    await expect(
      within(result).getByRole('button', { name: 'Make another purchase' }),
    ).toBeVisible();
  },
};

/** Still pending after every check: it stops asking and offers to check again. */
export const StillPending: Story = {
  beforeEach: neverSettles.reset,
  parameters: { msw: { handlers: [neverSettles.handler] } },
  play: async ({ canvas }) => {
    const again = await canvas.findByRole('button', { name: 'Check again' }, { timeout: 5000 });
    await expect(canvas.getByText('Purchase pending')).toBeVisible();
    await expect(canvas.getByText(PURCHASE_PENDING_MSG.stillPending)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Share receipt' })).toBeNull();
    await userEvent.click(again);
    // Asking again starts a new round of checks.
    await expect(canvas.queryByRole('button', { name: 'Check again' })).toBeNull();
    await expect(
      await canvas.findByRole('button', { name: 'Check again' }, { timeout: 5000 }),
    ).toBeVisible();
  },
};

/** Where it went, next to what was bought: the phone, the meter, the card, the exam profile. */
export const DestinationShown: Story = {
  args: { transaction: delivered },
  play: async ({ canvas }) => {
    const result = canvas.getByTestId('purchase-result');
    await expect(
      within(result).getByText('Electricity · Ikeja Electric (IKEDC) Prepaid'),
    ).toBeVisible();
    await expect(within(result).getByText('Meter number')).toBeVisible();
    await expect(within(result).getByText('45031231111')).toBeVisible();
  },
};

/** A JAMB profile id is not on the transaction: the form says where the pins were for. */
export const ExamProfileShown: Story = {
  args: {
    transaction: {
      ...delivered,
      product: 'Education',
      plan: 'JAMB UTME PIN',
      meter_number: undefined,
      customerName: undefined,
      token: undefined,
      units: undefined,
      purchased_code: 'Pin: 1234567890',
    },
    destination: { label: 'JAMB profile ID', value: '1234567890' },
  },
  play: async ({ canvas }) => {
    const result = canvas.getByTestId('purchase-result');
    await expect(within(result).getByText('Education · JAMB UTME PIN')).toBeVisible();
    await expect(within(result).getByText('JAMB profile ID')).toBeVisible();
    await expect(within(result).getAllByText('1234567890').length).toBeGreaterThan(0);
  },
};

/**
 * A refunded failure in plain words (ADR 0074): who could not complete what, and that the
 * money is back; never the provider's code or words ("016 TRANSACTION FAILED").
 */
export const FailedInPlainWords: Story = {
  args: { transaction: refunded },
  play: async ({ canvas }) => {
    const result = canvas.getByTestId('purchase-result');
    await expect(within(result).getByText('Purchase failed')).toBeVisible();
    await expect(result).toHaveTextContent(
      'MTN could not complete this top-up. ₦490.00 is back in your wallet.',
    );
    await expect(result).not.toHaveTextContent(/TRANSACTION|\b016\b|VTpass/);
  },
};

/**
 * with auto-refund off a failed purchase waits for an admin; the screen says
 * the money has not come back yet and how it will, never as if it were refunded.
 */
export const FailedAwaitingRefund: Story = {
  args: {
    transaction: {
      ...pendingAirtime,
      status: 'failed',
      response_msg: FAILURE_MSG.declined('MTN', 'top-up'),
    },
  },
  play: async ({ canvas }) => {
    const result = canvas.getByTestId('purchase-result');
    await expect(within(result).getByText('Purchase failed')).toBeVisible();
    await expect(result).toHaveTextContent(NOT_REFUNDED_YET);
    await expect(within(result).queryByText('Refunded')).toBeNull();
  },
};

/**
 * The money moved but the result's own code could not load (the network dropped just after):
 * the purchase is not hidden behind an error page; the customer is sent to History, where its
 * status, token and pins are (the result loads while the provider answers).
 */
export const ResultCouldNotLoad: Story = {
  render: (args) => <ResultUnavailable {...args} />,
  args: { transaction: delivered },
  parameters: { router: {} },
  play: async ({ canvas, args }) => {
    const result = canvas.getByTestId('purchase-result');
    await expect(result).toHaveTextContent(TRUST_MSG.resultUnavailable);
    await expect(
      within(result).getByRole('link', { name: 'Open transaction history' }),
    ).toHaveAttribute('href', '/user/dashboard/transactions');
    await userEvent.click(within(result).getByRole('button', { name: 'Done' }));
    await expect(args.onDone).toHaveBeenCalledOnce();
  },
};
