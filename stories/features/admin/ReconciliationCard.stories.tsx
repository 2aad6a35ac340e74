import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { api, PAYMENT_MISMATCHES, SERVER_MSG } from '@contract';
import { handle, RECONCILIATION_DISCREPANCIES, variants } from '@mocks/index';
import { ReconciliationCard } from '@/features/admin/components/reconciliation-card';
import { formatNaira } from '@/lib/money';
import { signedInAsAdmin } from './session';

const meta = {
  title: 'Features/Admin/ReconciliationCard',
  component: ReconciliationCard,
  beforeEach: signedInAsAdmin,
} satisfies Meta<typeof ReconciliationCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing to look at: the ledger balances, nothing pending too long, payments agree. */
export const AllGood: Story = {
  parameters: { msw: { handlers: [variants.reconciliation.empty] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('All good')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Ledger: OK' })).toBeVisible();
    await expect(
      canvas.getByRole('heading', { name: 'Purchases pending over 24 hours: OK' }),
    ).toBeVisible();
    await expect(canvas.getByText(/none disagree/)).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Disputed purchases: OK' })).toBeVisible();
    await expect(canvas.getByText('npm run reconcile')).toBeVisible();
  },
};

/** One of each discrepancy, listed with what an admin needs to act on it. */
export const Discrepancies: Story = {
  parameters: {
    msw: {
      handlers: [handle(api.reconciliation, () => ({ message: RECONCILIATION_DISCREPANCIES }))],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('4 to look at')).toBeVisible();
    const section = canvas.getByRole('region', { name: 'Reconciliation' });
    const lists = within(section).getAllByRole('list');
    await expect(lists).toHaveLength(4);
    await expect(within(section).getByText(/balance 2500100 ≠ entries 2500000/)).toBeVisible();
    await expect(within(section).getByText(formatNaira(5_075_00))).toBeVisible();
    await expect(within(section).getByText(/17 requeries, flagged/)).toBeVisible();
    await expect(
      within(section).getByText(PAYMENT_MISMATCHES.charged_not_credited, { exact: false }),
    ).toBeVisible();
    // A refunded purchase the provider says it delivered (ADR 0073).
    await expect(
      within(section).getByRole('heading', { name: 'Disputed purchases: 1 found' }),
    ).toBeVisible();
    await expect(
      within(section).getByText(/the provider says delivered \(000 delivered\)/),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.reconciliation.slow] } },
  play: async ({ canvas }) => {
    const section = canvas.getByRole('region', { name: 'Reconciliation' });
    await expect(section).toHaveAttribute('aria-busy', 'true');
    await expect(within(section).getByText('Loading')).toBeInTheDocument();
  },
};

/** The report could not be made: the server's message. */
export const ServerError: Story = {
  parameters: { msw: { handlers: [variants.reconciliation.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};
