import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SERVER_MSG } from '@contract';
import { db, variants } from '@mocks/index';
import { AdminOverview } from '@/features/admin/components/admin-overview';
import { formatNaira } from '@/lib/money';
import { signedInAsAdmin } from './session';

const meta = {
  title: 'Features/Admin/AdminOverview',
  component: AdminOverview,
  beforeEach: signedInAsAdmin,
} satisfies Meta<typeof AdminOverview>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The six figures, and the chart with its data as a (visually hidden) table. */
export const Success: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(String(db.users.length))).toBeVisible();
    await expect(await canvas.findByText(formatNaira(db.providerBalances.atg))).toBeVisible();
    // The second float names its real provider (ADR 0040); the API path keeps `atgwallet`.
    await expect(canvas.getByText('Flutterwave wallet balance')).toBeVisible();
    await expect(canvas.queryByText(/ATG/)).toBeNull();
    await expect(canvas.getByText(formatNaira(db.providerBalances.vt))).toBeVisible();
    const table = canvas.getByRole('table', { name: /last 30 days/ });
    // 30 days + the header row.
    await expect(within(table).getAllByRole('row')).toHaveLength(31);
    await expect(canvas.getByRole('figure')).toBeVisible();
    // Issue 17: in words a person uses, not milliseconds.
    await expect(canvas.getByText('Signed in during the last 17 minutes')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        variants.adminOverview.slow,
        variants.atgBalance.slow,
        variants.vtBalance.slow,
        variants.reconciliation.slow,
      ],
    },
  },
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        variants.adminOverview.empty,
        variants.atgBalance.empty,
        variants.vtBalance.empty,
        variants.reconciliation.empty,
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/0 transactions worth/)).toBeVisible();
  },
};

/** The overview fails; a provider balance that fails reads "Unavailable". */
export const ServerError: Story = {
  parameters: {
    msw: { handlers: [variants.adminOverview.error, variants.atgBalance.error] },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
    await expect(await canvas.findByText('Unavailable')).toBeVisible();
  },
};
