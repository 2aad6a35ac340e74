import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import {
  api,
  awaitingReviewMessage,
  DEFAULT_NEW_BENEFICIARY_CAP_KOBO,
  DEFAULT_WITHDRAWAL_REVIEW_ABOVE_KOBO,
  MSG,
  newBeneficiaryMessage,
  WITHDRAWAL_MSG,
  wrongPinMessage,
} from '@contract';
import { db, DEMO_CUSTOMER, demoSession, refuse, SEED_PIN, variants, handlers } from '@mocks/index';
import { untilClickable } from '../../pointer';
import { WithdrawScreen } from '@/features/wallet/components/withdraw-screen';
import { clearSession, saveTokens } from '@/lib/session';

const meta = {
  title: 'Features/Wallet/WithdrawScreen',
  component: WithdrawScreen,
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof WithdrawScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Play = NonNullable<Story['play']>;
type Canvas = Parameters<Play>[0]['canvas'];
type User = Parameters<Play>[0]['userEvent'];

/** An account no one has paid yet: the mock bank names it NGOZI OKONKWO (by its digits). */
const NEW_ACCOUNT = '0987654321';

/** Types a new account and picks its bank: the bank's name for it comes next. */
async function newAccount(
  canvas: Canvas,
  userEvent: User,
  number = NEW_ACCOUNT,
  bank = 'Zenith Bank',
) {
  await userEvent.type(await canvas.findByLabelText(/Account number/), number);
  await userEvent.click(await canvas.findByRole('radio', { name: bank }));
  await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
}

/** The amount step: the name is shown, then the amount goes in. */
async function enterAmount(canvas: Canvas, userEvent: User, naira: string) {
  await userEvent.type(await canvas.findByLabelText(/Amount/), naira);
  await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
}

/** The summary's figure for `label`. */
async function summary(canvas: Canvas, label: string) {
  // The figures come with the server's quote: wait for the total first.
  await waitFor(() => expect(canvas.getByTestId('summary-total')).toHaveTextContent(/₦/));
  const term = await canvas.findByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

async function payWithPin(canvas: Canvas, userEvent: User, pin = SEED_PIN as string) {
  await userEvent.type(await canvas.findByLabelText(/Secret pin/), pin);
  const pay = await canvas.findByRole('button', { name: /^Withdraw ₦/ });
  await userEvent.click(pay);
}

/** Saved accounts first, then a new one: number, bank, Continue. The balance on top. */
export const Idle: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Withdraw', level: 1 })).toBeVisible();
    const saved = await canvas.findByRole('region', { name: 'Saved accounts' });
    await expect(
      within(saved).getByRole('button', {
        name: /^Send to ADAEZE NWOSU\s*Guaranty Trust Bank · 0123456785$/,
      }),
    ).toBeVisible();
    await expect(await canvas.findByLabelText(/Account number/)).toHaveValue('');
    await expect(await canvas.findByRole('radio', { name: 'Zenith Bank' })).not.toBeChecked();
    await expect(await canvas.findByText('₦25,000.00')).toBeVisible();
    const recent = canvas.getByRole('region', { name: 'Recent withdrawals' });
    await expect(await within(recent).findByText('Awaiting review')).toBeVisible();
  },
};

/** Every rule of the account step, with its exact message; letters never reach the number. */
export const AccountRules: Story = {
  play: async ({ canvas, userEvent }) => {
    const number = await canvas.findByLabelText(/Account number/);
    await canvas.findByRole('radio', { name: 'Zenith Bank' });
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByText(WITHDRAWAL_MSG.accountRequired)).toBeVisible();
    await expect(canvas.getByText(WITHDRAWAL_MSG.bankRequired)).toBeVisible();
    await waitFor(() => expect(number).toHaveFocus());
    await userEvent.type(number, '01234abc5678');
    await expect(number).toHaveValue('012345678');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByText(WITHDRAWAL_MSG.accountInvalid)).toBeVisible();
    await expect(number).toHaveAttribute('aria-invalid', 'true');
  },
};

