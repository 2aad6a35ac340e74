import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { api, FALLBACK, SERVER_MSG } from '@contract';
import { failureSentence } from '@contract/failure-reasons';
import { FAILURE_MSG, HISTORY_MSG } from '@contract/messages/history';
import { db, DEMO_CUSTOMER, demoSession, errorHandler, variants } from '@mocks/index';
import { untilClickable } from '../../pointer';
import { TransactionsScreen } from '@/features/transactions/components/transactions-screen';
import { formatDateTime } from '@/lib/dates';
import { clearSession, saveTokens } from '@/lib/session';

const meta = {
  title: 'Features/Transactions/TransactionsScreen',
  component: TransactionsScreen,
  args: { onPrint: fn() },
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof TransactionsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The demo customer's newest transaction, as the seed has it. */
function newestOfDemo() {
  return db.transactions
    .filter((tx) => tx.user_id === DEMO_CUSTOMER.id && !tx.hidden)
    .sort((a, b) => b.date - a.date)[0]!;
}

const body = () => within(document.body);

async function bodyRows(canvasElement: HTMLElement) {
  const table = await within(canvasElement).findByRole('table', { name: 'Transactions' });
  await waitFor(() => expect(table).not.toHaveAttribute('aria-busy'));
  return within(table).getAllByRole('row').slice(1);
}

/** Newest first, 5 per page on a phone (the rows that fit, never fewer), Previous / Next. */
export const Default: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const rows = await bodyRows(canvasElement);
    await expect(rows).toHaveLength(5);
    await expect(rows[0]).toHaveAccessibleName(`Open transaction ${newestOfDemo().transaction_id}`);
    await expect(canvas.getByText(/^Page 1 of/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Next/ }));
    // The next server page (GET /api/user/transactions?page=2, ADR 0020).
    await expect(await canvas.findByText(/^Page 2 of/)).toBeVisible();
    const next = await bodyRows(canvasElement);
    await expect(next).toHaveLength(5);
    await expect(next[0]).not.toHaveAccessibleName(
      `Open transaction ${newestOfDemo().transaction_id}`,
    );
  },
};

/**
 * A desktop's page holds the rows that fit its height: 8 at 1280 × 800, where 5
 * left half the screen empty (`historyPageSize`).
 */
export const Desktop: Story = {
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expect(await bodyRows(canvasElement)).toHaveLength(8);
    await userEvent.click(canvas.getByRole('button', { name: /Next/ }));
    await expect(await canvas.findByText(/^Page 2 of/)).toBeVisible();
    const next = await bodyRows(canvasElement);
    await expect(next[0]).not.toHaveAccessibleName(
      `Open transaction ${newestOfDemo().transaction_id}`,
    );
  },
};

/**
 * A line says what it was for and when (ADR 0078): the number, meter or card under the
 * product, and the day with its time in Lagos.
 */
export const LineSaysWhatAndWhen: Story = {
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ canvasElement }) => {
    const rows = await bodyRows(canvasElement);
    const byId = new Map(db.transactions.map((t) => [t.transaction_id, t]));
    const shown = rows.map((row) => ({
      row,
      tx: byId.get(row.getAttribute('aria-label')!.replace('Open transaction ', '')),
    }));
    const toPhones = shown.filter(({ tx }) => tx?.transaction_phone);
    await expect(toPhones.length).toBeGreaterThan(0);
    for (const { row, tx } of toPhones) {
      await expect(row).toHaveTextContent(tx!.transaction_phone!);
      await expect(row).toHaveTextContent(formatDateTime(tx!.date));
    }
    await expect(rows[0]).toHaveTextContent(/\d{2} - \d{2} - \d{4} \d{2}:\d{2}/);
  },
};

