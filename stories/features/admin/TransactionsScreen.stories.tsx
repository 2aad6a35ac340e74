import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  api,
  DEFAULT_ADJUSTMENT_APPROVAL_KOBO,
  DEFAULT_MAKER_DAILY_KOBO,
  maskBearer,
  REVEAL_MSG,
  SERVER_MSG,
  waitReasonText,
  waitsForApproval,
} from '@contract';
import { ADMIN_USERS_MSG } from '@contract/messages/admin-users';
import { DATE_FILTER_MSG, lagosDay } from '@contract/time';
import { db, DEMO_ADMIN, refuse, variants } from '@mocks/index';
import { TransactionsScreen } from '@/features/admin/components/transactions-screen';
import { formatDate } from '@/lib/dates';
import { signedInAsAdmin, signedInAsRole } from './session';

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

/**
 * A phone complaint (ADR 0078): the purchases to a number, typed as +234…, whoever bought
 * them; then a meter number; a number nothing was bought for finds nothing.
 */
export const SearchByDestination: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText(/Page 1 of/);
    const box = canvas.getByLabelText('Phone, meter, card or reference');
    const phone = visibleTransactions().find((t) => t.transaction_phone)!.transaction_phone!;
    const toPhone = visibleTransactions()
      .filter((t) => t.transaction_phone === phone)
      .sort((a, b) => b.date - a.date);
    await userEvent.type(box, `+234 ${phone.slice(1)}`);
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await expect(
      await canvas.findByText(`Page 1 of ${Math.max(1, Math.ceil(toPhone.length / 5))}`),
    ).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Transactions' });
    await expect(
      await canvas.findByRole('row', { name: `Open transaction ${toPhone[0]!.transaction_id}` }),
    ).toBeVisible();
    await expect(within(table).getAllByRole('row')).toHaveLength(Math.min(5, toPhone.length) + 1);

    const meter = visibleTransactions().find((t) => t.meter_number);
    if (meter) {
      await userEvent.clear(box);
      await userEvent.type(box, meter.meter_number!);
      await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
      await expect(
        await canvas.findByRole('row', { name: `Open transaction ${meter.transaction_id}` }),
      ).toBeVisible();
    }

    await userEvent.clear(box);
    await userEvent.type(box, '09099999999');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await expect(await canvas.findByText(ADMIN_USERS_MSG.noTransactionMatches)).toBeVisible();
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
    // The status shows twice in the row's DOM: its column, and under the value on phones.
    await expect(row).toHaveTextContent('Failed');
    await userEvent.click(row);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    await expect(within(dialog).getByText('Reverse this transaction?')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, reverse' }));
    await expect(await within(dialog).findByText(SERVER_MSG.reversed)).toBeVisible();
    // The list revalidated: the row and the popup say Reversed; no second reversal offered.
    await waitFor(() => expect(row).toHaveTextContent('Reversed'));
    await expect(within(dialog).queryByRole('button', { name: 'Reverse' })).toBeNull();
  },
};

/**
 * Past the customer's four-eyes total of the day (ADR 0070) the reversal waits for a second
 * admin: the dialog says so and why, nothing is refunded, and Reverse is not offered again.
 */
