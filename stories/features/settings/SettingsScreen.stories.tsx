import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { SERVER_MSG, TIMERS } from '@contract';
import { DEMO_CUSTOMER, demoSession, variants } from '@mocks/index';
import { SettingsScreen } from '@/features/settings/components/settings-screen';
import { clearSession, saveTokens } from '@/lib/session';
import { untilAfter } from '../../timers';

const meta = {
  title: 'Features/Settings/SettingsScreen',
  component: SettingsScreen,
  // Settings → Verification reads the consent page's return from the URL (ADR 0063).
  parameters: { router: { initialEntries: ['/user/dashboard/settings'] } },
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof SettingsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Read-only profile; the referral link `<origin>/auth/signup?referral_code=<code>` with its
 * earnings in Referrals.
 */
export const Default: Story = {
  play: async ({ canvas }) => {
    const profile = canvas.getByRole('region', { name: 'Profile' });
    await expect(await within(profile).findByText(DEMO_CUSTOMER.email)).toBeVisible();
    // The referral link is in Referrals, with what it earned.
    const referrals = canvas.getByRole('region', { name: 'Referrals' });
    await expect(
      within(referrals).getByText(
        new RegExp(`^${window.location.origin}/auth/signup\\?referral_code=\\w+$`),
      ),
    ).toBeVisible();
    await expect(
      await within(referrals).findByRole('table', { name: 'Referral earnings' }),
    ).toBeVisible();
    const verification = canvas.getByRole('region', { name: 'Verification' });
    await expect(
      await within(verification).findByText('Level 1: e-mail and phone verified'),
    ).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Change password' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Reset transaction pin' })).toBeVisible();
    // SMS and e-mail per kind (ADR 0081), all on for the demo customer.
    const messages = canvas.getByRole('region', { name: 'Messages' });
    await expect(
      await within(messages).findByRole('switch', { name: 'Purchases by SMS' }),
    ).toBeChecked();
    // Reseller API: the demo customer's keys and webhook address.
    const keys = canvas.getByRole('region', { name: 'API keys' });
    await expect(await within(keys).findByText('Shop till')).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Webhooks' })).toBeVisible();
  },
};

/** Copy: "Copied!" for one second (spec §9), then back. */
export const CopyReferralLink: Story = {
  play: async ({ canvas, userEvent }) => {
    // The confirmation's timer starts once the copy has resolved: never before this moment.
    let copiedAt = Number.POSITIVE_INFINITY;
    const writeText = fn(async (_text: string) => {
      copiedAt = performance.now();
    });
    // Headless Chromium has no clipboard permission: stand in for it.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const button = await canvas.findByRole('button', { name: /Copy link/ });
    await userEvent.click(button);
    await expect(writeText).toHaveBeenCalledWith(
      expect.stringMatching(/\/auth\/signup\?referral_code=/),
    );
    await expect(button).toHaveTextContent('Copied!');
    await untilAfter(copiedAt, TIMERS.copyConfirmation - 300);
    await expect(button).toHaveTextContent('Copied!');
    await waitFor(() => expect(button).toHaveTextContent(/^Copy link$/), { timeout: 5_000 });
    await expect(performance.now() - copiedAt).toBeGreaterThanOrEqual(TIMERS.copyConfirmation - 20);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.currentUser.slow] } },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [variants.currentUser.error] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(SERVER_MSG.serverError, {}, { timeout: 8000 }),
    ).toBeVisible();
  },
};
