import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, waitFor, within } from 'storybook/test';
import { fundsHeldMessage } from '@contract';
import { db, DEMO_CUSTOMER, demoSession, now } from '@mocks/index';
import { resetMockVerification, setMockVerification } from '@mocks/handlers/verification';
import { paths } from '@/config/routes';
import { OverviewScreen } from '@/features/overview/components/overview-screen';
import { clearSession, saveTokens } from '@/lib/session';

/**
 * Back from the card checkout when a verification level's limit held the credit (ADR 0076):
 * the overview says it is held, not added, why, and how it reaches the wallet; the balance has
 * not moved.
 */
const meta = {
  title: 'Features/Overview/OverviewScreen/Held payment',
  component: OverviewScreen,
  parameters: {
    router: {
      initialEntries: [
        `${paths.user.overview}?status=successful&tx_ref=PB-STORY-HELD&transaction_id=556`,
      ],
    },
  },
  render: () => (
    <Routes>
      <Route path={paths.user.overview} element={<OverviewScreen />} />
    </Routes>
  ),
  beforeEach: () => {
    saveTokens(demoSession());
    // A level 1 customer who already funded ₦15,000 today: ₦35,000 left of ₦50,000.
    setMockVerification(DEMO_CUSTOMER.id, { level: 1, funded_today: 15_000_00 });
    db.payments.unshift({
      id: 'pay_story_held',
      t_id: 'PB-STORY-HELD',
      user: DEMO_CUSTOMER.email,
      user_id: DEMO_CUSTOMER.id,
      amount: 40_000_00,
      credited: 0,
      status: 'pending',
      payment_reference: null,
      date_of_payment: now(),
      channel: 'card',
      provider_id: '556',
    });
    return () => {
      resetMockVerification();
      clearSession();
    };
  },
} satisfies Meta<typeof OverviewScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** "₦39,950.00 is held, not added to your balance: …", and the balance stays ₦25,000.00. */
export const PaymentReturnHeld: Story = {
  play: async ({ canvas }) => {
    const banner = await canvas.findByTestId('funds-held', {}, { timeout: 5000 });
    await expect(banner).toHaveTextContent(
      fundsHeldMessage('₦39,950.00', 'daily_funding', 50_000_00, 1),
    );
    await expect(within(banner).getByText('Payment received, held')).toBeVisible();
    await expect(canvas.queryByTestId('funds-added')).toBeNull();
    const summary = await canvas.findByRole('region', { name: 'Summary' });
    await waitFor(() => expect(within(summary).getByText('₦25,000.00')).toBeVisible());
  },
};
