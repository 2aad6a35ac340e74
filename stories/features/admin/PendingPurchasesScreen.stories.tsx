import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { DISPUTE_MSG, PENDING_MSG, SERVER_MSG } from '@contract';
import { db, now, variants } from '@mocks/index';
import { PendingPurchasesScreen } from '@/features/admin/components/pending-purchases-screen';
import { signedInAsAdmin, signedInAsRole } from './session';

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
    await expect(canvas.getByText(/Every purchase pending now, oldest first/)).toBeVisible();
    await expect((await rows(canvas)).length).toBeGreaterThan(0);
  },
};

/**
 * The alert age is the alert, not a filter (ADR 0078): a purchase pending an hour is listed,
 * after the older ones and without the "Over 24 h" mark, and opens read-only: it is still the
 * requery worker's.
 */
export const YoungPendingListed: Story = {
  beforeEach: () => {
    const cleanup = signedInAsAdmin();
    const old = db.transactions.find((t) => t.status === 'pending' && t.direction === 'debit')!;
    db.transactions.unshift({ ...old, transaction_id: 'young-pending-1', date: now() - 3_600_000 });
    return () => {
      const at = db.transactions.findIndex((t) => t.transaction_id === 'young-pending-1');
      if (at >= 0) db.transactions.splice(at, 1);
      cleanup();
    };
  },
  play: async ({ canvas, userEvent }) => {
    const all = await rows(canvas);
    const [oldest] = all;
    await expect(within(oldest!).getByText('Over 24 h')).toBeVisible();
    const young = await canvas.findByRole('row', { name: 'Open pending purchase young-pending-1' });
    await expect(within(young).queryByText('Over 24 h')).toBeNull();
    await userEvent.click(young);
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByText(PENDING_MSG.tooRecent)).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: 'Fail and refund' })).toBeNull();
    await expect(within(dialog).queryByRole('button', { name: 'Mark delivered' })).toBeNull();
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

/** Fail and refund asks first; the provider says it failed: refunded once; only Close remains. */
export const FailAndRefund: Story = {
  play: async ({ canvas, userEvent }) => {
    const { dialog, id } = await openFirst(canvas, userEvent);
    db.providerAnswers.set(id, 'failed');
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

/**
 * The provider says it delivered the purchase (ADR 0073): fail and refund is refused with its
 * words, nothing changes, and the other actions stay.
 */
export const FailRefusedDelivered: Story = {
  play: async ({ canvas, userEvent }) => {
    const { dialog, id } = await openFirst(canvas, userEvent);
    db.providerAnswers.set(id, 'delivered');
    const audited = db.audit.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fail and refund' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, fail and refund' }));
    await expect(
      await within(dialog).findByText(PENDING_MSG.failButDelivered('VTpass', '000 delivered')),
    ).toBeVisible();
    await expect(db.transactions.find((t) => t.transaction_id === id)?.status).toBe('pending');
    await expect(db.audit).toHaveLength(audited);
    await expect(within(dialog).getByRole('button', { name: 'Requery now' })).toBeEnabled();
  },
};

/** The provider says the purchase failed: mark delivered is refused with its words. */
export const DeliverRefusedFailed: Story = {
  play: async ({ canvas, userEvent }) => {
    const { dialog, id } = await openFirst(canvas, userEvent);
    db.providerAnswers.set(id, 'failed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
    await userEvent.type(within(dialog).getByRole('textbox'), 'REF 2026-11-01/778');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, mark delivered' }));
    await expect(
      await within(dialog).findByText(
        PENDING_MSG.deliverButFailed('VTpass', '016, TRANSACTION FAILED'),
      ),
    ).toBeVisible();
    await expect(db.transactions.find((t) => t.transaction_id === id)?.status).toBe('pending');
  },
};

/** The Disputed list: the provider against how a purchase was settled, open ones first. */
const disputeRows = async (canvas: ReturnType<typeof within>) => {
  const table = await canvas.findByRole('table', { name: 'Disputed purchases' });
  return within(table).findAllByRole('row', { name: /Open disputed purchase/ });
};

/** Two open disputes; one opened shows what we did, what the provider said and who heard it. */
export const Disputed: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Disputed' })).toBeVisible();
    const rows = await disputeRows(canvas);
    await expect(rows).toHaveLength(2);
    await expect(rows[0]!).toHaveTextContent('Refunded, provider says delivered');
    await userEvent.click(rows[0]!);
    const dialog = await screen.findByRole('dialog');
    await expect(
      within(dialog).getByText('delivered (000 delivered): TRANSACTION SUCCESSFUL'),
    ).toBeVisible();
    await expect(within(dialog).getByText(/the requery worker/)).toBeVisible();
    await expect(await within(dialog).findByRole('button', { name: 'Resolve' })).toBeVisible();
  },
};

/** An owner resolves one: a note is needed; then it leaves the open list, audited. */
export const ResolveDispute: Story = {
  play: async ({ canvas, userEvent }) => {
    const [first] = await disputeRows(canvas);
    const id = first!.getAttribute('aria-label')!.replace('Open disputed purchase ', '');
    await userEvent.click(first!);
    const dialog = await screen.findByRole('dialog');
    // The form shows once the admin's role is known (GET /api/admin/me).
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Resolve' }));
    await expect(await within(dialog).findByText(DISPUTE_MSG.noteRequired)).toBeVisible();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Note/ }),
      'VTpass confirmed the bundle was never delivered.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await expect(await within(dialog).findByText(DISPUTE_MSG.resolved)).toBeVisible();
    await expect(db.disputes.find((d) => d.transaction_id === id)).toMatchObject({
      resolution: 'kept',
      resolved_by: 'admin@example.com',
    });
    await expect(db.audit[0]).toMatchObject({ action: 'purchase.dispute', target_id: id });
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await expect(await disputeRows(canvas)).toHaveLength(1);
  },
};

/** Finance reads the disputes but only an owner resolves them: said, and no form. */
export const DisputeNotOwner: Story = {
  beforeEach: signedInAsRole('finance'),
  play: async ({ canvas, userEvent }) => {
    const [first] = await disputeRows(canvas);
    await userEvent.click(first!);
    const dialog = await screen.findByRole('dialog');
    await expect(await within(dialog).findByText(DISPUTE_MSG.ownerOnly)).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: 'Resolve' })).toBeNull();
  },
};

/** Resolved ones: how, by whom and why. */
export const DisputesResolved: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('table', { name: 'Disputed purchases' });
    await userEvent.click(canvas.getByRole('combobox', { name: 'Show' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Resolved' }));
    const [row] = await disputeRows(canvas);
    await userEvent.click(row!);
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByText(/Keep as is by admin@example.com/)).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: 'Resolve' })).toBeNull();
  },
};

export const DisputesEmpty: Story = {
  parameters: { msw: { handlers: [variants.purchaseDisputes.empty] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No purchase is disputed')).toBeVisible();
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
    await expect(await canvas.findByText('No purchase is pending')).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [variants.pendingPurchases.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};