/** The filter dropdown: All / Reversed / Successful / Failed (spec §2; its Default says All). */
export const Filter: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    // A full first page: as many rows as fit this viewport (historyPageSize).
    const firstPage = (await bodyRows(canvasElement)).length;
    // Found anew each time: the select's light trigger gives way to Radix's when first opened.
    const filter = () => canvas.getByRole('combobox', { name: 'Show' });
    await expect(filter()).toHaveTextContent('All');

    for (const [label, status] of [
      ['Failed', 'Failed'],
      ['Reversed', 'Reversed'],
      ['Successful', 'Successful'],
    ] as const) {
      await userEvent.click(filter());
      await userEvent.click(await body().findByRole('option', { name: label }));
      await expect(filter()).toHaveTextContent(label);
      const rows = await bodyRows(canvasElement);
      await expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) await expect(row).toHaveTextContent(status);
    }

    await userEvent.click(filter());
    await userEvent.click(await body().findByRole('option', { name: 'All' }));
    await expect(await bodyRows(canvasElement)).toHaveLength(firstPage);
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [variants.myTransactions.empty] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No transactions yet')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.myTransactions.slow] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Transactions' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [variants.myTransactions.error] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(SERVER_MSG.serverError, {}, { timeout: 8000 }),
    ).toBeVisible();
  },
};

/**
 * A row opens the details popup: Close, Print receipt. The newest line is a successful
 * purchase: it moved money, so it cannot be hidden (ADR 0074).
 */
export const Details: Story = {
  play: async ({ canvasElement, userEvent, args }) => {
    await expect(newestOfDemo().status).toBe('successful');
    const [first] = await bodyRows(canvasElement);
    await userEvent.click(first!);
    const dialog = await body().findByRole('dialog', { name: 'Transaction details' });
    await expect(
      within(dialog).getByText(newestOfDemo().transaction_id, { exact: false }),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Print receipt' }));
    await expect(args.onPrint).toHaveBeenCalledOnce();
    await expect(within(dialog).queryByRole('button', { name: HISTORY_MSG.hideAction })).toBeNull();
    await expect(within(dialog).queryByRole('button', { name: /Delete/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
  },
};

/** Opens the demo customer's refunded (failed, then refunded) purchase from a search. */
async function openRefunded(
  canvasElement: HTMLElement,
  userEvent: Parameters<typeof searchFor>[1],
) {
  const purchase = demoWhere((tx) => tx.status === 'reversed' && tx.product !== 'Transfer');
  const rows = await searchFor(canvasElement, userEvent, purchase.transaction_id, 2);
  await userEvent.click(rows[1]!);
  const dialog = await body().findByRole('dialog', { name: 'Transaction details' });
  return { purchase, dialog };
}

/**
 * A failed purchase whose money came back can be hidden: "Hide from history" says what it
 * does, asks first with what stays the same; "Keep it" changes nothing; "Yes, hide it" takes
 * the purchase and its refund out of the list.
 */
export const HideRefunded: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const { purchase, dialog } = await openRefunded(canvasElement, userEvent);
    await userEvent.click(within(dialog).getByRole('button', { name: HISTORY_MSG.hideAction }));
    await expect(within(dialog).getByText(HISTORY_MSG.hideConfirm)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await expect(
      within(dialog).getByRole('button', { name: HISTORY_MSG.hideAction }),
    ).toBeVisible();
    await expect(purchase.hidden).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: HISTORY_MSG.hideAction }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, hide it' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(purchase.hidden).toBe(true);
    await expect(await within(canvasElement).findByText(/No transactions/i)).toBeVisible();
  },
};

/** A pending transaction may still take the money: it cannot be hidden. */
export const PendingNotDeletable: Story = {
  beforeEach: () => {
    newestOfDemo().status = 'pending';
  },
  play: async ({ canvasElement, userEvent }) => {
    const [first] = await bodyRows(canvasElement);
    await userEvent.click(first!);
    const dialog = await body().findByRole('dialog', { name: 'Transaction details' });
    await expect(within(dialog).getByText('Pending')).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: HISTORY_MSG.hideAction })).toBeNull();
  },
};

