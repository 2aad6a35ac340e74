import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { api, ROLE_MSG } from '@contract';
import { variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { signedInAsRole } from '../../features/admin/session';
import { adminPageAt, currentPage, loadingWith, serverErrorWith } from './admin-page';
import { expectCurrentPage, type AdminRoutes } from './admin-routes';

// The Referral commissions page at its URL in the admin dashboard (ADR 0056). (A doc comment
// here would make Storybook replace the meta's spread parameters with its docs description.)
const meta = {
  title: 'Pages/Admin/ReferralSettings',
  ...adminPageAt(paths.admin.referrals),
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = currentPage(
  'Referral commissions',
  async (canvas) => {
    await expect(await canvas.findByRole('form', { name: 'Referral commissions' })).toBeVisible();
  },
  'Referrals',
);

/** Pricing sets what a referral pays (the endpoints' `tiers` permission): Referrals in its menu. */
export const PricingRole: Story = {
  beforeEach: signedInAsRole('pricing'),
  play: async ({ canvas }) => {
    await expectCurrentPage(canvas, 'Referral commissions', 'Referrals');
  },
};

/** Support may not: no menu entry, and the URL says so without calling the API. */
export const SupportRefused: Story = {
  beforeEach: () => {
    // The stories before this one asked for the settings: count this story's calls only.
    performance.clearResourceTimings();
    return signedInAsRole('support')();
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(ROLE_MSG.pageRefused('support'))).toBeVisible();
    const nav = canvas.getAllByRole('navigation', { name: 'Admin dashboard' })[0]!;
    await expect(within(nav).queryByRole('link', { name: 'Referrals' })).toBeNull();
    const calls = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes(api.referralSettings.path));
    await expect(calls).toEqual([]);
  },
};

export const Loading: Story = loadingWith(variants.referralSettings.slow);
export const ServerError: Story = serverErrorWith(variants.referralSettings.error);
