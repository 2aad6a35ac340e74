import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { api, SERVER_MSG, type OperatorCosts, type OperatorFloatHealth } from '@contract';
import { handle, SEED_NOW, variants } from '@mocks/index';
import { OperatorCostCards } from '@/features/admin/components/operator-cost-cards';
import { signedInAsAdmin } from './session';

/**
 * The overview's SMS and payout floats (ADR 0086), on the seed's clock (SEED_NOW is 09:00 in
 * Lagos): today's SMS with the Termii balance, and the Flutterwave NGN balance withdrawals are
 * paid from, each with its owner-set threshold.
 */
const MINUTE = 60_000;

const TERMII: OperatorFloatHealth = {
  float: 'termii',
  name: 'termii',
  balance: 7_840_00,
  polled_at: SEED_NOW - 2 * MINUTE,
  error: null,
  threshold: 5_000_00,
  below_threshold: false,
};
const PAYOUTS: OperatorFloatHealth = {
  float: 'payouts',
  name: 'flutterwave-payouts',
  balance: 1_180_000_00,
  polled_at: SEED_NOW - 2 * MINUTE,
  error: null,
  threshold: 500_000_00,
  below_threshold: false,
};

function costs(
  termii: Partial<OperatorFloatHealth> = {},
  payouts: Partial<OperatorFloatHealth> = {},
) {
  const message: OperatorCosts = {
    sms: { sent_today: 1_284, failed_today: 3, queued: 2 },
    floats: [
      { ...TERMII, ...termii },
      { ...PAYOUTS, ...payouts },
    ],
  };
  return handle(api.adminOperatorCosts, () => ({ message }));
}

const meta = {
  title: 'Features/Admin/OperatorCostCards',
  component: OperatorCostCards,
  beforeEach: signedInAsAdmin,
} satisfies Meta<typeof OperatorCostCards>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const card = async (canvas: Canvas, name: RegExp) =>
  within(await canvas.findByRole('article', { name }));

/** Both floats above their thresholds: today's SMS, each balance and when it was polled. */
export const Normal: Story = {
  parameters: { msw: { handlers: [costs()] } },
  play: async ({ canvas }) => {
    const sms = await card(canvas, /^SMS \(Termii\)/);
    await expect(sms.getByText('Sent today').nextElementSibling).toHaveTextContent('1,284');
    await expect(sms.getByText('Failed today').nextElementSibling).toHaveTextContent('3');
    await expect(sms.getByText('Waiting').nextElementSibling).toHaveTextContent('2');
    await expect(sms.getByText('SMS balance')).toBeVisible();
    await expect(sms.getByText('₦7,840.00')).toBeVisible();
    await expect(sms.getByText(/Polled/)).toHaveTextContent('Polled 01 - 11 - 2026 08:58');
    const payouts = await card(canvas, /^Payouts \(Flutterwave\)/);
    await expect(payouts.getByText('Payout float')).toBeVisible();
    await expect(payouts.getByText('₦1,180,000.00')).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** The SMS balance under the owner's threshold: a warning on that card only. */
export const LowBalance: Story = {
  parameters: {
    msw: { handlers: [costs({ balance: 2_120_00, below_threshold: true })] },
  },
  play: async ({ canvas }) => {
    const sms = await card(canvas, /^SMS \(Termii\)/);
    await expect(sms.getByRole('alert')).toHaveTextContent('SMS balance below ₦5,000.00');
    await expect(sms.getByText('₦2,120.00')).toBeVisible();
    await expect((await card(canvas, /^Payouts/)).queryByRole('alert')).toBeNull();
  },
};

/** The payout float under its threshold. */
export const LowPayoutFloat: Story = {
  parameters: {
    msw: { handlers: [costs({}, { balance: 320_000_00, below_threshold: true })] },
  },
  play: async ({ canvas }) => {
    const payouts = await card(canvas, /^Payouts/);
    await expect(payouts.getByRole('alert')).toHaveTextContent('Payout float below ₦500,000.00');
  },
};

/** Termii did not answer the last poll: why, and the balance polled before it. */
export const ProviderUnreachable: Story = {
  parameters: {
    msw: {
      handlers: [
        costs(
          { error: 'termii: balance failed (timeout)' },
          {
            balance: null,
            polled_at: null,
            error: 'flutterwave-payouts: balance failed (HTTP 503)',
          },
        ),
      ],
    },
  },
  play: async ({ canvas }) => {
    const sms = await card(canvas, /^SMS \(Termii\)/);
    await expect(sms.getByRole('alert')).toHaveTextContent(
      'The last balance poll failedtermii: balance failed (timeout)',
    );
    await expect(sms.getByText('₦7,840.00')).toBeVisible();
    const payouts = await card(canvas, /^Payouts/);
    await expect(payouts.getByText('Unavailable')).toBeVisible();
    await expect(payouts.getByRole('alert')).toHaveTextContent(
      'The last balance poll failedflutterwave-payouts: balance failed (HTTP 503)',
    );
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.adminOperatorCosts.slow] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('region', { name: 'SMS and payouts' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [variants.adminOperatorCosts.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};
