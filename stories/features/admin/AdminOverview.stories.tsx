import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SERVER_MSG } from '@contract';
import { db, variants } from '@mocks/index';
import { AdminOverview } from '@/features/admin/components/admin-overview';
import { BELOW_THRESHOLD, NOT_POLLED } from './providers-fixtures';
import { signedInAsAdmin } from './session';

const meta = {
  title: 'Features/Admin/AdminOverview',
  component: AdminOverview,
  beforeEach: signedInAsAdmin,
} satisfies Meta<typeof AdminOverview>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The stat card whose label is `label`. */
const figure = (canvas: { getByText: (text: string) => HTMLElement }, label: string) =>
  canvas.getByText(label).closest('[data-slot="stat-card"]') as HTMLElement;

/**
 * The spec's six figures: four totals, and both floats on their provider's card with its state
 * and last hour (ADR 0055); the chart with its data as a (visually hidden) table.
 */
export const Success: Story = {
  parameters: { msw: { handlers: [BELOW_THRESHOLD] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(String(db.users.length))).toBeVisible();
    const vtpass = within(await canvas.findByRole('article', { name: /^VTpass/ }));
    await expect(vtpass.getByText('VT wallet balance')).toBeVisible();
    await expect(vtpass.getByText('₦320,000.00')).toBeVisible();
    await expect(vtpass.getByRole('alert')).toHaveTextContent('Float below ₦500,000.00');
    const flutterwave = within(canvas.getByRole('article', { name: /^Flutterwave/ }));
    // The second float names its real provider (ADR 0040); the API path keeps `atgwallet`.
    await expect(flutterwave.getByText('Flutterwave wallet balance')).toBeVisible();
    await expect(flutterwave.getByText('₦1,800,000.00')).toBeVisible();
    await expect(canvas.queryByText(/ATG/)).toBeNull();
    // Each float once: on its card, not again as a figure of its own.
    await expect(canvas.getAllByText(/wallet balance$/)).toHaveLength(2);
    const table = canvas.getByRole('table', { name: /last 30 days/ });
    // 30 days + the header row.
    await expect(within(table).getAllByRole('row')).toHaveLength(31);
    await expect(canvas.getByRole('figure')).toBeVisible();
    // in words a person uses, not milliseconds.
    await expect(canvas.getByText('Signed in during the last 17 minutes')).toBeVisible();
    // Referral commissions (ADR 0056), net of the reversed one: the seed's six paid, of which
    // only the newest (₦4, three hours before 1 November 09:00) falls in this Lagos month.
    await expect(figure(canvas, 'Commissions paid')).toHaveTextContent('₦56.37');
    await expect(figure(canvas, 'Commissions this month')).toHaveTextContent('₦4.00');
    // Withdrawals (ADR 0094): the seed's one processing and one awaiting review.
    const waiting = within(canvas.getByRole('article', { name: 'Waiting now' }));
    await expect(waiting.getByText('Processing').nextElementSibling).toHaveTextContent('1');
    await expect(waiting.getByText('Awaiting review').nextElementSibling).toHaveTextContent('1');
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        variants.adminOverview.slow,
        variants.adminProviders.slow,
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
        variants.adminProviders.empty,
        variants.atgBalance.empty,
        variants.vtBalance.empty,
        variants.reconciliation.empty,
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/0 transactions worth/)).toBeVisible();
    await expect(figure(canvas, 'Commissions paid')).toHaveTextContent('₦0.00');
    await expect(figure(canvas, 'Commissions this month')).toHaveTextContent('₦0.00');
    const today = within(canvas.getByRole('article', { name: 'Today' }));
    await expect(today.getByText('Fee income').nextElementSibling).toHaveTextContent('₦0.00');
  },
};

/** The overview fails; a float neither polled nor readable now reads "Unavailable". */
export const ServerError: Story = {
  parameters: {
    msw: { handlers: [variants.adminOverview.error, NOT_POLLED, variants.atgBalance.error] },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
    // No figure pretends to be zero.
    await expect(figure(canvas, 'Commissions paid')).not.toHaveTextContent('₦');
    await expect(canvas.queryByRole('region', { name: 'Withdrawals' })).toBeNull();
    await expect(await canvas.findByText('Unavailable')).toBeVisible();
  },
};

/** The providers cannot be read: said in their section; the rest of the overview stays. */
export const ProvidersError: Story = {
  parameters: { msw: { handlers: [variants.adminProviders.error] } },
  play: async ({ canvas }) => {
    const section = within(await canvas.findByRole('region', { name: 'Providers' }));
    await expect(await section.findByText(SERVER_MSG.serverError)).toBeVisible();
    await expect(await canvas.findByText(String(db.users.length))).toBeVisible();
  },
};