export const ReverseWaits: Story = {
  play: async ({ canvas, userEvent }) => {
    db.fourEyes.customer_daily = 0;
    const failed = visibleTransactions().find((t) => t.status === 'failed')!;
    const owner = db.users.find((u) => u.id === failed.user_id)!;
    const before = owner.wallet_balance;
    await userEvent.type(canvas.getByLabelText('Transaction ID'), failed.transaction_id);
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await userEvent.click(
      await canvas.findByRole('row', { name: `Open transaction ${failed.transaction_id}` }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, reverse' }));
    const why = waitReasonText('customer_daily', {
      approval_above: DEFAULT_ADJUSTMENT_APPROVAL_KOBO,
      maker_daily: DEFAULT_MAKER_DAILY_KOBO,
      customer_daily: 0,
    });
    await expect(await within(dialog).findByText(waitsForApproval(why))).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: 'Reverse' })).toBeNull();
    await expect(owner.wallet_balance).toBe(before);
    await expect(failed.status).toBe('failed');
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

type Canvas = ReturnType<typeof within>;
type PlayUser = Parameters<NonNullable<Story['play']>>[0]['userEvent'];

/** Opens one transaction's popup, found by its id. */
async function openById(canvas: Canvas, userEvent: PlayUser, id: string) {
  await userEvent.type(canvas.getByLabelText('Transaction ID'), id);
  await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
  await userEvent.click(await canvas.findByRole('row', { name: `Open transaction ${id}` }));
  return within(await screen.findByRole('dialog'));
}

/**
 * A purchase VTpass refused and Flutterwave, next in the order, sold (ADR 0052): the popup
 * lists both, in order, with VTpass's words.
 */
export const ProvidersTriedAfterFailover: Story = {
  play: async ({ canvas, userEvent }) => {
    const moved = db.transactions.find((t) => (t.providers_tried?.length ?? 0) > 1)!;
    const dialog = await openById(canvas, userEvent, moved.transaction_id);
    const list = dialog.getByRole('list', { name: 'Providers tried' });
    await expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['VTpass — refused: TRANSACTION FAILED', 'Flutterwave — sent']);
  },
};

/** A purchase the first provider took: that one alone. */
export const ProvidersTriedOne: Story = {
  play: async ({ canvas, userEvent }) => {
    const direct = db.transactions.find(
      (t) => t.status === 'successful' && t.providers_tried?.length === 1,
    )!;
    const dialog = await openById(canvas, userEvent, direct.transaction_id);
    const list = dialog.getByRole('list', { name: 'Providers tried' });
    await expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['VTpass — sent']);
  },
};

/** Funding and shares never went to a provider: no such list. */
export const NoProvidersForAShare: Story = {
  play: async ({ canvas, userEvent }) => {
    const share = db.transactions.find((t) => t.product === 'Transfer')!;
    const dialog = await openById(canvas, userEvent, share.transaction_id);
    await expect(dialog.getByText(share.transaction_id)).toBeVisible();
    await expect(dialog.queryByRole('list', { name: 'Providers tried' })).toBeNull();
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

/** Each row shows its date as the spec writes it, DD - MM - YYYY. */
export const DateColumn: Story = {
  play: async ({ canvas }) => {
    const newest = [...visibleTransactions()].sort((a, b) => b.date - a.date)[0]!;
    const row = await canvas.findByRole('row', {
      name: `Open transaction ${newest.transaction_id}`,
    });
    await expect(canvas.getByRole('columnheader', { name: 'Date' })).toBeVisible();
    await expect(within(row).getByText(formatDate(newest.date))).toBeVisible();
  },
};

/** The status filter asks the server for one status; All shows every transaction again. */
export const StatusFilter: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText(/Page 1 of/);
    const failed = visibleTransactions().filter((t) => t.status === 'failed');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Failed' }));
    await expect(
      await canvas.findByText(`Page 1 of ${Math.max(1, Math.ceil(failed.length / 5))}`),
    ).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Transactions' });
    await waitFor(() =>
      expect(within(table).getAllByRole('row')).toHaveLength(Math.min(5, failed.length) + 1),
    );
    for (const row of within(table).getAllByRole('row').slice(1)) {
      await expect(row).toHaveTextContent('Failed');
    }
    await userEvent.click(canvas.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'All' }));
    const pages = Math.max(1, Math.ceil(visibleTransactions().length / 5));
    await expect(await canvas.findByText(`Page 1 of ${pages}`)).toBeVisible();
  },
};

/** From and To are Lagos days, both inclusive: one day shows that day's transactions only. */
export const DateRange: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText(/Page 1 of/);
    const day = lagosDay(visibleTransactions()[0]!.date);
    const thatDay = visibleTransactions().filter((t) => lagosDay(t.date) === day);
    await userEvent.type(canvas.getByLabelText('From'), day);
    await userEvent.type(canvas.getByLabelText('To'), day);
    await expect(
      await canvas.findByText(`Page 1 of ${Math.max(1, Math.ceil(thatDay.length / 5))}`),
    ).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Transactions' });
    await waitFor(() =>
      expect(within(table).getAllByRole('row')).toHaveLength(Math.min(5, thatDay.length) + 1),
    );
    const shown = formatDate(thatDay[0]!.date);
    for (const row of within(table).getAllByRole('row').slice(1)) {
      await expect(within(row).getByText(shown)).toBeVisible();
    }
  },
};

