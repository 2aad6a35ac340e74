import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { NOTICES_MSG, SERVER_MSG } from '@contract';
import { db, DEMO_CUSTOMER, demoSession, SEED_NOW, variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { NoticesBell } from '@/features/overview/components/notices-bell';
import { clearSession, saveTokens } from '@/lib/session';

/**
 * The bell in the customer's header (ADR 0057), on the seed's clock so "25 min
 * ago" reads the same on every run. The list opens in a dialog (rendered under <body>).
 */
const meta = {
  title: 'Features/Overview/NoticesBell',
  component: NoticesBell,
  args: { now: SEED_NOW },
  parameters: { router: { initialEntries: [paths.user.overview] } },
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof NoticesBell>;

export default meta;
type Story = StoryObj<typeof meta>;

const screen = () => within(document.body);

async function openBell(name: string | RegExp) {
  const bell = await screen().findByRole('button', { name });
  await userEvent.click(bell);
  return screen().findByRole('dialog', { name: NOTICES_MSG.title });
}

/** Two unread of four: the count in the bell's name, the newest first, signed amounts. */
export const Unread: Story = {
  play: async () => {
    const dialog = await openBell('Notifications, 2 unread');
    const items = within(dialog).getAllByRole('listitem');
    await expect(items).toHaveLength(4);
    await expect(items[0]).toHaveTextContent('Unread: ₦5,000 added to your wallet');
    await expect(items[0]).toHaveTextContent('25 min ago');
    await expect(items[0]).toHaveTextContent('+₦5,000.00 in');
    await expect(items[1]).toHaveTextContent('−₦5,075.00 out');
    await expect(items[3]).not.toHaveTextContent('Unread');
    await expect(within(items[0]!).getByRole('link', { name: NOTICES_MSG.view })).toHaveAttribute(
      'href',
      `${paths.user.transactions}?q=PB-TX-20261101-0001`,
    );
    await expect(within(dialog).getByRole('button', { name: NOTICES_MSG.markAll })).toBeEnabled();
  },
};

/** "Mark all as read": the server keeps it, the count leaves the bell's name. */
export const AllRead: Story = {
  play: async () => {
    const dialog = await openBell('Notifications, 2 unread');
    await userEvent.click(within(dialog).getByRole('button', { name: NOTICES_MSG.markAll }));
    await waitFor(() => expect(within(dialog).queryAllByText(/Unread:/)).toHaveLength(0));
    await expect(within(dialog).getByRole('button', { name: NOTICES_MSG.markAll })).toBeDisabled();
    await expect(db.notices.filter((n) => n.user_id === DEMO_CUSTOMER.id && !n.read)).toEqual([]);
    await userEvent.keyboard('{Escape}');
    const bell = await screen().findByRole('button', { name: 'Notifications' });
    await expect(bell).toBeVisible();
    // The list loads on first open; closing it still gives focus back to the bell.
    await waitFor(() => expect(bell).toHaveFocus());
    await expect(bell).toHaveAttribute('aria-expanded', 'false');
  },
};

/** A new account: nothing yet, and no "Mark all as read". */
export const Empty: Story = {
  parameters: { msw: { handlers: [variants.notices.empty] } },
  play: async () => {
    const dialog = await openBell('Notifications');
    await expect(await within(dialog).findByText(NOTICES_MSG.empty)).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: NOTICES_MSG.markAll })).toBeNull();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.notices.slow] } },
  play: async () => {
    const dialog = await openBell('Notifications');
    await expect(within(dialog).getByText('Loading')).toBeInTheDocument();
  },
};

/** The notices could not be loaded: the server's message and a way to ask again. */
export const LoadError: Story = {
  parameters: { msw: { handlers: [variants.notices.error] } },
  play: async () => {
    const dialog = await openBell('Notifications');
    await expect(
      await within(dialog).findByText(SERVER_MSG.serverError, {}, { timeout: 8000 }),
    ).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: NOTICES_MSG.retry })).toBeVisible();
  },
};

/** Twenty-five notices, long names: the newest 20 scroll inside the dialog, words wrap. */
export const LongList: Story = {
  beforeEach: () => {
    for (let i = 1; i <= 25; i++) {
      db.notices.push({
        user_id: DEMO_CUSTOMER.id,
        id: String(200 - i),
        kind: 'credited',
        title: `₦${i},000 from Oluwaseyifunmi Adebayo-Ogunleye of the Lekki Phase One Cooperative`,
        amount: i * 1_000_00,
        transaction_id: null,
        created_at: SEED_NOW - i * 3_600_000,
        read: false,
      });
    }
  },
  play: async () => {
    const dialog = await openBell('Notifications, 27 unread');
    await expect(within(dialog).getAllByRole('listitem')).toHaveLength(20);
    await expect(within(dialog).getAllByRole('listitem')[0]).toHaveTextContent('1 h ago');
  },
};
