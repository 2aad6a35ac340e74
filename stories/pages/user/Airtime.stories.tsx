import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SERVER_MSG } from '@contract';
import { demoSession, variants } from '@mocks/index';
import { AirtimeScreen } from '@/features/purchases/components/airtime-screen';
import { paths } from '@/config/routes';
import { clearSession, saveTokens } from '@/lib/session';

/** The Airtime page (spec §2): "Use wallet" and "Use Coupon" tabs. Flows: Features/Purchases. */
const meta = {
  title: 'Pages/User/Airtime',
  component: AirtimeScreen,
  parameters: { router: { initialEntries: [paths.user.airtime] } },
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof AirtimeScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Airtime' })).toBeVisible();
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
  parameters: { msw: { handlers: [variants.networks.slow] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading networks' })).toBeVisible();
  },
};

export const CatalogueError: Story = {
  parameters: { msw: { handlers: [variants.networks.error] } },
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
