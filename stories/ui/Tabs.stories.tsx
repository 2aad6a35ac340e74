import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

type Args = {
  variant?: 'pill' | 'underline';
  defaultValue?: string;
  couponDisabled?: boolean;
  walletLabel?: string;
};

function PayWithExample({
  variant,
  defaultValue = 'wallet',
  couponDisabled,
  walletLabel = 'Use wallet',
}: Args) {
  return (
    <Tabs defaultValue={defaultValue}>
      <TabsList aria-label="Pay with" variant={variant}>
        <TabsTrigger value="wallet">{walletLabel}</TabsTrigger>
        <TabsTrigger value="coupon" disabled={couponDisabled}>
          Use Coupon
        </TabsTrigger>
      </TabsList>
      <TabsContent value="wallet" className="flex flex-col gap-2">
        <p className="text-sm">Buy airtime from your wallet balance.</p>
        <label className="flex flex-col gap-1 text-sm">
          Phone number
          <input className="rounded-control border border-input bg-bg px-2 py-1" />
        </label>
      </TabsContent>
      <TabsContent value="coupon" className="flex flex-col gap-2">
        <p className="text-sm">Enter a coupon code and press Load.</p>
        <label className="flex flex-col gap-1 text-sm">
          Coupon code
          <input className="rounded-control border border-input bg-bg px-2 py-1" />
        </label>
      </TabsContent>
    </Tabs>
  );
}

const meta = {
  title: 'UI/Tabs',
  component: PayWithExample,
} satisfies Meta<typeof PayWithExample>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Click and arrow keys switch tabs; each tab controls its panel. */
export const UseWalletOrCoupon: Story = {
  play: async ({ canvas, userEvent }) => {
    const wallet = canvas.getByRole('tab', { name: 'Use wallet' });
    const coupon = canvas.getByRole('tab', { name: 'Use Coupon' });
    await expect(wallet).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('wallet balance');

    await userEvent.click(coupon);
    await expect(coupon).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('coupon code');

    await userEvent.keyboard('{ArrowLeft}');
    await expect(wallet).toHaveFocus();
    await expect(wallet).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel', { name: 'Use wallet' })).toBeVisible();
  },
};

/** Switching tabs keeps what was typed in the other one. */
export const KeepsWhatWasTyped: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Phone number'), '08031234567');
    await userEvent.click(canvas.getByRole('tab', { name: 'Use Coupon' }));
    await expect(canvas.getByLabelText('Phone number')).not.toBeVisible();
    await userEvent.type(canvas.getByLabelText('Coupon code'), 'K7QM-AIRTIME');
    await userEvent.click(canvas.getByRole('tab', { name: 'Use wallet' }));
    await expect(canvas.getByLabelText('Phone number')).toHaveValue('08031234567');
    await userEvent.click(canvas.getByRole('tab', { name: 'Use Coupon' }));
    await expect(canvas.getByLabelText('Coupon code')).toHaveValue('K7QM-AIRTIME');
  },
};

export const CouponSelected: Story = { args: { defaultValue: 'coupon' } };

export const Underline: Story = { args: { variant: 'underline' } };

export const Disabled: Story = { args: { couponDisabled: true } };

export const LongText: Story = {
  args: { walletLabel: 'Use wallet balance (₦1,234,567.89 available)' },
};

export const Dark: Story = { globals: { theme: 'dark' } };
