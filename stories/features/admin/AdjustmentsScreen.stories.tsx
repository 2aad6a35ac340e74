import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  ADJUSTMENT_MSG,
  DEFAULT_ADJUSTMENT_APPROVAL_KOBO,
  DEFAULT_CUSTOMER_DAILY_KOBO,
  DEFAULT_MAKER_DAILY_KOBO,
  DEFAULT_TRANSFER_FEE,
  FOUR_EYES_MSG,
  SERVER_MSG,
  transferCredit,
  waitReasonText,
} from '@contract';
import { db, variants } from '@mocks/index';
import { AdjustmentsScreen } from '@/features/admin/components/adjustments-screen';
import { signedInAsAdmin, signedInAsRole } from './session';

const LIMITS = {
  approval_above: DEFAULT_ADJUSTMENT_APPROVAL_KOBO,
  maker_daily: DEFAULT_MAKER_DAILY_KOBO,
  customer_daily: DEFAULT_CUSTOMER_DAILY_KOBO,
};

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
    await expect(
      await canvas.findByText(
        `${ADJUSTMENT_MSG.awaitingApproval} ${waitReasonText('above_threshold', LIMITS)}`,
      ),
    ).toBeVisible();
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
    // The first invalid field takes the focus, as on every form.
    await waitFor(() => expect(canvas.getByLabelText(/Customer e-mail/)).toHaveFocus());
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
    await waitFor(() => expect(canvas.getByLabelText(/Customer e-mail/)).toHaveFocus());
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

/**
 * Four eyes (ADR 0070): what this admin may still move alone today, the per-customer total and
 * the threshold; the owner sees the form for the daily totals.
 */
export const FourEyesTotals: Story = {
  play: async ({ canvas }) => {
    const section = within(await canvas.findByRole('region', { name: 'Four eyes' }));
    await expect(await section.findByTestId('maker-left')).toHaveTextContent(
      'You may still move ₦200,000.00 alone today, of ₦200,000.00.',
    );
    await expect(
      section.getByText('Each customer: at most ₦50,000.00 a day by instant actions.'),
    ).toBeVisible();
    await expect(
      section.getByRole('form', { name: 'Daily totals of instant actions' }),
    ).toBeVisible();
    // The demo has one admin: nobody else could approve what waits, and the card says so.
    await expect(section.getByTestId('approvers')).toHaveTextContent(
      'No other admin can approve what you ask for',
    );
  },
};

/** The maker's own pending adjustment: no Approve, only Withdraw, confirmed; nothing moves. */
export const WithdrawOwnAdjustment: Story = {
  play: async ({ canvas, userEvent }) => {
    const own = db.adjustments.find((a) => a.status === 'pending' && a.maker_id === 'usr_admin')!;
    const list = within(await table(canvas));
    await userEvent.click(await list.findByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw this adjustment?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(own.status).toBe('rejected'));
    await expect(
      within(await table(canvas)).queryByRole('button', { name: 'Withdraw' }),
    ).toBeNull();
  },
};

/** A finance admin reads the totals but cannot change them (only an owner can). */
export const FourEyesTotalsFinance: Story = {
  beforeEach: signedInAsRole('finance'),
  play: async ({ canvas }) => {
    const section = within(await canvas.findByRole('region', { name: 'Four eyes' }));
    await expect(await section.findByTestId('maker-left')).toBeVisible();
    await expect(
      section.queryByRole('form', { name: 'Daily totals of instant actions' }),
    ).toBeNull();
  },
};

