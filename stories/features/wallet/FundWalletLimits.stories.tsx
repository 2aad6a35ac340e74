import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { fundingCheck } from '@contract';
import { DEMO_CUSTOMER, demoSession } from '@mocks/index';
import { resetMockVerification, setMockVerification } from '@mocks/handlers/verification';
import { FundWalletDialog } from '@/features/wallet/components/fund-wallet-dialog';
import { clearSession, saveTokens } from '@/lib/session';

/**
 * Fund Wallet and the verification level's limits (ADR 0076), for a level 1 customer (₦50,000
 * a day, ₦300,000 at most) who funded ₦15,000 today and holds ₦25,000: an amount that would be
 * held is warned of before the checkout; one that can never fit the level is refused at PAY.
 */
const meta = {
  title: 'Features/Wallet/FundWalletDialog/Limits',
  component: FundWalletDialog,
  args: { onRedirect: fn(), defaultOpen: true },
  beforeEach: () => {
    saveTokens(demoSession());
    setMockVerification(DEMO_CUSTOMER.id, { level: 1, funded_today: 15_000_00 });
    return () => {
      resetMockVerification();
      clearSession();
    };
  },
} satisfies Meta<typeof FundWalletDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).getByRole('dialog', { name: 'Fund Wallet' });
const room = {
  level: 1 as const,
  limits: {
    level: 1 as const,
    max_balance: 300_000_00,
    daily_funding: 50_000_00,
    daily_spending: 50_000_00,
  },
  funded_today: 15_000_00,
  balance: 25_000_00,
  card_fee_payer: 'business' as const,
};
const message = (amount: number) => {
  const check = fundingCheck(amount, room);
  return check.kind === 'ok' ? '' : check.message;
};

/** ₦40,000 would pass today's limit: the warning names it, what is left and how it is released. */
export const HeldWarning: Story = {
  play: async ({ userEvent, args }) => {
    await userEvent.type(within(dialog()).getByLabelText(/Amount/), '40000');
    const warning = await within(dialog()).findByTestId('funding-held', {}, { timeout: 5000 });
    await expect(warning).toHaveTextContent(message(40_000_00));
    await expect(within(warning).getByText('This payment would be held')).toBeVisible();
    // A warning, not a refusal: PAY still goes to the checkout.
    await userEvent.click(within(dialog()).getByRole('button', { name: 'PAY' }));
    await waitFor(() => expect(args.onRedirect).toHaveBeenCalled());
  },
};

/** ₦60,000 credits more than the level's daily funding limit: refused, with what raises it. */
export const NeverFits: Story = {
  play: async ({ userEvent, args }) => {
    const amount = within(dialog()).getByLabelText(/Amount/);
    await userEvent.type(amount, '60000');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'PAY' }));
    await expect(
      await within(dialog()).findByText(
        '₦60,000 is more than your daily funding limit of ₦50,000 for level 1. Verify your BVN or NIN in Settings to raise it.',
      ),
    ).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(amount).toHaveFocus());
    await expect(args.onRedirect).not.toHaveBeenCalled();
  },
};

/**
 * The customer bears the card fee (`CARD_FEE_BEARER=customer`): the dialog says what reaches the
 * wallet, and ₦35,500 is not warned of, since ₦34,953 credited fits the ₦35,000 left today.
 */
export const CustomerBearsFee: Story = {
  beforeEach: () => {
    setMockVerification(DEMO_CUSTOMER.id, {
      level: 1,
      funded_today: 15_000_00,
      card_fee_payer: 'customer',
    });
  },
  play: async ({ userEvent }) => {
    await userEvent.type(within(dialog()).getByLabelText(/Amount/), '35500');
    await expect(
      await within(dialog()).findByTestId('funding-credit', {}, { timeout: 5000 }),
    ).toHaveTextContent(
      '₦34,953 reaches your wallet: the card fee of ₦497 and stamp duty of ₦50 are taken from it.',
    );
    await expect(within(dialog()).queryByTestId('funding-held')).toBeNull();
  },
};

/** The business bears the fee (the default): no note, and the same ₦35,500 would be held. */
export const BusinessBearsFee: Story = {
  play: async ({ userEvent }) => {
    await userEvent.type(within(dialog()).getByLabelText(/Amount/), '35500');
    await expect(
      await within(dialog()).findByTestId('funding-held', {}, { timeout: 5000 }),
    ).toBeVisible();
    await expect(within(dialog()).queryByTestId('funding-credit')).toBeNull();
  },
};
