import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  DEFAULT_ADJUSTMENT_APPROVAL_KOBO,
  DEFAULT_CUSTOMER_DAILY_KOBO,
  DEFAULT_MAKER_DAILY_KOBO,
  SERVER_MSG,
  TRANSFER_MSG,
  waitReasonText,
} from '@contract';
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

/**
 * Held first, then assigned; each held one has its own "assign to" box, but one whose
 * assignment waits for a second admin says so, and why (ADR 0070).
 */
export const Success: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Unmatched bank transfers' });
    await expect(await within(table).findByText('8123456701')).toBeVisible();
    await expect(within(table).getAllByRole('button', { name: 'Assign' })).toHaveLength(2);
    await expect(within(table).getByText('Assigned to bola@example.com')).toBeVisible();
    const awaiting = within(table).getByTestId('awaiting');
    await expect(awaiting).toHaveTextContent(
      'Waiting for a second admin: to chiamaka@example.com, asked by finance@example.com.',
    );
    await expect(awaiting).toHaveTextContent(
      waitReasonText('above_threshold', {
        approval_above: DEFAULT_ADJUSTMENT_APPROVAL_KOBO,
        maker_daily: DEFAULT_MAKER_DAILY_KOBO,
        customer_daily: DEFAULT_CUSTOMER_DAILY_KOBO,
      }),
    );
    await expect(
      await canvas.findByText('You may still move ₦200,000.00 alone today, of ₦200,000.00.'),
    ).toBeVisible();
  },
};

/**
 * Past the customer's total of the day the assignment waits for a second admin: nothing is
 * credited, and the row says so.
 */
export const AssignWaits: Story = {
  play: async ({ canvas, userEvent }) => {
    db.fourEyes.customer_daily = 0;
    const email = await canvas.findByLabelText('Customer e-mail for transfer 8123456701');
    await userEvent.type(email, 'emeka@example.com');
    const before = db.users.find((u) => u.email === 'emeka@example.com')!.wallet_balance;
    await userEvent.click(canvas.getAllByRole('button', { name: 'Assign' })[0]!);
    const dialog = await screen.findByRole('alertdialog', { name: 'Assign this transfer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit ₦15,000.00' }));
    const table = await canvas.findByRole('table', { name: 'Unmatched bank transfers' });
    await waitFor(() => expect(within(table).getAllByTestId('awaiting')).toHaveLength(2));
    await expect(db.users.find((u) => u.email === 'emeka@example.com')!.wallet_balance).toBe(
      before,
    );
    await expect(db.approvals.at(-1)).toMatchObject({
      kind: 'transfer.assign',
      target_id: 'trf_held_1',
      why: 'customer_daily',
    });
  },
};

/**
 * At 360 px each transfer is a card: the e-mail box takes the card's width
 * instead of being squeezed out of a table's last column.
 */
export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas }) => {
    const email = await canvas.findByLabelText('Customer e-mail for transfer 8123456701');
    const box = email.getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(0);
    await expect(box.right).toBeLessThanOrEqual(document.documentElement.clientWidth);
    // Room for an address: "customer@example.com" is about 160 px at this size.
    await expect(box.width).toBeGreaterThanOrEqual(200);
    await expect(canvas.getAllByRole('button', { name: 'Assign' })[0]).toBeVisible();
  },
};

/**
 * A bad e-mail is refused with its message, an unknown one too; a customer's e-mail asks to
 * confirm their name and the amount (ADR 0046), then the customer is credited.
 */
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
    const dialog = await screen.findByRole('alertdialog', { name: 'Assign this transfer?' });
    await expect(within(dialog).getByTestId('assign-customer')).toHaveTextContent('Emeka Nwosu');
    await expect(dialog).toHaveTextContent('₦15,000.00');
    // Nothing moves before the confirmation.
    await expect(db.users.find((u) => u.email === 'emeka@example.com')!.wallet_balance).toBe(
      before,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit ₦15,000.00' }));
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

/** Assigning fails on the server: the message shows in the confirmation, which stays open. */
export const AssignFails: Story = {
  parameters: { msw: { handlers: [variants.assignTransfer.error] } },
  play: async ({ canvas, userEvent }) => {
    const email = await canvas.findByLabelText('Customer e-mail for transfer 8123456701');
    await userEvent.type(email, 'emeka@example.com');
    await userEvent.click(canvas.getAllByRole('button', { name: 'Assign' })[0]!);
    const dialog = await screen.findByRole('alertdialog', { name: 'Assign this transfer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit ₦15,000.00' }));
    await expect(await within(dialog).findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};

/** Cancel: nothing is credited, the e-mail stays typed. */
export const AssignCancelled: Story = {
  play: async ({ canvas, userEvent }) => {
    const email = await canvas.findByLabelText('Customer e-mail for transfer 8123456701');
    await userEvent.type(email, 'emeka@example.com');
    const before = db.users.find((u) => u.email === 'emeka@example.com')!.wallet_balance;
    await userEvent.click(canvas.getAllByRole('button', { name: 'Assign' })[0]!);
    const dialog = await screen.findByRole('alertdialog', { name: 'Assign this transfer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(email).toHaveValue('emeka@example.com');
    await expect(db.users.find((u) => u.email === 'emeka@example.com')!.wallet_balance).toBe(
      before,
    );
  },
};
