import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { SERVER_MSG, TRANSFER_MSG } from '@contract';
import { db, DEMO_CUSTOMER, demoSession, variants } from '@mocks/index';
import { BankTransferCard } from '@/features/wallet/components/bank-transfer-card';
import { clearSession, saveTokens } from '@/lib/session';

const meta = {
  title: 'Features/Wallet/BankTransferCard',
  component: BankTransferCard,
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof BankTransferCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No account yet: the BVN form with each rule's message, then the account number appears. */
export const GetAnAccount: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(
      await canvas.findByText(/Each transfer costs 1% of the amount, at most ₦300\./),
    ).toBeVisible();
    const submit = canvas.getByRole('button', { name: 'Get my account number' });
    await userEvent.click(submit);
    await expect(await canvas.findByText(TRANSFER_MSG.bvnRequired)).toBeVisible();
    await expect(canvas.getByText(TRANSFER_MSG.consentRequired)).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: /^BVN/ })).toHaveFocus();
    await userEvent.type(canvas.getByRole('textbox', { name: /^BVN/ }), '12345');
    await userEvent.click(submit);
    await expect(await canvas.findByText(TRANSFER_MSG.bvnInvalid)).toBeVisible();
    await userEvent.clear(canvas.getByRole('textbox', { name: /^BVN/ }));
    await userEvent.type(canvas.getByRole('textbox', { name: /^BVN/ }), '22212345678');
    await userEvent.click(canvas.getByRole('checkbox', { name: /I agree to share my BVN/ }));
    await userEvent.click(submit);
    await expect(await canvas.findByText('Sandbox Bank')).toBeVisible();
    const account = db.virtualAccounts.get(DEMO_CUSTOMER.id)!;
    await expect(canvas.getByText(account.account_number)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Copy account number' })).toBeVisible();
  },
};

/** The customer's account: number, bank, name, copy, and what a transfer costs. */
export const WithAccount: Story = {
  beforeEach: () => {
    db.virtualAccounts.set(DEMO_CUSTOMER.id, {
      account_number: '9912340000',
      bank_name: 'Sandbox Bank',
      account_name: 'PayBills / Chiamaka Okafor',
      created_at: 0,
    });
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('9912340000')).toBeVisible();
    await expect(canvas.getByText('PayBills / Chiamaka Okafor')).toBeVisible();
    await expect(canvas.getByText(/stamp duty/)).toBeVisible();
    const copy = canvas.getByRole('button', { name: 'Copy account number' });
    await userEvent.click(copy);
    await waitFor(() => expect(within(copy).getByText(/Copied!|Copy failed/)).toBeVisible());
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.bankTransferInfo.slow] } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Get my account number' })).toBeNull();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [variants.bankTransferInfo.error] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(SERVER_MSG.serverError, {}, { timeout: 8000 }),
    ).toBeVisible();
  },
};

/** The provider could not open the account: its message shows above the form. */
export const CreateFails: Story = {
  parameters: { msw: { handlers: [variants.createVirtualAccount.error] } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: /^BVN/ }), '22212345678');
    await userEvent.click(canvas.getByRole('checkbox', { name: /I agree to share my BVN/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Get my account number' }));
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};
