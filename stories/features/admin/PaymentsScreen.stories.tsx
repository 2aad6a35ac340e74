import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { SERVER_MSG } from '@contract';
import { db, variants } from '@mocks/index';
import { PaymentsScreen } from '@/features/admin/components/payments-screen';
import { signedInAsAdmin } from './session';

const meta = {
  title: 'Features/Admin/PaymentsScreen',
  component: PaymentsScreen,
  beforeEach: signedInAsAdmin,
} satisfies Meta<typeof PaymentsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvas }) => {
    const pages = Math.max(1, Math.ceil(db.payments.length / 5));
    await expect(await canvas.findByText(`Page 1 of ${pages}`)).toBeVisible();
  },
};

/** Search by user, then by reference; a row opens the details popup. */
export const SearchAndDetails: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText(/Page 1 of/);
    const payment = db.payments[0]!;
    await userEvent.type(canvas.getByLabelText('User e-mail'), payment.user);
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    const byUser = db.payments.filter((p) => p.user === payment.user).length;
    await expect(
      await canvas.findByText(`Page 1 of ${Math.max(1, Math.ceil(byUser / 5))}`),
    ).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Clear' }));
    await userEvent.type(canvas.getByLabelText('Payment reference'), payment.t_id);
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await expect(await canvas.findByText('Page 1 of 1')).toBeVisible();
    await userEvent.click(canvas.getByRole('row', { name: `Open payment ${payment.t_id}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    await expect(within(dialog).getAllByText(payment.t_id)[0]).toBeVisible();

    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await userEvent.clear(canvas.getByLabelText('Payment reference'));
    await userEvent.type(canvas.getByLabelText('Payment reference'), 'no-such-reference');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await expect(await canvas.findByText('No payment matches this search')).toBeVisible();
  },
};

/** A bank transfer shows its channel in the list and the popup. */
export const BankTransferChannel: Story = {
  beforeEach: () => {
    db.payments.unshift({
      ...db.payments[0]!,
      id: 'pay_transfer',
      t_id: 'TRF-8123456777',
      payment_reference: '8123456777',
      channel: 'bank_transfer',
    });
  },
  play: async ({ canvas, userEvent }) => {
    const row = await canvas.findByRole('row', { name: 'Open payment TRF-8123456777' });
    await expect(within(row).getByText('Bank transfer')).toBeVisible();
    await userEvent.click(row);
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    await expect(within(dialog).getByText('Bank transfer')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.payments.slow] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Payments' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [variants.payments.empty] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No payments yet')).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [variants.payments.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};