/** The server refuses (the line moved on since the page read it): its sentence is shown. */
export const HideRefused: Story = {
  parameters: {
    msw: {
      handlers: [errorHandler(api.deleteTransaction, 409, 'conflict', HISTORY_MSG.keepsMoney)],
    },
  },
  play: async ({ canvasElement, userEvent }) => {
    const { dialog } = await openRefunded(canvasElement, userEvent);
    await userEvent.click(within(dialog).getByRole('button', { name: HISTORY_MSG.hideAction }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, hide it' }));
    await expect(await within(dialog).findByText(HISTORY_MSG.keepsMoney)).toBeVisible();
  },
};

/** A refusal without a sentence: the generic fallback. */
export const DeleteFails: Story = {
  parameters: {
    msw: { handlers: [errorHandler(api.deleteTransaction, 400, 'bad_request', '')] },
  },
  play: async ({ canvasElement, userEvent }) => {
    const { dialog } = await openRefunded(canvasElement, userEvent);
    await userEvent.click(within(dialog).getByRole('button', { name: HISTORY_MSG.hideAction }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, hide it' }));
    await expect(await within(dialog).findByText(FALLBACK.genericAlt)).toBeVisible();
  },
};

/** The details popup left open (documentation and screenshots). */
export const DetailsOpen: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const [first] = await bodyRows(canvasElement);
    await userEvent.click(first!);
    await expect(await body().findByRole('dialog', { name: 'Transaction details' })).toBeVisible();
  },
};

// ── The wallet statement (ADR 0045) ────────────────────────────────

/** The demo customer's records of one kind, newest first. */
function demoWhere(match: (tx: ReturnType<typeof newestOfDemo>) => boolean) {
  return db.transactions
    .filter((tx) => tx.user_id === DEMO_CUSTOMER.id && !tx.hidden && match(tx))
    .sort((a, b) => b.date - a.date)[0]!;
}

/** Types `q` in the search box and waits for the lines it finds. */
async function searchFor(
  canvasElement: HTMLElement,
  userEvent: {
    type: (el: Element, text: string) => Promise<void>;
    click: (el: Element) => Promise<void>;
  },
  q: string,
  lines: number,
) {
  const canvas = within(canvasElement);
  await bodyRows(canvasElement);
  await userEvent.type(canvas.getByRole('searchbox', { name: /Search/ }), q);
  await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
  await waitFor(async () => expect(await bodyRows(canvasElement)).toHaveLength(lines));
  return bodyRows(canvasElement);
}

/**
 * A refunded purchase: the search finds it and its refund, − then +; the purchase says
 * Refunded and when, never "Amount charged"; the refund names the purchase.
 */
export const RefundedPurchase: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const purchase = demoWhere((tx) => tx.status === 'reversed');
    const rows = await searchFor(canvasElement, userEvent, purchase.transaction_id, 2);
    await expect(rows[0]).toHaveTextContent(/Refund · Data/);
    await expect(rows[0]).toHaveTextContent('+');
    await expect(rows[1]).toHaveTextContent('\u2212');
    await userEvent.click(rows[1]!);
    const dialog = await body().findByRole('dialog', { name: 'Transaction details' });
    await expect(within(dialog).getByText('Refunded', { selector: 'dt' })).toBeVisible();
    await expect(within(dialog).getByText('Refunded on')).toBeVisible();
    await expect(within(dialog).queryByText('Amount charged')).toBeNull();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    await untilClickable(close);
    await userEvent.click(close);
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await untilClickable(rows[0]!);
    await userEvent.click(rows[0]!);
    const refund = await body().findByRole('dialog', { name: 'Transaction details' });
    await expect(within(refund).getByText('Refund of')).toBeVisible();
    await expect(within(refund).getByText(purchase.transaction_id)).toBeVisible();
    // A ledger line, not a transaction of the customer's: it leaves with its purchase only.
    await expect(within(refund).queryByRole('button', { name: HISTORY_MSG.hideAction })).toBeNull();
  },
};

/**
 * A refunded purchase's details say what went wrong as its result screen did (ADR 0074): the
 * customer's plain sentence naming the network and what was bought, and that the money is
 * back; never the provider's code or words.
 */
