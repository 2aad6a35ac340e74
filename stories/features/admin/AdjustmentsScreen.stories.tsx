import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { ADJUSTMENT_MSG, SERVER_MSG } from '@contract';
import { db, variants } from '@mocks/index';
import { AdjustmentsScreen } from '@/features/admin/components/adjustments-screen';
import { signedInAsAdmin } from './session';

const meta = {
  title: 'Features/Admin/AdjustmentsScreen',
  component: AdjustmentsScreen,
  beforeEach: signedInAsAdmin,
} satisfies Meta<typeof AdjustmentsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
type User = {
  click: (el: Element) => Promise<void>;
  paste: (text: string) => Promise<void>;
};

/** Types by pasting: one event per field, not one per key (the form, not the keyboard, is tested). */
async function enter(userEvent: User, field: Element, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

const table = (canvas: Canvas) => canvas.findByRole('table', { name: 'Manual wallet adjustments' });

/** Fills the form for the demo customer and presses Continue; answers the confirmation. */
async function fill(canvas: Canvas, userEvent: User, amount: string, reference: string) {
  await enter(userEvent, await canvas.findByLabelText(/Customer e-mail/), 'chiamaka@example.com');
  await enter(userEvent, canvas.getByLabelText(/Amount/), amount);
  await enter(userEvent, canvas.getByLabelText(/Reference/), reference);
  await enter(userEvent, canvas.getByLabelText(/Reason/), 'Cash paid at the office');
  await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
  return screen.findByRole('alertdialog');
}

/** The seed: another admin's pending credit (Approve, Reject), the demo admin's own, a rejected one. */
export const List: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Adjustments' }),
    ).toBeVisible();
    const list = within(await table(canvas));
    await expect(await list.findByText('Cash paid at the Ikeja office')).toBeVisible();
    await expect(list.getAllByRole('button', { name: 'Approve' })).toHaveLength(1);
    await expect(list.getByText('Waiting for another admin')).toBeVisible();
    await expect(list.getByText('Rejected')).toBeVisible();
    await expect(
      canvas.getByText('Above ₦50,000.00 a second admin approves before money moves.'),
    ).toBeVisible();
  },
};

/** Up to the threshold: the confirmation names the customer, then the wallet moves at once. */
export const CreditAtOnce: Story = {
  play: async ({ canvas, userEvent }) => {
    const before = db.users.find((u) => u.email === 'chiamaka@example.com')!.wallet_balance;
    const dialog = await fill(canvas, userEvent, '2500', 'RCPT-9001');
    await expect(within(dialog).getByTestId('adjustment-customer')).toHaveTextContent(
      'Chiamaka Okafor',
    );
    await expect(within(dialog).getByText(/at once/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit ₦2,500.00' }));
    await expect(await canvas.findByText(ADJUSTMENT_MSG.applied)).toBeVisible();
    await expect(db.users.find((u) => u.email === 'chiamaka@example.com')!.wallet_balance).toBe(
      before + 2_500_00,
    );
    await expect(db.audit[0]).toMatchObject({ action: 'adjustment.create' });
  },
};

/** Above the threshold: it waits for a second admin and nothing moves. */
export const AwaitsApproval: Story = {
  play: async ({ canvas, userEvent }) => {
    const before = db.users.find((u) => u.email === 'chiamaka@example.com')!.wallet_balance;
    const dialog = await fill(canvas, userEvent, '80000', 'RCPT-9002');
    await expect(within(dialog).getByText(/waits for a second admin/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit ₦80,000.00' }));
    await expect(await canvas.findByText(ADJUSTMENT_MSG.awaitingApproval)).toBeVisible();
    await expect(db.users.find((u) => u.email === 'chiamaka@example.com')!.wallet_balance).toBe(
      before,
    );
    await expect(db.adjustments[0]).toMatchObject({ reference: 'RCPT-9002', status: 'pending' });
  },
};

/** Nothing typed: each field says what it needs; no call, no dialog. */
export const Invalid: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByText(ADJUSTMENT_MSG.emailRequired)).toBeVisible();
    await expect(canvas.getByText(ADJUSTMENT_MSG.amountInvalid)).toBeVisible();
    await expect(canvas.getByText(ADJUSTMENT_MSG.reasonRequired)).toBeVisible();
    await expect(canvas.getByText(ADJUSTMENT_MSG.referenceRequired)).toBeVisible();
    await expect(screen.queryByRole('alertdialog')).toBeNull();
  },
};

/** An e-mail that is nobody's: said under the field, no confirmation. */
export const UnknownCustomer: Story = {
  play: async ({ canvas, userEvent }) => {
    await enter(userEvent, await canvas.findByLabelText(/Customer e-mail/), 'nobody@example.com');
    await enter(userEvent, canvas.getByLabelText(/Amount/), '100');
    await enter(userEvent, canvas.getByLabelText(/Reference/), 'RCPT-9003');
    await enter(userEvent, canvas.getByLabelText(/Reason/), 'Cash paid at the office');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByText(SERVER_MSG.userNotFound)).toBeVisible();
    await expect(screen.queryByRole('alertdialog')).toBeNull();
  },
};

/** Approve another admin's adjustment: confirmed first, then the wallet is credited once. */
export const Approve: Story = {
  play: async ({ canvas, userEvent }) => {
    const before = db.users.find((u) => u.email === 'chiamaka@example.com')!.wallet_balance;
    const list = within(await table(canvas));
    await userEvent.click(await list.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(within(dialog).getByText('Chiamaka Okafor')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit ₦75,000.00' }));
    // The list refreshes: the row now says who approved it.
    await expect(await within(await table(canvas)).findByText('Approved')).toBeVisible();
    await expect(db.users.find((u) => u.email === 'chiamaka@example.com')!.wallet_balance).toBe(
      before + 75_000_00,
    );
    await expect(db.adjustments.find((a) => a.id === 'adj_0003')).toMatchObject({
      status: 'approved',
      checker: 'admin@example.com',
    });
  },
};

/** Reject: nothing moves. */
export const Reject: Story = {
  play: async ({ canvas, userEvent }) => {
    const list = within(await table(canvas));
    await userEvent.click(await list.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(db.adjustments.find((a) => a.id === 'adj_0003')?.status).toBe('rejected'),
    );
    await waitFor(async () =>
      expect(within(await table(canvas)).getAllByText('Rejected')).toHaveLength(2),
    );
    await expect(within(await table(canvas)).queryByRole('button', { name: 'Approve' })).toBeNull();
  },
};

/** A refused approval: the server's message stays in the dialog. */
export const ApproveError: Story = {
  parameters: { msw: { handlers: [variants.approveAdjustment.error] } },
  play: async ({ canvas, userEvent }) => {
    const list = within(await table(canvas));
    await userEvent.click(await list.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit ₦75,000.00' }));
    await expect(await within(dialog).findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};

/** The Show filter: only pending ones. */
export const FilterPending: Story = {
  play: async ({ canvas, userEvent }) => {
    const list = within(await table(canvas));
    await expect(await list.findByText('Rejected')).toBeVisible();
    await userEvent.click(canvas.getByRole('combobox', { name: 'Show' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Pending' }));
    await expect(
      await within(await table(canvas)).findByText('Waiting for another admin'),
    ).toBeVisible();
    await expect(within(await table(canvas)).queryByText('Rejected')).toBeNull();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.adjustments.slow] } },
  play: async ({ canvas }) => {
    await expect(await table(canvas)).toHaveAttribute('aria-busy', 'true');
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [variants.adjustments.empty] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No adjustments')).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [variants.adjustments.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};
