import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { PENDING_MSG, SERVER_MSG } from '@contract';
import { db, variants } from '@mocks/index';
import { PendingPurchasesScreen } from '@/features/admin/components/pending-purchases-screen';
import { signedInAsAdmin } from './session';

const meta = {
  title: 'Features/Admin/PendingPurchasesScreen',
  component: PendingPurchasesScreen,
  beforeEach: signedInAsAdmin,
} satisfies Meta<typeof PendingPurchasesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The seed's `…1111` purchases, pending for days: oldest first. */
const rows = async (canvas: ReturnType<typeof within>) => {
  const table = await canvas.findByRole('table', { name: 'Pending purchases' });
  return within(table).findAllByRole('row', { name: /Open pending purchase/ });
};

/** Opens the oldest pending purchase; answers its dialog and its id. */
async function openFirst(
  canvas: ReturnType<typeof within>,
  userEvent: { click: (el: Element) => Promise<void> },
) {
  const [first] = await rows(canvas);
  const id = first!.getAttribute('aria-label')!.replace('Open pending purchase ', '');
  await userEvent.click(first!);
  return { dialog: await screen.findByRole('dialog'), id };
}

export const List: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Pending purchases' }),
    ).toBeVisible();
    await expect(canvas.getByText(/still pending after 24 hours/)).toBeVisible();
    await expect((await rows(canvas)).length).toBeGreaterThan(0);
  },
};

/** Requery now goes at once: the mock provider still says pending, nothing changes. */
export const RequeryNow: Story = {
  play: async ({ canvas, userEvent }) => {
    const { dialog, id } = await openFirst(canvas, userEvent);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Requery now' }));
    await expect(await within(dialog).findByText(PENDING_MSG.stillPending)).toBeVisible();
    await expect(db.transactions.find((t) => t.transaction_id === id)?.status).toBe('pending');
    await expect(within(dialog).getByRole('button', { name: 'Fail and refund' })).toBeEnabled();
  },
};

/** Fail and refund asks first, then refunds once; only Close remains. */
export const FailAndRefund: Story = {
  play: async ({ canvas, userEvent }) => {
    const { dialog, id } = await openFirst(canvas, userEvent);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fail and refund' }));
    await expect(
      within(dialog).getByText('Fail this purchase and refund the customer?'),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, fail and refund' }));
    await expect(await within(dialog).findByText(PENDING_MSG.failedRefunded)).toBeVisible();
    await expect(db.transactions.find((t) => t.transaction_id === id)?.status).toBe('reversed');
    await expect(db.audit[0]).toMatchObject({ action: 'purchase.fail', target_id: id });
    await expect(within(dialog).queryByRole('button', { name: 'Fail and refund' })).toBeNull();
    // The footer's Close and the dialog's own ✕.
    await expect(within(dialog).getAllByRole('button', { name: 'Close' })).toHaveLength(2);
  },
};

/** Mark delivered: the code box (with its length limit), then "Yes, mark delivered". */
export const MarkDelivered: Story = {
  play: async ({ canvas, userEvent }) => {
    const { dialog, id } = await openFirst(canvas, userEvent);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
    const input = within(dialog).getByRole('textbox');
    await userEvent.type(input, '<bad>');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await expect(await within(dialog).findByText(PENDING_MSG.codeInvalid)).toBeVisible();
    await userEvent.clear(input);
    await userEvent.type(input, 'REF 2026-11-01/778');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await expect(within(dialog).getByText('Mark this purchase delivered?')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, mark delivered' }));
    await expect(await within(dialog).findByText(PENDING_MSG.markedDelivered)).toBeVisible();
    await expect(db.transactions.find((t) => t.transaction_id === id)).toMatchObject({
      status: 'successful',
      purchased_code: 'REF 2026-11-01/778',
    });
  },
};

/** An action the server refuses: its message shows in the dialog, the purchase stays. */
export const ActionError: Story = {
  parameters: { msw: { handlers: [variants.failPending.error] } },
  play: async ({ canvas, userEvent }) => {
    const { dialog } = await openFirst(canvas, userEvent);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fail and refund' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, fail and refund' }));
    await expect(await within(dialog).findByText(SERVER_MSG.serverError)).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Fail and refund' })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.pendingPurchases.slow] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Pending purchases' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [variants.pendingPurchases.empty] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No purchase is pending too long')).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [variants.pendingPurchases.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};
