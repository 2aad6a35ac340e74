import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import type { AdminTransaction } from '@contract';
import { FAILURE_MSG } from '@contract/messages/history';
import { TransactionDialog } from '@/features/admin/components/transaction-dialog';
import { signedInAsAdmin } from './session';

/** Fixed: 2024-03-06 14:05 Lagos. */
const AT = Date.UTC(2024, 2, 6, 13, 5);

/** A top-up VTpass refused with its 016, refunded; the customer read a plain sentence. */
const failedTopUp: AdminTransaction = {
  transaction_id: 'TX-20240306-0101',
  user: 'ada@example.com',
  user_id: 'u-ada',
  date: AT,
  product: 'Airtime',
  value: 50_000,
  status: 'reversed',
  direction: 'debit',
  amountCharged: 49_000,
  balance_before: 1_000_000,
  balance_after: 951_000,
  service_id: 'mtn',
  transaction_phone: '08031230000',
  response_msg: '016 TRANSACTION FAILED',
  providers_tried: [{ provider: 'sandbox-vt', result: 'refused', message: 'TRANSACTION FAILED' }],
  secrets: [],
  provider_answer: {
    provider: 'VTpass',
    code: '016',
    message: 'TRANSACTION FAILED',
    requery_attempts: 2,
  },
};

const meta = {
  title: 'Features/Admin/TransactionProviderAnswer',
  component: TransactionDialog,
  beforeEach: signedInAsAdmin,
  args: { transaction: failedTopUp, onClose: fn() },
} satisfies Meta<typeof TransactionDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The admin's detail of a failed purchase (ADR 0074): the provider, its code, its own words
 * and how often it was requeried, where the customer was told "MTN could not complete this
 * top-up.".
 */
export const ProviderAnswer: Story = {
  play: async () => {
    const dialog = within(document.body).getByRole('dialog', { name: 'Transaction details' });
    const answer = within(dialog).getByRole('region', { name: 'Provider’s answer' });
    await expect(within(answer).getByText('VTpass')).toBeVisible();
    await expect(within(answer).getByText('016')).toBeVisible();
    await expect(within(answer).getByText('TRANSACTION FAILED')).toBeVisible();
    await expect(within(answer).getByText('2 times')).toBeVisible();
    await expect(within(dialog).queryByText(FAILURE_MSG.declined('MTN', 'top-up'))).toBeNull();
  },
};

/** A Flutterwave bill answer has words but no code: said so, not left blank. */
export const ProviderAnswerWithoutCode: Story = {
  args: {
    transaction: {
      ...failedTopUp,
      response_msg: 'Bill failed',
      provider_answer: {
        provider: 'Flutterwave',
        code: null,
        message: 'Bill failed',
        requery_attempts: 0,
      },
    },
  },
  play: async () => {
    const dialog = within(document.body).getByRole('dialog', { name: 'Transaction details' });
    const answer = within(dialog).getByRole('region', { name: 'Provider’s answer' });
    await expect(within(answer).getByText('Flutterwave')).toBeVisible();
    await expect(within(answer).getByText('none given')).toBeVisible();
    await expect(within(answer).getByText('not requeried')).toBeVisible();
  },
};