/**
 * At 10 digits the NUBAN check digit (contract/nuban.ts) suggests the banks it allows: the
 * account 0123456785 passes for Fidelity, GTBank and Moniepoint. The search narrows the rest.
 */
export const BankSuggestion: Story = {
  play: async ({ canvas, userEvent }) => {
    const number = await canvas.findByLabelText(/Account number/);
    await userEvent.type(number, '0123456785');
    const suggested = await canvas.findByRole('list', { name: 'Suggested for 0123456785' });
    await expect(
      within(suggested)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Fidelity Bank', 'Guaranty Trust Bank', 'Moniepoint MFB']);
    const others = canvas.getByRole('list', { name: 'Other banks' });
    await expect(within(others).queryByRole('radio', { name: 'Guaranty Trust Bank' })).toBeNull();
    await userEvent.type(canvas.getByLabelText('Search banks'), 'zen');
    await expect(
      within(others)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Zenith Bank']);
    await userEvent.type(canvas.getByLabelText('Search banks'), 'xx');
    await expect(within(others).getByText('No bank matches “zenxx”.')).toBeVisible();
    await userEvent.click(within(suggested).getByRole('radio', { name: 'Guaranty Trust Bank' }));
    await expect(canvas.getByTestId('chosen-bank')).toHaveTextContent(
      'Chosen: Guaranty Trust Bank',
    );
  },
};

/** An account the bank does not know (sandbox: …9999) stops the flow with the reason. */
export const AccountNotFound: Story = {
  play: async ({ canvas, userEvent }) => {
    await newAccount(canvas, userEvent, '0123459999');
    await expect(await canvas.findByText(WITHDRAWAL_MSG.accountNotFound)).toBeVisible();
    await expect(canvas.getByText('Account not confirmed')).toBeVisible();
    await expect(canvas.queryByLabelText(/Amount/)).toBeNull();
  },
};

/** The name in full before the amount; every amount rule with its exact message. */
export const AmountRules: Story = {
  play: async ({ canvas, userEvent }) => {
    await newAccount(canvas, userEvent);
    await expect(await canvas.findByTestId('payee-name')).toHaveTextContent('NGOZI OKONKWO');
    const amount = await canvas.findByLabelText(/Amount/);
    const go = () => userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await go();
    await expect(await canvas.findByText(WITHDRAWAL_MSG.amountInvalid)).toBeVisible();
    await userEvent.type(amount, '12.345');
    await go();
    await expect(await canvas.findByText(WITHDRAWAL_MSG.amountInvalid)).toBeVisible();
    await userEvent.clear(amount);
    await userEvent.type(amount, '99.99');
    await go();
    await expect(await canvas.findByText(WITHDRAWAL_MSG.amountMinimum)).toBeVisible();
    await userEvent.clear(amount);
    await userEvent.type(amount, '5000000.01');
    await go();
    await expect(await canvas.findByText(WITHDRAWAL_MSG.amountMaximum)).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    // "Change account" goes back to the account step.
    await userEvent.click(canvas.getByRole('button', { name: 'Change account' }));
    await expect(await canvas.findByLabelText(/Account number/)).toBeVisible();
  },
};

/** Under ₦10,000 there is no stamp duty: the summary, then the pin rules, then success. */
export const Success: Story = {
  play: async ({ canvas, userEvent }) => {
    await newAccount(canvas, userEvent);
    await enterAmount(canvas, userEvent, '5000');
    await expect(await summary(canvas, 'To')).toHaveTextContent('NGOZI OKONKWO');
    await expect(await summary(canvas, 'Bank')).toHaveTextContent('Zenith Bank');
    await expect(await summary(canvas, 'Fee')).toHaveTextContent('₦10.75');
    await expect(await summary(canvas, 'Stamp duty')).toHaveTextContent('₦0.00');
    await expect(canvas.getByTestId('summary-total')).toHaveTextContent('₦5,010.75');

    // The pin: required, then six digits.
    const pay = canvas.getByRole('button', { name: 'Withdraw ₦5,000.00' });
    await userEvent.click(pay);
    await expect(await canvas.findByText(WITHDRAWAL_MSG.pinRequired)).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/Secret pin/), '123');
    await userEvent.click(pay);
    await expect(await canvas.findByText(MSG.pinLength)).toBeVisible();
    await userEvent.clear(canvas.getByLabelText(/Secret pin/));
    await payWithPin(canvas, userEvent);

    const result = await canvas.findByTestId('withdrawal-result');
    await expect(await within(result).findByText('Withdrawal successful')).toBeVisible();
    await expect(within(result).getByText('NGOZI OKONKWO')).toBeVisible();
    await expect(within(result).getByText('₦5,010.75')).toBeVisible();
    await expect(
      await within(result).findByRole('button', { name: 'Share receipt' }),
    ).toBeVisible();
    // The whole total left the wallet.
    await expect(db.users.find((u) => u.id === DEMO_CUSTOMER.id)!.wallet_balance).toBe(
      25_000_00 - 5_010_75,
    );
    // The account is saved for next time.
    await userEvent.click(within(result).getByRole('button', { name: 'New withdrawal' }));
    await expect(
      await canvas.findByRole('button', {
        name: /^Send to NGOZI OKONKWO\s*Zenith Bank · 0987654321$/,
      }),
    ).toBeVisible();
  },
};

