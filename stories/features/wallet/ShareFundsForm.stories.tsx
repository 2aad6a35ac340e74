import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { api, FALLBACK, MSG, SERVER_MSG, TRUST_MSG } from '@contract';
import { demoSession, errorHandler, FRIEND_CUSTOMER, SEED_PIN, variants } from '@mocks/index';
import { untilClickable } from '../../pointer';
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

/** Tunde Bakare, masked as the server masks him (ADR 0046). */
const FRIEND_MASKED = 'Tun*** B***';

/** Fills the form and sends it: the recipient's name is asked to be confirmed. */
async function fillAndSend(
  canvas: Parameters<NonNullable<Story['play']>>[0]['canvas'],
  userEvent: Parameters<NonNullable<Story['play']>>[0]['userEvent'],
  { email = FRIEND_CUSTOMER.email as string, pin = SEED_PIN as string } = {},
) {
  await userEvent.type(canvas.getByLabelText(/Recipient e-mail/), email);
  await userEvent.type(canvas.getByLabelText(/Amount/), '1500');
  await userEvent.type(canvas.getByLabelText(/Secret pin/), pin);
  await userEvent.click(canvas.getByRole('button', { name: 'Send funds' }));
}

/** Confirms the name in the dialog. */
async function confirmName(userEvent: Parameters<NonNullable<Story['play']>>[0]['userEvent']) {
  const dialog = await screen.findByRole('alertdialog', { name: 'Confirm the recipient' });
  await expect(dialog).toHaveTextContent(FRIEND_MASKED);
  const send = screen.getByRole('button', { name: 'Send ₦1,500.00' });
  await untilClickable(send);
  await userEvent.click(send);
}

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

/**
 * Sent to another customer after confirming their masked name (ADR 0046): the share's own
 * screen (ADR 0075): "Funds Sent Successfully.", the amount, the masked name it went to, the
 * transaction id and time, the new balance and a receipt; "Send more" brings back an empty form.
 */
export const Success: Story = {
  play: async ({ canvas, userEvent }) => {
    await fillAndSend(canvas, userEvent);
    await confirmName(userEvent);
    await expect(await canvas.findByText(MSG.fundsSent)).toBeVisible();
    const result = canvas.getByTestId('share-result');
    await expect(within(result).getAllByText('₦1,500.00').length).toBeGreaterThan(0);
    await expect(within(result).getAllByText(FRIEND_MASKED).length).toBeGreaterThan(0);
    await expect(within(result).getByText(FRIEND_CUSTOMER.email)).toBeVisible();
    // The balance it left: ₦25,000.00 − ₦1,500.00.
    await expect(within(result).getByText('₦23,500.00')).toBeVisible();
    // The transaction id and time come from the share's statement line.
    await waitFor(() => expect(within(result).queryByText('Loading…')).toBeNull());
    await expect(within(result).queryByText('See Transaction History')).toBeNull();
    await expect(within(result).getByRole('button', { name: 'Share receipt' })).toBeVisible();
    await userEvent.click(within(result).getByRole('button', { name: 'Send more' }));
    await expect(await canvas.findByLabelText(/Amount/)).toHaveValue('');
    await expect(canvas.queryByText(MSG.fundsSent)).toBeNull();
  },
};

const shareSheet = fn(async (_data: ShareData) => {});

/**
 * The share's receipt, as a purchase's (one receipt for every line, ADR 0045): a PNG through
 * the phone's share sheet, named by the share's transaction id, the name it went to masked.
 */
