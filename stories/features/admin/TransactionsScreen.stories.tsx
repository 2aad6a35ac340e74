import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { SERVER_MSG } from '@contract';
import { db, variants } from '@mocks/index';
import { TransactionsScreen } from '@/features/admin/components/transactions-screen';
import { signedInAsAdmin } from './session';

const meta = {
  title: 'Features/Admin/TransactionsScreen',
  component: TransactionsScreen,
  beforeEach: signedInAsAdmin,
} satisfies Meta<typeof TransactionsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

// The admin sees every transaction, hidden from its owner or not.
const visibleTransactions = () => db.transactions;

/** Server paging: 5 per page, "Page X of Y", Previous / Next. */
export const Paging: Story = {
  play: async ({ canvas, userEvent }) => {
    const pages = Math.max(1, Math.ceil(visibleTransactions().length / 5));
    await expect(await canvas.findByText(`Page 1 of ${pages}`)).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Transactions' });
    await expect(within(table).getAllByRole('row')).toHaveLength(6);
    await expect(canvas.getByRole('button', { name: /Previous/ })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: /Next/ }));
    await expect(await canvas.findByText(`Page 2 of ${pages}`)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Previous/ }));
    await expect(await canvas.findByText(`Page 1 of ${pages}`)).toBeVisible();
  },
};

/** Search by user e-mail, then by transaction id. */
export const Search: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText(/Page 1 of/);
    const mine = visibleTransactions().filter((t) => t.user === 'chiamaka@example.com');
    await userEvent.type(canvas.getByLabelText('User e-mail'), 'chiamaka@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await expect(
      await canvas.findByText(`Page 1 of ${Math.max(1, Math.ceil(mine.length / 5))}`),
    ).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Clear' }));
    const one = mine[0]!;
    await userEvent.type(canvas.getByLabelText('Transaction ID'), one.transaction_id);
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await expect(await canvas.findByText('Page 1 of 1')).toBeVisible();
    await expect(
      canvas.getByRole('row', { name: `Open transaction ${one.transaction_id}` }),
    ).toBeVisible();

    await userEvent.clear(canvas.getByLabelText('Transaction ID'));
    await userEvent.type(canvas.getByLabelText('Transaction ID'), 'no-such-id');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await expect(await canvas.findByText('No transaction matches this search')).toBeVisible();
  },
};

/** A failed transaction: Reverse asks first, then refunds; the list shows it reversed. */
export const Reverse: Story = {
  play: async ({ canvas, userEvent }) => {
    const failed = visibleTransactions().find((t) => t.status === 'failed')!;
    await userEvent.type(canvas.getByLabelText('Transaction ID'), failed.transaction_id);
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    const row = await canvas.findByRole('row', {
      name: `Open transaction ${failed.transaction_id}`,
    });
    await expect(within(row).getByText('Failed')).toBeVisible();
    await userEvent.click(row);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    await expect(within(dialog).getByText('Reverse this transaction?')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, reverse' }));
    await expect(await within(dialog).findByText(SERVER_MSG.reversed)).toBeVisible();
    // The list revalidated: the row and the popup say Reversed; no second reversal offered.
    await expect(await within(row).findByText('Reversed')).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: 'Reverse' })).toBeNull();
  },
};

/** Reverse is offered for a failed transaction only. */
export const NoReverseWhenSuccessful: Story = {
  play: async ({ canvas, userEvent }) => {
    const ok = visibleTransactions().find((t) => t.status === 'successful')!;
    await userEvent.type(canvas.getByLabelText('Transaction ID'), ok.transaction_id);
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await userEvent.click(
      await canvas.findByRole('row', { name: `Open transaction ${ok.transaction_id}` }),
    );
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByText(ok.transaction_id)).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: 'Reverse' })).toBeNull();
  },
};

/** Cancel at the confirmation moves no money. */
export const ReverseCancelled: Story = {
  play: async ({ canvas, userEvent }) => {
    const failed = visibleTransactions().find((t) => t.status === 'failed')!;
    await userEvent.type(canvas.getByLabelText('Transaction ID'), failed.transaction_id);
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await userEvent.click(
      await canvas.findByRole('row', { name: `Open transaction ${failed.transaction_id}` }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(within(dialog).getByRole('button', { name: 'Reverse' })).toBeVisible();
    await expect(
      db.transactions.find((t) => t.transaction_id === failed.transaction_id)?.status,
    ).toBe('failed');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.transactions.slow] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Transactions' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [variants.transactions.empty] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No transactions yet')).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [variants.transactions.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};