/** From ₦10,000 the sender pays ₦50 stamp duty (from 1 January 2026): in the summary and total. */
export const StampDuty: Story = {
  play: async ({ canvas, userEvent }) => {
    await newAccount(canvas, userEvent);
    await enterAmount(canvas, userEvent, '10000');
    await expect(await summary(canvas, 'Stamp duty')).toHaveTextContent('₦50.00');
    await expect(await summary(canvas, 'Fee')).toHaveTextContent('₦26.88');
    await expect(canvas.getByTestId('summary-total')).toHaveTextContent('₦10,076.88');
    await expect(canvas.queryByText('None under ₦10,000.')).toBeNull();
  },
};

/** The total past the balance: said plainly, no pin asked; the amount can be changed. */
export const InsufficientBalance: Story = {
  play: async ({ canvas, userEvent }) => {
    await newAccount(canvas, userEvent);
    await enterAmount(canvas, userEvent, '25000');
    await expect(
      await canvas.findByText(WITHDRAWAL_MSG.insufficient, { exact: false }),
    ).toBeVisible();
    await expect(canvas.queryByLabelText(/Secret pin/)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Change amount' }));
    await expect(await canvas.findByLabelText(/Amount/)).toHaveValue('25000');
  },
};

/** A wrong pin is said beside the pin, with the attempts left; nothing moves. */
export const WrongPin: Story = {
  play: async ({ canvas, userEvent }) => {
    await newAccount(canvas, userEvent);
    await enterAmount(canvas, userEvent, '2000');
    await payWithPin(canvas, userEvent, '000000');
    await expect(await canvas.findByText(wrongPinMessage(1))).toBeVisible();
    await expect(canvas.getByLabelText(/Secret pin/)).toHaveValue('');
    await expect(db.users.find((u) => u.id === DEMO_CUSTOMER.id)!.wallet_balance).toBe(25_000_00);
  },
};

/** Sandbox …1111: processing first; the screen follows it, "Check now" asks at once. */
export const ProcessingThenSuccessful: Story = {
  play: async ({ canvas, userEvent }) => {
    await newAccount(canvas, userEvent, '0123451111', 'Access Bank');
    await enterAmount(canvas, userEvent, '1500');
    await payWithPin(canvas, userEvent);
    const result = await canvas.findByTestId('withdrawal-result');
    await expect(await within(result).findByText('Withdrawal processing')).toBeVisible();
    await expect(within(result).queryByRole('button', { name: 'Share receipt' })).toBeNull();
    await userEvent.click(await within(result).findByRole('button', { name: 'Check now' }));
    await expect(await within(result).findByText('Withdrawal successful')).toBeVisible();
    await expect(
      await within(result).findByRole('button', { name: 'Share receipt' }),
    ).toBeVisible();
  },
};

/** Sandbox …0000: the bank fails it at once; the whole total is back in the wallet. */
export const Failed: Story = {
  play: async ({ canvas, userEvent }) => {
    await newAccount(canvas, userEvent, '0123450000', 'Access Bank');
    await enterAmount(canvas, userEvent, '1500');
    await payWithPin(canvas, userEvent);
    const result = await canvas.findByTestId('withdrawal-result');
    await expect(await within(result).findByText('Withdrawal failed: refunded')).toBeVisible();
    await expect(within(result).queryByRole('button', { name: 'Check now' })).toBeNull();
    await expect(db.users.find((u) => u.id === DEMO_CUSTOMER.id)!.wallet_balance).toBe(25_000_00);
  },
};

/** Sandbox …2222: processing, then failed and refunded: the whole total is back. */
export const ProcessingThenFailed: Story = {
  play: async ({ canvas, userEvent }) => {
    await newAccount(canvas, userEvent, '0123452222', 'Access Bank');
    await enterAmount(canvas, userEvent, '1500');
    await payWithPin(canvas, userEvent);
    const result = await canvas.findByTestId('withdrawal-result');
    await expect(await within(result).findByText('Withdrawal processing')).toBeVisible();
    await userEvent.click(await within(result).findByRole('button', { name: 'Check now' }));
    await expect(await within(result).findByText('Withdrawal failed: refunded')).toBeVisible();
    await expect(within(result).getByText(/back in your wallet/)).toBeVisible();
    await expect(within(result).getByText('Failed (refunded)')).toBeVisible();
    await waitFor(() =>
      expect(db.users.find((u) => u.id === DEMO_CUSTOMER.id)!.wallet_balance).toBe(25_000_00),
    );
  },
};

/** Above ₦200,000 a withdrawal waits for our team, debited meanwhile: the screen says so. */
export const AwaitingReview: Story = {
  beforeEach: () => {
    db.users.find((u) => u.id === DEMO_CUSTOMER.id)!.wallet_balance = 1_000_000_00;
  },
  play: async ({ canvas, userEvent }) => {
    await newAccount(canvas, userEvent);
    await enterAmount(canvas, userEvent, '250000');
    await payWithPin(canvas, userEvent);
    const result = await canvas.findByTestId('withdrawal-result');
    await expect(within(result).getAllByText('Awaiting review').length).toBeGreaterThan(0);
    await expect(
      within(result).getByText(awaitingReviewMessage(DEFAULT_WITHDRAWAL_REVIEW_ABOVE_KOBO)),
    ).toBeVisible();
    await expect(within(result).queryByRole('button', { name: 'Share receipt' })).toBeNull();
  },
};

/** A refusal the server words (here the new-account cap) is shown as it is said. */
export const NewAccountCap: Story = {
  parameters: {
    msw: {
      handlers: [
        refuse(
          api.withdraw,
          'limit_exceeded',
          newBeneficiaryMessage(DEFAULT_NEW_BENEFICIARY_CAP_KOBO),
        ),
        ...handlers,
      ],
    },
  },
  play: async ({ canvas, userEvent }) => {
    await newAccount(canvas, userEvent);
    await enterAmount(canvas, userEvent, '21000');
    await payWithPin(canvas, userEvent);
    await expect(
      await canvas.findByText(newBeneficiaryMessage(DEFAULT_NEW_BENEFICIARY_CAP_KOBO)),
    ).toBeVisible();
    await expect(canvas.queryByTestId('withdrawal-result')).toBeNull();
  },
};

/** A saved account skips the number and the bank: its name, then the amount. */
export const SavedAccount: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      await canvas.findByRole('button', { name: /^Send to BABATUNDE OGUNLEYE/ }),
    );
    await expect(await canvas.findByTestId('payee-name')).toHaveTextContent('BABATUNDE OGUNLEYE');
    const payee = canvas.getByRole('region', { name: 'Recipient' });
    await expect(within(payee).getByText('Access Bank · 1234567895')).toBeVisible();
  },
};

