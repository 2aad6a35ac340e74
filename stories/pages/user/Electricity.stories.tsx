import type { Meta, StoryObj } from '@storybook/react-vite';
import { variants } from '@mocks/index';
import { ElectricityScreen } from '@/features/purchases/components/products/electricity';
import { paths } from '@/config/routes';
import { purchasePageStories, signedInAt } from './purchase-page';

/** The Electricity page (spec §2): "Use wallet" and "Use Coupon" tabs. Flows: Features/Purchases. */
const meta = {
  title: 'Pages/User/Electricity',
  component: ElectricityScreen,
  ...signedInAt(paths.user.electricity),
} satisfies Meta<typeof ElectricityScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const stories = purchasePageStories({
  heading: 'Electricity',
  what: 'electricity companies',
  catalogue: variants.electricityProducts,
});
export const Default: Story = stories.Default;
export const Phone: Story = stories.Phone;
export const Dark: Story = stories.Dark;
export const LoadingCatalogue: Story = stories.LoadingCatalogue;
export const CatalogueError: Story = stories.CatalogueError;
export const CouponTab: Story = stories.CouponTab;
