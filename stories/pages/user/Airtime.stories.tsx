import type { Meta, StoryObj } from '@storybook/react-vite';
import { variants } from '@mocks/index';
import { AirtimeScreen } from '@/features/purchases/components/products/airtime';
import { paths } from '@/config/routes';
import { purchasePageStories, signedInAt } from './purchase-page';

/** The Airtime page (spec §2): "Use wallet" and "Use Coupon" tabs. Flows: Features/Purchases. */
const meta = {
  title: 'Pages/User/Airtime',
  component: AirtimeScreen,
  ...signedInAt(paths.user.airtime),
} satisfies Meta<typeof AirtimeScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const stories = purchasePageStories({
  heading: 'Airtime',
  what: 'networks',
  catalogue: variants.networks,
});
export const Default: Story = stories.Default;
export const Phone: Story = stories.Phone;
export const Dark: Story = stories.Dark;
export const LoadingCatalogue: Story = stories.LoadingCatalogue;
export const CatalogueError: Story = stories.CatalogueError;
export const CouponTab: Story = stories.CouponTab;
