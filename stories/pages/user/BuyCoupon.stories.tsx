import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { db, SEED_COUPONS, variants } from '@mocks/index';
import { BuyCouponScreen } from '@/features/coupons/components/buy-coupon-screen';
import { paths } from '@/config/routes';
import { signedInAt } from './purchase-page';
import { loadErrorWith } from './user-page';

// Buy Coupon (spec §2 page 10): the form and the customer's coupons, 5 per page. (A doc
// comment here would make Storybook replace the meta's spread parameters with its docs
// description.)
const meta = {
  title: 'Pages/User/BuyCoupon',
  component: BuyCouponScreen,
  ...signedInAt(paths.user.buyCoupon),
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
  parameters: { msw: { handlers: [variants.currentUser.slow, variants.myCoupons.slow] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('table')).toHaveAttribute('aria-busy', 'true');
  },
};

export const NoCoupons: Story = {
  parameters: { msw: { handlers: [variants.myCoupons.empty] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No coupons yet')).toBeVisible();
  },
};

/** The coupon list is paged on the server (GET /api/user/coupons, ADR 0020). */
export const CouponsPaged: Story = {
  beforeEach: () => {
    const owner = db.coupons.find((c) => c.coupon_code === SEED_COUPONS.airtime)!.owner_id;
    // Enough coupons for a second page, each issued before the seeded ones.
    for (let i = 0; i < 6; i++) {
      db.coupons.push({
        ...db.coupons.find((c) => c.coupon_code === SEED_COUPONS.airtime)!,
        coupon_code: `PAGED-${i}`,
        owner_id: owner,
        issued_at: 1_000 + i,
      });
    }
  },
  play: async ({ canvas, userEvent }) => {
    const table = await canvas.findByRole('table');
    await within(table).findByText(SEED_COUPONS.airtime);
    await userEvent.click(canvas.getByRole('button', { name: /Next/ }));
    await expect(await canvas.findByText(/^Page 2 of/)).toBeVisible();
    await waitFor(() => expect(within(table).queryByText(SEED_COUPONS.airtime)).toBeNull());
    await expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
  },
};

export const CouponsLoadError: Story = loadErrorWith(variants.myCoupons.error);
