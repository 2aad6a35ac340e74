import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { demoSession, SEED_COUPONS, variants } from '@mocks/index';
import { BuyCouponScreen } from '@/features/coupons/components/buy-coupon-screen';
import { paths } from '@/config/routes';
import { clearSession, saveTokens } from '@/lib/session';

/** Buy Coupon (spec §2 page 10): the form and the customer's coupons, 5 per page. */
const meta = {
  title: 'Pages/User/BuyCoupon',
  component: BuyCouponScreen,
  parameters: { router: { initialEntries: [paths.user.buyCoupon] } },
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof BuyCouponScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The seeded coupons: valid ones read YES, used and expired ones NO. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Buy Coupon' }),
    ).toBeVisible();
    const table = await canvas.findByRole('table');
    await within(table).findByText(SEED_COUPONS.airtime);
    await expect(within(table).getAllByRole('row').length).toBeLessThanOrEqual(6);
    await expect(within(table).getAllByText(/^(YES|NO)$/).length).toBeGreaterThan(0);
  },
};

export const Phone: Story = {
  ...Default,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const Dark: Story = {
  ...Default,
  globals: { theme: 'dark' },
};

export const LoadingUser: Story = {
  parameters: { msw: { handlers: [variants.currentUser.slow] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('table')).toHaveAttribute('aria-busy', 'true');
  },
};

export const NoCoupons: Story = {
  parameters: { msw: { handlers: [variants.currentUser.empty] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No coupons yet')).toBeVisible();
  },
};