export const FailedPurchaseSaysWhy: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const purchase = demoWhere((tx) => tx.status === 'reversed');
    const rows = await searchFor(canvasElement, userEvent, purchase.transaction_id, 2);
    await userEvent.click(rows[1]!);
    const dialog = await body().findByRole('dialog', { name: 'Transaction details' });
    const alert = within(dialog).getByRole('alert');
    await expect(alert).toHaveTextContent('Purchase failed');
    await expect(alert).toHaveTextContent(failureSentence('declined', purchase));
    await expect(alert).toHaveTextContent(
      new RegExp(`₦[\\d,.]+${FAILURE_MSG.refunded('').replace('.', '\\.')}$`),
    );
    // The provider's own words stay with the admin.
    await expect(dialog).not.toHaveTextContent(purchase.response_msg!);
  },
};

/**
 * A purchase still pending offers no receipt to share or print until it is delivered, as its
 * result screen does (ADR 0075): only Close.
 */
export const PendingPurchaseNoReceipt: Story = {
  beforeEach: () => {
    demoWhere((tx) => tx.product === 'Airtime' && tx.status === 'successful').status = 'pending';
  },
  play: async ({ canvasElement, userEvent }) => {
    const purchase = demoWhere((tx) => tx.product === 'Airtime' && tx.status === 'pending');
    const [row] = await searchFor(canvasElement, userEvent, purchase.transaction_id, 1);
    await userEvent.click(row!);
    const dialog = await body().findByRole('dialog', { name: 'Transaction details' });
    await expect(within(dialog).getByText('Pending')).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: 'Share receipt' })).toBeNull();
    await expect(within(dialog).queryByRole('button', { name: 'Print receipt' })).toBeNull();
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toBeVisible();
  },
};

/** Money received from another customer says from whom, not "Recipient: the sender". */
export const ReceivedShare: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const share = demoWhere((tx) => tx.product === 'Transfer' && tx.direction === 'credit');
    const [row] = await searchFor(canvasElement, userEvent, share.transaction_id, 1);
    await expect(row).toHaveTextContent(/From /);
    await expect(row).toHaveTextContent('+');
    await userEvent.click(row!);
    const dialog = await body().findByRole('dialog', { name: 'Transaction details' });
    await expect(within(dialog).getByText('From', { selector: 'dt' })).toBeVisible();
    await expect(within(dialog).getByText('Received')).toBeVisible();
    await expect(within(dialog).queryByText('Recipient')).toBeNull();
    await expect(within(dialog).queryByText('Amount charged')).toBeNull();
  },
};

/** A card funding is a line too: what was paid, the stamp duty and what reached the wallet. */
export const CardFunding: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const payment = db.payments.find(
      (p) => p.user_id === DEMO_CUSTOMER.id && p.status === 'completed',
    )!;
    const [row] = await searchFor(canvasElement, userEvent, payment.t_id, 1);
    await expect(row).toHaveTextContent(/Card funding/);
    await userEvent.click(row!);
    const dialog = await body().findByRole('dialog', { name: 'Transaction details' });
    await expect(within(dialog).getByText('Paid in')).toBeVisible();
    await expect(within(dialog).getByText('Credited')).toBeVisible();
    await expect(within(dialog).getByText(payment.t_id)).toBeVisible();
  },
};

/** The Kind filter asks the server for one kind of line: Refunds shows only + refund lines. */
export const KindFilter: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await bodyRows(canvasElement);
    const kind = () => canvas.getByRole('combobox', { name: 'Kind' });
    await expect(kind()).toHaveTextContent('All');
    await userEvent.click(kind());
    await userEvent.click(await body().findByRole('option', { name: 'Refunds' }));
    await expect(kind()).toHaveTextContent('Refunds');
    await waitFor(async () => {
      const rows = await bodyRows(canvasElement);
      await expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        await expect(row).toHaveTextContent(/Refund · /);
        await expect(row).toHaveTextContent('+');
      }
    });
  },
};

/** A search that matches nothing says so. */
export const NoMatch: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await bodyRows(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: /Search/ }), 'nothing-like-this');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await expect(await canvas.findByText('No transactions match')).toBeVisible();
  },
};
