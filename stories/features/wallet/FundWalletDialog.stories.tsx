import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { api, FALLBACK, MSG, SERVER_MSG } from '@contract';
import { demoSession, errorHandler, variants } from '@mocks/index';
import { FundWalletDialog } from '@/features/wallet/components/fund-wallet-dialog';
import { clearSession, saveTokens } from '@/lib/session';

const meta = {
  title: 'Features/Wallet/FundWalletDialog',
  component: FundWalletDialog,
  args: { onRedirect: fn(), defaultOpen: true },
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof FundWalletDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).getByRole('dialog', { name: 'Fund Wallet' });

/** The popup: amount, PAY, Close and the stamp-duty note (spec §2). */
export const Open: Story = {
  play: async () => {
    await expect(dialog()).toBeVisible();
    await expect(within(dialog()).getByText(MSG.stampDutyNote)).toBeVisible();
    await expect(within(dialog()).getByRole('button', { name: 'PAY' })).toBeVisible();
  },
};

export const Closed: Story = {
  args: { defaultOpen: false },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Fund Wallet' }));
    await expect(dialog()).toBeVisible();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
  },
};

/** Fund wallet rule (spec §5): digits only, else "Invalid Amount". */
export const ValidationFailure: Story = {
  play: async ({ userEvent, args }) => {
    const amount = within(dialog()).getByLabelText(/Amount/);
    const pay = within(dialog()).getByRole('button', { name: 'PAY' });
    await userEvent.click(pay);
    await expect(await within(dialog()).findByText(MSG.fundAmount)).toBeVisible();
    await waitFor(() => expect(amount).toHaveFocus());
    await userEvent.type(amount, '50a0');
    await userEvent.click(pay);
    await expect(await within(dialog()).findByText(MSG.fundAmount)).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onRedirect).not.toHaveBeenCalled();
  },
};

/** PAY starts the payment and sends the browser to the checkout link. */
export const Redirects: Story = {
  play: async ({ userEvent, args }) => {
    await userEvent.type(within(dialog()).getByLabelText(/Amount/), '5000');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'PAY' }));
    await waitFor(() =>
      expect(args.onRedirect).toHaveBeenCalledWith(expect.stringContaining('tx_ref=')),
    );
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.initiatePayment.slow] } },
  play: async ({ userEvent }) => {
    await userEvent.type(within(dialog()).getByLabelText(/Amount/), '5000');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'PAY' }));
    await waitFor(() =>
      expect(within(dialog()).getByRole('button', { name: 'PAY' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
  },
};

/** A refusal shows the server's message. */
export const ServerError: Story = {
  parameters: { msw: { handlers: [variants.initiatePayment.error] } },
  play: async ({ userEvent, args }) => {
    await userEvent.type(within(dialog()).getByLabelText(/Amount/), '5000');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'PAY' }));
    await expect(
      await within(dialog()).findByText(SERVER_MSG.serverError, {}, { timeout: 8000 }),
    ).toBeVisible();
    await expect(args.onRedirect).not.toHaveBeenCalled();
  },
};

/** No message from the server: the generic fallback of spec §8. */
export const FallbackError: Story = {
  parameters: { msw: { handlers: [errorHandler(api.initiatePayment, 400, 'bad_request', '')] } },
  play: async ({ userEvent }) => {
    await userEvent.type(within(dialog()).getByLabelText(/Amount/), '5000');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'PAY' }));
    await expect(await within(dialog()).findByText(FALLBACK.genericAlt)).toBeVisible();
  },
};
