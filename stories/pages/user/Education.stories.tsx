import type { Meta, StoryObj } from '@storybook/react-vite';
import { variants } from '@mocks/index';
import { EducationScreen } from '@/features/purchases/components/products/education';
import { paths } from '@/config/routes';
import { purchasePageStories, signedInAt } from './purchase-page';

/** The Education page (spec §2): "Use wallet" and "Use Coupon" tabs. Flows: Features/Purchases. */
const meta = {
  title: 'Pages/User/Education',
  component: EducationScreen,
  ...signedInAt(paths.user.education),
} satisfies Meta<typeof EducationScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const stories = purchasePageStories({
  heading: 'Education',
  what: 'exams',
  catalogue: variants.educationProducts,
});
export const Default: Story = stories.Default;
export const Phone: Story = stories.Phone;
export const Dark: Story = stories.Dark;
export const LoadingCatalogue: Story = stories.LoadingCatalogue;
export const CatalogueError: Story = stories.CatalogueError;
export const CouponTab: Story = stories.CouponTab;