export const SuccessReceipt: Story = {
  beforeEach: () => {
    shareSheet.mockClear();
    const saved = { canShare: navigator.canShare, share: navigator.share };
    Object.defineProperty(navigator, 'canShare', { value: () => true, configurable: true });
    Object.defineProperty(navigator, 'share', { value: shareSheet, configurable: true });
    saveTokens(demoSession());
    return () => {
      Object.defineProperty(navigator, 'canShare', { value: saved.canShare, configurable: true });
      Object.defineProperty(navigator, 'share', { value: saved.share, configurable: true });
      clearSession();
    };
  },
  play: async ({ canvas, userEvent }) => {
    await fillAndSend(canvas, userEvent);
    await confirmName(userEvent);
    const result = await canvas.findByTestId('share-result');
    const button = await within(result).findByRole('button', { name: 'Share receipt' });
    const id = within(result).getByText(/^\d{6,}$/).textContent ?? '';
    await userEvent.click(button);
    await expect(await within(result).findByText('Receipt shared.')).toBeVisible();
    await waitFor(() => expect(shareSheet).toHaveBeenCalledTimes(1));
    const file = shareSheet.mock.calls[0]?.[0].files?.[0];
    await expect(file?.type).toBe('image/png');
    await expect(file?.name).toBe(`paybills-receipt-${id}.png`);
  },
};

/** The name is being looked up: the button is busy. */
export const LookingUp: Story = {
  parameters: { msw: { handlers: [variants.shareRecipient.slow] } },
  play: async ({ canvas, userEvent }) => {
    await fillAndSend(canvas, userEvent);
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Send funds' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
  },
};

/** The name is on screen, waiting for the customer: nothing has been sent yet. */
export const ConfirmName: Story = {
  play: async ({ canvas, userEvent }) => {
    await fillAndSend(canvas, userEvent);
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm the recipient' });
    await expect(dialog).toHaveTextContent(FRIEND_MASKED);
    await expect(dialog).toHaveTextContent(FRIEND_CUSTOMER.email);
    await expect(dialog).toHaveTextContent('₦1,500.00');
    // Focus starts on Cancel: an Enter held from the form cannot send.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
  },
};

/** Cancel: the dialog closes, the form keeps what was typed, nothing is sent. */
export const CancelKeepsForm: Story = {
  play: async ({ canvas, userEvent }) => {
    await fillAndSend(canvas, userEvent);
    await screen.findByRole('alertdialog', { name: 'Confirm the recipient' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    await untilClickable(cancel);
    await userEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(canvas.getByLabelText(/Amount/)).toHaveValue('1500');
    await expect(canvas.queryByText(MSG.fundsSent)).toBeNull();
  },
};

/** An e-mail no account uses: said beside the field, and no dialog opens. */
export const NoAccount: Story = {
  play: async ({ canvas, userEvent }) => {
    await fillAndSend(canvas, userEvent, { email: 'nobody-here@example.com' });
    await expect(await canvas.findByText(TRUST_MSG.noAccount)).toBeVisible();
    await expect(canvas.getByLabelText(/Recipient e-mail/)).toHaveAttribute('aria-invalid', 'true');
    await expect(screen.queryByRole('alertdialog')).toBeNull();
  },
};

/** Sending after the name was confirmed: the confirm button is busy. */
export const Loading: Story = {
  parameters: { msw: { handlers: [variants.share.slow] } },
  play: async ({ canvas, userEvent }) => {
    await fillAndSend(canvas, userEvent);
    await screen.findByRole('alertdialog', { name: 'Confirm the recipient' });
    await userEvent.click(screen.getByRole('button', { name: 'Send ₦1,500.00' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send ₦1,500.00' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
  },
};

/** A wrong pin: the server's message. */
export const WrongPin: Story = {
  play: async ({ canvas, userEvent }) => {
    await fillAndSend(canvas, userEvent, { pin: '000000' });
    await confirmName(userEvent);
    await expect(await canvas.findByText(SERVER_MSG.wrongPin)).toBeVisible();
  },
};

/** No message from the server: "Oops!! there has been an error." (spec §8). */
export const FallbackError: Story = {
  parameters: { msw: { handlers: [errorHandler(api.share, 400, 'bad_request', '')] } },
  play: async ({ canvas, userEvent }) => {
    await fillAndSend(canvas, userEvent);
    await confirmName(userEvent);
    await expect(await canvas.findByText(FALLBACK.genericAlt)).toBeVisible();
  },
};
