import type { Meta, StoryObj } from '@storybook/react-vite';
import { variants } from '@mocks/index';
import { DataScreen } from '@/features/purchases/components/products/data';
import { paths } from '@/config/routes';
import { purchasePageStories, signedInAt } from './purchase-page';

/** The Data page (spec §2): "Use wallet" and "Use Coupon" tabs. Flows: Features/Purchases. */
const meta = {
  title: 'Pages/User/Data',
  component: DataScreen,
  ...signedInAt(paths.user.data),
} satisfies Meta<typeof DataScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const stories = purchasePageStories({
  heading: 'Data',
  what: 'data plans',
  catalogue: variants.dataProducts,
});
export const Default: Story = stories.Default;
export const Phone: Story = stories.Phone;
export const Dark: Story = stories.Dark;
export const LoadingCatalogue: Story = stories.LoadingCatalogue;
export const CatalogueError: Story = stories.CatalogueError;
export const CouponTab: Story = stories.CouponTab;
