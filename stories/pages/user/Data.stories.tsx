import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SERVER_MSG } from '@contract';
import { demoSession, variants } from '@mocks/index';
import { DataScreen } from '@/features/purchases/components/data-screen';
import { paths } from '@/config/routes';
import { clearSession, saveTokens } from '@/lib/session';

/** The Data page (spec §2): "Use wallet" and "Use Coupon" tabs. Flows: Features/Purchases. */
const meta = {
  title: 'Pages/User/Data',
  component: DataScreen,
  parameters: { router: { initialEntries: [paths.user.data] } },
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof DataScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Data' })).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Use wallet' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(canvas.getByRole('tab', { name: 'Use Coupon' })).toBeVisible();
    await expect(await canvas.findByText(/Wallet balance/)).toBeVisible();
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

export const LoadingCatalogue: Story = {
  parameters: { msw: { handlers: [variants.dataProducts.slow] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading data plans' })).toBeVisible();
  },
};

export const CatalogueError: Story = {
  parameters: { msw: { handlers: [variants.dataProducts.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.serverError);
  },
};

export const CouponTab: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: 'Use Coupon' }));
    await expect(await canvas.findByLabelText(/Coupon code/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Load' })).toBeVisible();
  },
};
