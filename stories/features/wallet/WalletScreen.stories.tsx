import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { MSG, SERVER_MSG } from '@contract';
import { demoSession, FRIEND_CUSTOMER, SEED_PIN, variants } from '@mocks/index';
import { WalletScreen } from '@/features/wallet/components/wallet-screen';
import { clearSession, saveTokens } from '@/lib/session';

const meta = {
  title: 'Features/Wallet/WalletScreen',
  component: WalletScreen,
  args: { onRedirect: fn() },
  // The Withdraw button is a link to its page.
  parameters: { router: {} },
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof WalletScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const balance = canvas.getByRole('region', { name: 'Balance' });
    await expect(await within(balance).findByText('₦25,000.00')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Fund Wallet' })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.currentUser.slow] } },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [variants.currentUser.error] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(SERVER_MSG.serverError, {}, { timeout: 8000 }),
    ).toBeVisible();
  },
};

/** After sharing, the balance shown is the new one (the user is revalidated). */
export const BalanceAfterShare: Story = {
  play: async ({ canvas, userEvent }) => {
    const balance = canvas.getByRole('region', { name: 'Balance' });
    await within(balance).findByText('₦25,000.00');
    await userEvent.type(canvas.getByLabelText(/Recipient e-mail/), FRIEND_CUSTOMER.email);
    await userEvent.type(canvas.getByLabelText(/Amount/), '1500');
    await userEvent.type(canvas.getByLabelText(/Secret pin/), SEED_PIN);
    await userEvent.click(canvas.getByRole('button', { name: 'Send funds' }));
    // The recipient's name is confirmed before money leaves (ADR 0046).
    await screen.findByRole('alertdialog', { name: 'Confirm the recipient' });
    await userEvent.click(screen.getByRole('button', { name: 'Send ₦1,500.00' }));
    await expect(await canvas.findByText(MSG.fundsSent)).toBeVisible();
    await waitFor(() => expect(within(balance).getByText('₦23,500.00')).toBeVisible());
  },
};
