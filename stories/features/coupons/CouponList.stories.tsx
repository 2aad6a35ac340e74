import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { Coupon } from '@contract';
import { CouponList } from '@/features/coupons/components/coupon-list';

const DAY = 86_400_000;
const BASE = Date.UTC(2026, 10, 1, 9);
const coupon = (i: number, isValid: boolean): Coupon => ({
  coupon_code: `CODE${String(i).padStart(8, '0')}-AIRTIME`,
  meta_data: { product: 'AIRTIME', name: '₦500 Airtime', amount: 50_000 },
  isValid,
  issued_at: BASE - i * DAY,
  expires_at: BASE + 90 * DAY - i * DAY,
});

const meta = {
  title: 'Features/Coupons/CouponList',
  component: CouponList,
  args: { coupons: Array.from({ length: 7 }, (_, i) => coupon(i + 1, i % 3 !== 0)) },
} satisfies Meta<typeof CouponList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Five per page; Active reads YES/NO from isValid (spec §2). */
export const Paged: Story = {
  play: async ({ canvas, userEvent }) => {
    const table = canvas.getByRole('table');
    await expect(within(table).getAllByRole('row')).toHaveLength(6);
    await expect(within(table).getAllByText('NO').length).toBeGreaterThan(0);
    await expect(within(table).getAllByText('YES').length).toBeGreaterThan(0);
    await expect(canvas.getByText(/Page 1 of 2/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Next/ }));
    await expect(canvas.getByText(/Page 2 of 2/)).toBeVisible();
  },
};

export const Empty: Story = {
  args: { coupons: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No coupons yet')).toBeVisible();
  },
};

export const Loading: Story = { args: { coupons: undefined, loading: true } };