/** A saved account is removed after a confirmation. */
export const RemoveSavedAccount: Story = {
  play: async ({ canvas, userEvent }) => {
    const name = 'BABATUNDE OGUNLEYE, Access Bank 1234567895';
    await userEvent.click(await canvas.findByRole('button', { name: `Remove ${name}` }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this saved account?' });
    await expect(dialog).toHaveTextContent(name);
    const remove = within(dialog).getByRole('button', { name: 'Remove' });
    await untilClickable(remove);
    await userEvent.click(remove);
    await expect(await canvas.findByText(WITHDRAWAL_MSG.beneficiaryDeleted)).toBeVisible();
    await expect(canvas.getByRole('button', { name: /^Send to ADAEZE NWOSU/ })).toBeVisible();
    await waitFor(() =>
      expect(canvas.queryByRole('button', { name: /^Send to BABATUNDE OGUNLEYE/ })).toBeNull(),
    );
  },
};

/** While an owner has paused withdrawals, their message and no form. */
export const Paused: Story = {
  beforeEach: () => {
    db.withdrawals.settings.enabled = false;
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(WITHDRAWAL_MSG.paused)).toBeVisible();
    await expect(canvas.getByText('Withdrawals paused')).toBeVisible();
    await expect(canvas.queryByLabelText(/Account number/)).toBeNull();
  },
};

/** No saved account and no withdrawal yet. */
export const FirstTime: Story = {
  parameters: {
    msw: { handlers: [variants.beneficiaries.empty, variants.myWithdrawals.empty, ...handlers] },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Bank account' })).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'Saved accounts' })).toBeNull();
    await expect(await canvas.findByText('No withdrawals yet')).toBeVisible();
  },
};

/** The bank list could not load: the reason, and nothing to pick. */
export const BanksUnavailable: Story = {
  parameters: { msw: { handlers: [variants.banks.error, ...handlers] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toBeVisible();
    await expect(canvas.queryByRole('radio')).toBeNull();
  },
};

const shareSheet = fn(async (_data: ShareData) => {});

/** The receipt of a successful withdrawal: the same PNG, through the phone's share sheet. */
export const Receipt: Story = {
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
    await newAccount(canvas, userEvent);
    await enterAmount(canvas, userEvent, '5000');
    await payWithPin(canvas, userEvent);
    const result = await canvas.findByTestId('withdrawal-result');
    await userEvent.click(await within(result).findByRole('button', { name: 'Share receipt' }));
    await expect(await within(result).findByText('Receipt shared.')).toBeVisible();
    const file = shareSheet.mock.calls[0]?.[0].files?.[0];
    await expect(file?.type).toBe('image/png');
    await expect(file?.name).toMatch(/^paybills-receipt-wd\w*\.png$/);
  },
};

/** At 360 px: nothing wider than the screen, at each step. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas, userEvent }) => {
    const fits = () =>
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(
        document.documentElement.clientWidth,
      );
    await canvas.findByRole('radio', { name: 'Zenith Bank' });
    await fits();
    await newAccount(canvas, userEvent);
    await canvas.findByTestId('payee-name');
    await fits();
    await enterAmount(canvas, userEvent, '10000');
    await canvas.findByText('₦10,076.88');
    await fits();
    await payWithPin(canvas, userEvent);
    await canvas.findByTestId('withdrawal-result');
    await fits();
  },
};