/** A range that ends before it starts says so and is not sent; the list stays as it was. */
export const DateRangeBackwards: Story = {
  play: async ({ canvas, userEvent }) => {
    const pages = Math.max(1, Math.ceil(visibleTransactions().length / 5));
    await canvas.findByText(`Page 1 of ${pages}`);
    await userEvent.type(canvas.getByLabelText('From'), '2026-10-20');
    await userEvent.type(canvas.getByLabelText('To'), '2026-10-10');
    await expect(await canvas.findByText(DATE_FILTER_MSG.order)).toBeVisible();
    await expect(canvas.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
  },
};

/**
 * At 360 px the table keeps to the screen: date (product under it) and value (status under
 * it); the id, user, product and status columns are for wider screens.
 */
export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas }) => {
    await canvas.findByText(/Page 1 of/);
    const table = canvas.getByRole('table', { name: 'Transactions' });
    await expect(canvas.getByRole('columnheader', { name: 'Date' })).toBeVisible();
    await expect(canvas.getByRole('columnheader', { name: 'Value' })).toBeVisible();
    await expect(canvas.queryByRole('columnheader', { name: 'User' })).toBeNull();
    await expect(table.scrollWidth).toBeLessThanOrEqual(table.parentElement!.clientWidth);
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

// ── Codes, tokens and pins: masked, revealed one at a time with a reason (ADR 0071) ──

/** A seeded prepaid electricity purchase: its token is what a reveal shows. */
const withToken = () => db.transactions.find((t) => t.status === 'successful' && t.token)!;

/** Opens the token's purchase and asks to reveal it: the reason dialog. */
async function askToReveal(canvas: Canvas, userEvent: PlayUser) {
  const tx = withToken();
  const dialog = await openById(canvas, userEvent, tx.transaction_id);
  await userEvent.click(await dialog.findByRole('button', { name: 'Reveal Token' }));
  const ask = within(await screen.findByRole('alertdialog', { name: 'Reveal Token?' }));
  return { tx, dialog, ask };
}

/**
 * An owner's popup shows the token masked, last four only, with Reveal; the token itself is
 * nowhere on the page.
 */
export const SecretsMasked: Story = {
  play: async ({ canvas, userEvent }) => {
    const tx = withToken();
    const dialog = await openById(canvas, userEvent, tx.transaction_id);
    const list = dialog.getByRole('list', { name: 'Codes, tokens and pins' });
    await expect(within(list).getByText(maskBearer(tx.token!))).toBeVisible();
    await expect(within(list).getByRole('button', { name: 'Reveal Token' })).toBeVisible();
    await expect(document.body).not.toHaveTextContent(tx.token!);
    await expect(maskBearer(tx.token!)).toMatch(/^••••\d{4}$/);
  },
};

/** No reason, or too short a one: the contract's sentences, and nothing is revealed. */
export const RevealNeedsAReason: Story = {
  play: async ({ canvas, userEvent }) => {
    const { tx, ask } = await askToReveal(canvas, userEvent);
    await userEvent.click(ask.getByRole('button', { name: 'Reveal' }));
    await expect(await ask.findByText(REVEAL_MSG.reasonRequired)).toBeVisible();
    await userEvent.type(ask.getByLabelText(/Why do you need to see it/), 'checking');
    await userEvent.click(ask.getByRole('button', { name: 'Reveal' }));
    await expect(await ask.findByText(REVEAL_MSG.reasonTooShort)).toBeVisible();
    await expect(document.body).not.toHaveTextContent(tx.token!);
    await expect(db.audit.some((a) => a.action === 'secret.reveal')).toBe(false);
  },
};

/**
 * With a reason the token shows in the popup, with Copy; the audit log has the reveal with the
 * reason and the mask, never the token.
 */
export const RevealWithAReason: Story = {
  play: async ({ canvas, userEvent }) => {
    const { tx, dialog, ask } = await askToReveal(canvas, userEvent);
    const reason = 'Customer says the token did not load on the meter.';
    await userEvent.type(ask.getByLabelText(/Why do you need to see it/), reason);
    await userEvent.click(ask.getByRole('button', { name: 'Reveal' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const list = dialog.getByRole('list', { name: 'Codes, tokens and pins' });
    await expect(await within(list).findByText(tx.token!)).toBeVisible();
    await expect(within(list).getByRole('button', { name: 'Copy Token' })).toBeVisible();
    await expect(within(list).queryByRole('button', { name: 'Reveal Token' })).toBeNull();
    const entry = db.audit.find((a) => a.action === 'secret.reveal')!;
    await expect(entry).toMatchObject({
      target_id: tx.transaction_id,
      after: { field: 'token', item: 0, masked: maskBearer(tx.token!), reason },
    });
    await expect(JSON.stringify(entry)).not.toContain(tx.token!);
  },
};

/** The server refuses (here: too many reveals): said in the dialog, nothing shown. */
export const RevealRefused: Story = {
  parameters: {
    msw: { handlers: [refuse(api.revealSecret, 'rate_limited', SERVER_MSG.tooManyAttempts(9))] },
  },
  play: async ({ canvas, userEvent }) => {
    const { tx, ask } = await askToReveal(canvas, userEvent);
    await userEvent.type(
      ask.getByLabelText(/Why do you need to see it/),
      'Customer asked for the token again.',
    );
    await userEvent.click(ask.getByRole('button', { name: 'Reveal' }));
    await expect(await ask.findByText(SERVER_MSG.tooManyAttempts(9))).toBeVisible();
    await expect(document.body).not.toHaveTextContent(tx.token!);
  },
};

/** Support reads transactions but not bearer secrets: the token masked, no Reveal. */
export const SupportSeesThemMasked: Story = {
  beforeEach: signedInAsRole('support'),
  play: async ({ canvas, userEvent }) => {
    const tx = withToken();
    const dialog = await openById(canvas, userEvent, tx.transaction_id);
    await expect(dialog.getByText('Token')).toBeVisible();
    await expect(dialog.getByText(maskBearer(tx.token!))).toBeVisible();
    await expect(dialog.queryByRole('list', { name: 'Codes, tokens and pins' })).toBeNull();
    await expect(dialog.queryByRole('button', { name: /Reveal/ })).toBeNull();
    await expect(document.body).not.toHaveTextContent(tx.token!);
  },
};

/** A support admin an owner allowed reveals, as an owner does. */
export const SupportAllowedToReveal: Story = {
  beforeEach: () => {
    const me = db.users.find((u) => u.id === DEMO_ADMIN.id)!;
    me.admin_role = 'support';
    me.admin_grants = ['secrets.reveal'];
    return signedInAsAdmin();
  },
  play: async ({ canvas, userEvent }) => {
    const tx = withToken();
    const dialog = await openById(canvas, userEvent, tx.transaction_id);
    await expect(await dialog.findByRole('button', { name: 'Reveal Token' })).toBeVisible();
  },
};

/** Exam pins, one item each: revealing one leaves the others masked. */
export const RevealOneOfSeveral: Story = {
  play: async ({ canvas, userEvent }) => {
    const tx = db.transactions.find(
      (t) => t.status === 'successful' && (t.purchased_code?.split(';').length ?? 0) > 1,
    )!;
    const [first, second] = tx.purchased_code!.split(';').map((s) => s.trim());
    const dialog = await openById(canvas, userEvent, tx.transaction_id);
    await userEvent.click(dialog.getByRole('button', { name: 'Reveal Purchased code 2' }));
    const ask = within(
      await screen.findByRole('alertdialog', { name: 'Reveal Purchased code 2?' }),
    );
    await userEvent.type(
      ask.getByLabelText(/Why do you need to see it/),
      'The candidate lost the second card.',
    );
    await userEvent.click(ask.getByRole('button', { name: 'Reveal' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const list = dialog.getByRole('list', { name: 'Codes, tokens and pins' });
    await expect(await within(list).findByText(second!)).toBeVisible();
    await expect(document.body).not.toHaveTextContent(first!);
    await expect(
      within(list).getByRole('button', { name: 'Reveal Purchased code 1' }),
    ).toBeVisible();
  },
};
