import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SERVER_MSG, TRANSFER_MSG } from '@contract';
import { db, variants } from '@mocks/index';
import { HeldTransfersScreen } from '@/features/admin/components/held-transfers';
import { signedInAsAdmin } from './session';

const meta = {
  title: 'Features/Admin/HeldTransfersScreen',
  component: HeldTransfersScreen,
  beforeEach: signedInAsAdmin,
} satisfies Meta<typeof HeldTransfersScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Held first, then assigned; each held one has its own "assign to" box. */
export const Success: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Unmatched bank transfers' });
    await expect(await within(table).findByText('8123456701')).toBeVisible();
    await expect(within(table).getAllByRole('button', { name: 'Assign' })).toHaveLength(2);
    await expect(within(table).getByText('Assigned to bola@example.com')).toBeVisible();
  },
};

/** One click assigns: a bad e-mail is refused with its message, then the customer is credited. */
export const Assign: Story = {
  play: async ({ canvas, userEvent }) => {
    const email = await canvas.findByLabelText('Customer e-mail for transfer 8123456701');
    const assign = () => canvas.getAllByRole('button', { name: 'Assign' })[0]!;
    await userEvent.click(assign());
    await expect(await canvas.findByText(TRANSFER_MSG.assignEmail)).toBeVisible();
    await userEvent.type(email, 'nobody@example.com');
    await userEvent.click(assign());
    await expect(await canvas.findByText(SERVER_MSG.userNotFound)).toBeVisible();
    await userEvent.clear(email);
    await userEvent.type(email, 'emeka@example.com');
    const before = db.users.find((u) => u.email === 'emeka@example.com')!.wallet_balance;
    await userEvent.click(assign());
    await expect(await canvas.findByText('Assigned to emeka@example.com')).toBeVisible();
    // ₦15,000 − ₦50 stamp duty − ₦150 fee.
    await expect(db.users.find((u) => u.email === 'emeka@example.com')!.wallet_balance).toBe(
      before + 14_800_00,
    );
    await expect(db.payments[0]).toMatchObject({
      t_id: 'TRF-8123456701',
      channel: 'bank_transfer',
    });
    await expect(db.audit[0]).toMatchObject({
      action: 'transfer.assign',
      admin: 'admin@example.com',
    });
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.heldTransfers.slow] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Unmatched bank transfers' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [variants.heldTransfers.empty] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No unmatched transfers')).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [variants.heldTransfers.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};

/** Assigning fails on the server: the message shows under that transfer's box. */
export const AssignFails: Story = {
  parameters: { msw: { handlers: [variants.assignTransfer.error] } },
  play: async ({ canvas, userEvent }) => {
    const email = await canvas.findByLabelText('Customer e-mail for transfer 8123456701');
    await userEvent.type(email, 'emeka@example.com');
    await userEvent.click(canvas.getAllByRole('button', { name: 'Assign' })[0]!);
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};
