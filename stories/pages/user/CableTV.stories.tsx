import type { Meta, StoryObj } from '@storybook/react-vite';
import { variants } from '@mocks/index';
import { CableScreen } from '@/features/purchases/components/products/cable';
import { paths } from '@/config/routes';
import { purchasePageStories, signedInAt } from './purchase-page';

/** The Cable TV page (spec §2): "Use wallet" and "Use Coupon" tabs. Flows: Features/Purchases. */
const meta = {
  title: 'Pages/User/CableTV',
  component: CableScreen,
  ...signedInAt(paths.user.cableTv),
} satisfies Meta<typeof CableScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const stories = purchasePageStories({
  heading: 'Cable TV',
  what: 'TV plans',
  catalogue: variants.cableProducts,
});
export const Default: Story = stories.Default;
export const Phone: Story = stories.Phone;
export const Dark: Story = stories.Dark;
export const LoadingCatalogue: Story = stories.LoadingCatalogue;
export const CatalogueError: Story = stories.CatalogueError;
export const CouponTab: Story = stories.CouponTab;
