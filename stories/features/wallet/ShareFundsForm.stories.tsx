import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { api, FALLBACK, MSG, SERVER_MSG } from '@contract';
import { demoSession, errorHandler, FRIEND_CUSTOMER, SEED_PIN, variants } from '@mocks/index';
import { ShareFundsForm } from '@/features/wallet/components/share-funds-form';
import { clearSession, saveTokens } from '@/lib/session';

const meta = {
  title: 'Features/Wallet/ShareFundsForm',
  component: ShareFundsForm,
  // The demo customer's balance: ₦25,000.00.
  args: { balance: 25_000_00 },
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof ShareFundsForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(/Secret pin/)).toHaveAttribute('type', 'password');
  },
};

/** Every share-funds rule (spec §5), each with its exact message. */
export const ValidationFailure: Story = {
  play: async ({ canvas, userEvent }) => {
    const email = canvas.getByLabelText(/Recipient e-mail/);
    const amount = canvas.getByLabelText(/Amount/);
    const pin = canvas.getByLabelText(/Secret pin/);
    const send = canvas.getByRole('button', { name: 'Send funds' });

    // Empty form: amount, e-mail and pin rules at once; focus on the first invalid field.
    await userEvent.click(send);
    await expect(await canvas.findByText(MSG.shareAmount)).toBeVisible();
    await expect(canvas.getByText(MSG.shareEmail)).toBeVisible();
    await expect(canvas.getByText(MSG.sharePin)).toBeVisible();
    await waitFor(() => expect(email).toHaveFocus());

    // Letters in the amount: still "Invalid Amount.".
    await userEvent.type(amount, '12x');
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(send);
    await expect(await canvas.findByText(MSG.shareAmount)).toBeVisible();
    await expect(canvas.getByText(MSG.shareEmail)).toBeVisible();

    // Zero, and more than the balance: "Insufficient funds.".
    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    await userEvent.clear(email);
    await userEvent.type(email, FRIEND_CUSTOMER.email);
    await userEvent.type(pin, SEED_PIN);
    await userEvent.click(send);
    await expect(await canvas.findByText(MSG.insufficientFunds)).toBeVisible();
    await userEvent.clear(amount);
    await userEvent.type(amount, '25001');
    await userEvent.click(send);
    await expect(await canvas.findByText(MSG.insufficientFunds)).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
  },
};

/** Sent to another customer: "Funds Sent Successfully.", and the form empties. */
export const Success: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/Recipient e-mail/), FRIEND_CUSTOMER.email);
    await userEvent.type(canvas.getByLabelText(/Amount/), '1500');
    await userEvent.type(canvas.getByLabelText(/Secret pin/), SEED_PIN);
    await userEvent.click(canvas.getByRole('button', { name: 'Send funds' }));
    await expect(await canvas.findByText(MSG.fundsSent)).toBeVisible();
    await expect(canvas.getByLabelText(/Amount/)).toHaveValue('');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.share.slow] } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/Recipient e-mail/), FRIEND_CUSTOMER.email);
    await userEvent.type(canvas.getByLabelText(/Amount/), '1500');
    await userEvent.type(canvas.getByLabelText(/Secret pin/), SEED_PIN);
    await userEvent.click(canvas.getByRole('button', { name: 'Send funds' }));
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Send funds' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
  },
};

/** A wrong pin: the server's message. */
export const WrongPin: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/Recipient e-mail/), FRIEND_CUSTOMER.email);
    await userEvent.type(canvas.getByLabelText(/Amount/), '1500');
    await userEvent.type(canvas.getByLabelText(/Secret pin/), '000000');
    await userEvent.click(canvas.getByRole('button', { name: 'Send funds' }));
    await expect(await canvas.findByText(SERVER_MSG.wrongPin)).toBeVisible();
  },
};

/** No message from the server: "Oops!! there has been an error." (spec §8). */
export const FallbackError: Story = {
  parameters: { msw: { handlers: [errorHandler(api.share, 400, 'bad_request', '')] } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/Recipient e-mail/), FRIEND_CUSTOMER.email);
    await userEvent.type(canvas.getByLabelText(/Amount/), '1500');
    await userEvent.type(canvas.getByLabelText(/Secret pin/), SEED_PIN);
    await userEvent.click(canvas.getByRole('button', { name: 'Send funds' }));
    await expect(await canvas.findByText(FALLBACK.genericAlt)).toBeVisible();
  },
};