/** The owner changes the daily totals: a bad figure says what is allowed, a good one saves. */
export const SetDailyTotals: Story = {
  play: async ({ canvas, userEvent }) => {
    const form = within(
      await canvas.findByRole('form', { name: 'Daily totals of instant actions' }),
    );
    const perCustomer = form.getByLabelText('Per customer, a day (₦)');
    await userEvent.clear(perCustomer);
    await userEvent.type(perCustomer, '12.345');
    await userEvent.click(form.getByRole('button', { name: 'Save daily totals' }));
    await expect(await form.findByText(FOUR_EYES_MSG.dailyInvalid)).toBeVisible();
    await userEvent.clear(perCustomer);
    await userEvent.type(perCustomer, '20000');
    await userEvent.click(form.getByRole('button', { name: 'Save daily totals' }));
    await expect(await form.findByText(FOUR_EYES_MSG.saved)).toBeVisible();
    await expect(db.fourEyes.customer_daily).toBe(20_000_00);
    await expect(db.audit[0]).toMatchObject({ action: 'fourEyes.settings' });
  },
};

/** Past the customer's total of the day, a small credit waits too, and says why. */
export const WaitsPastCustomerTotal: Story = {
  play: async ({ canvas, userEvent }) => {
    db.fourEyes.customer_daily = 1_000_00;
    const dialog = await fill(canvas, userEvent, '2500', 'RCPT-9010');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit ₦2,500.00' }));
    const why = waitReasonText('customer_daily', { ...LIMITS, customer_daily: 1_000_00 });
    await expect(
      await canvas.findByText(`${ADJUSTMENT_MSG.awaitingApproval} ${why}`),
    ).toBeVisible();
    await expect(db.adjustments[0]).toMatchObject({ reference: 'RCPT-9010', status: 'pending' });
  },
};

const waiting = (canvas: Canvas) =>
  canvas.findByRole('table', { name: 'Requests waiting for a second admin' });

/**
 * Another admin's held-transfer assignment waits: the row says what, how much and why; the
 * approver confirms, and the customer is credited once.
 */
export const ApproveWaitingAssignment: Story = {
  play: async ({ canvas, userEvent }) => {
    const list = within(await waiting(canvas));
    await expect(
      await list.findByText('Assign transfer 8123456703 to chiamaka@example.com'),
    ).toBeVisible();
    await expect(list.getByText(waitReasonText('above_threshold', LIMITS))).toBeVisible();
    const before = db.users.find((u) => u.email === 'chiamaka@example.com')!.wallet_balance;
    await userEvent.click(list.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve this request?' });
    await expect(within(dialog).getByText('finance@example.com')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expect(await canvas.findByText(FOUR_EYES_MSG.approved)).toBeVisible();
    // ₦60,000 less the stamp duty and the transfer fee, as any bank transfer.
    await expect(db.users.find((u) => u.email === 'chiamaka@example.com')!.wallet_balance).toBe(
      before + transferCredit(60_000_00, DEFAULT_TRANSFER_FEE),
    );
    await expect(db.heldTransfers.find((t) => t.id === 'trf_held_3')).toMatchObject({
      status: 'assigned',
      awaiting: null,
    });
  },
};

/** The server refuses (e.g. the approver is the customer): the message stays in the dialog. */
export const ApproveWaitingRefused: Story = {
  parameters: { msw: { handlers: [variants.approveApproval.error] } },
  play: async ({ canvas, userEvent }) => {
    const list = within(await waiting(canvas));
    await userEvent.click(await list.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve this request?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expect(await within(dialog).findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};

/** The maker sees their own request waiting and may only withdraw it. */
export const OwnRequestWithdraw: Story = {
  play: async ({ canvas, userEvent }) => {
    const record = db.approvals.find((a) => a.id === 'apr_seed_1')!;
    record.maker_id = 'usr_admin';
    record.maker = 'admin@example.com';
    const list = within(await waiting(canvas));
    await expect(await list.findByText('Waiting for another admin')).toBeVisible();
    await expect(list.queryByRole('button', { name: 'Approve' })).toBeNull();
    await userEvent.click(list.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw this request?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await expect(await canvas.findByText(FOUR_EYES_MSG.rejected)).toBeVisible();
    await expect(record.status).toBe('rejected');
  },
};

export const NothingWaiting: Story = {
  parameters: { msw: { handlers: [variants.approvals.empty] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Nothing is waiting')).toBeVisible();
  },
};
