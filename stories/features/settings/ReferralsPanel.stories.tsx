import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, fn, waitFor, within } from 'storybook/test';
import { REFERRAL_MSG, SERVER_MSG } from '@contract';
import { db, DEMO_CUSTOMER, demoSession, variants } from '@mocks/index';
import { ReferralsPanel } from '@/features/settings/components/referrals-panel';
import { formatDate } from '@/lib/dates';
import { clearSession, saveTokens } from '@/lib/session';

const meta = {
  title: 'Features/Settings/ReferralsPanel',
  component: ReferralsPanel,
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof ReferralsPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

const mine = () =>
  db.referrals.earnings
    .filter((e) => e.referrer_id === DEMO_CUSTOMER.id)
    .sort((a, b) => b.created_at - a.created_at);

/** The stat card whose label is `label`. */
const figure = (canvas: { getByText: (text: string) => HTMLElement }, label: string) =>
  canvas.getByText(label).closest('[data-slot="stat-card"]') as HTMLElement;

const demoCode = () => db.users.find((u) => u.id === DEMO_CUSTOMER.id)!.referral_code;

/**
 * The seed: Chiamaka referred Emeka; six commissions paid, one taken back with a refund, one
 * purchase pending. The link with Copy, the three figures, the newest five earnings.
 */
export const WithEarnings: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Referral earnings' });
    await expect(
      await canvas.findByText(
        new RegExp(`^${window.location.origin}/auth/signup\\?referral_code=\\w+$`),
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Copy link' })).toBeVisible();
    const referred = db.users.filter((u) => u.referred_by === demoCode()).length;
    await waitFor(() =>
      expect(figure(canvas, 'People referred')).toHaveTextContent(String(referred)),
    );
    // ₦4 + ₦15 + ₦12.37 + ₦4 + ₦19 + ₦2: the reversed ₦9.90 is not counted.
    await expect(figure(canvas, 'Earned')).toHaveTextContent('₦56.37');
    await expect(figure(canvas, 'Pending')).toHaveTextContent('₦9.90');
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(5);
    const newest = mine()[0]!;
    await expect(rows[0]).toHaveTextContent(formatDate(newest.created_at));
    await expect(rows[0]).toHaveTextContent(/^\d{2} - \d{2} - \d{4}/);
    await expect(rows[0]).toHaveTextContent('Airtime');
    await expect(rows[0]).toHaveTextContent('Emeka');
    await expect(rows[0]).toHaveTextContent('₦4.00');
    // The Electricity commission was taken back with the purchase's refund.
    const reversed = rows.find((r) => r.textContent?.includes('Electricity'))!;
    await expect(within(reversed).getByText('Reversed')).toBeVisible();
    await expect(canvas.getByText('Page 1 of 2')).toBeVisible();
  },
};

/** Seven earnings, five a page: Next asks the server for page 2, Previous goes back. */
export const SeveralPages: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Page 1 of 2')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Next/ }));
    await expect(await canvas.findByText('Page 2 of 2')).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Referral earnings' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const oldest = mine().at(-1)!;
    await expect(within(table).getAllByRole('row')[2]).toHaveTextContent(
      formatDate(oldest.created_at),
    );
    await expect(canvas.getByRole('button', { name: /Next/ })).toBeDisabled();
    // The figures are the whole programme's, whatever the page.
    await expect(figure(canvas, 'Earned')).toHaveTextContent('₦56.37');
    await userEvent.click(canvas.getByRole('button', { name: /Previous/ }));
    await expect(await canvas.findByText('Page 1 of 2')).toBeVisible();
  },
};

/** A first-funding bonus has no product: it says what it is. */
export const FirstFundingBonus: Story = {
  beforeEach: () => {
    db.referrals.earnings.unshift({
      id: 'ref_bonus',
      referrer_id: DEMO_CUSTOMER.id,
      kind: 'first_funding',
      friend: 'Tunde',
      product: null,
      amount: 50_000,
      status: 'paid',
      created_at: mine()[0]!.created_at + 60_000,
    });
  },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Referral earnings' });
    await within(table).findByText('First funding bonus');
    const first = within(table).getAllByRole('row')[1]!;
    await expect(first).toHaveTextContent('First funding bonus');
    await expect(first).toHaveTextContent('Tunde');
    await expect(first).toHaveTextContent('₦500.00');
    await expect(figure(canvas, 'Earned')).toHaveTextContent('₦556.37');
  },
};

/** Nobody has signed up with the link yet: zeros, and what to do about it. */
export const NoneReferredYet: Story = {
  parameters: { msw: { handlers: [variants.myReferrals.empty] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(REFERRAL_MSG.noEarnings)).toBeVisible();
    await expect(figure(canvas, 'People referred')).toHaveTextContent('0');
    await expect(figure(canvas, 'Earned')).toHaveTextContent('₦0.00');
    await expect(figure(canvas, 'Pending')).toHaveTextContent('₦0.00');
    // The link is what to share: it is there, with Copy.
    await expect(canvas.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: /pages/ })).toBeNull();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.myReferrals.slow] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Referral earnings' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.getAllByText('Loading')).toHaveLength(3);
  },
};

/** The link comes from the signed-in user when the screen has it, before the figures. */
export const LoadingWithLink: Story = {
  args: { code: 'CHIAMAKA1' },
  parameters: { msw: { handlers: [variants.myReferrals.slow] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/referral_code=CHIAMAKA1$/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Copy link' })).toBeVisible();
  },
};

/** While the server is down: the message and Try again, which asks again and shows them. */
const outage = { on: true };
const downWhileOn = http.get('*/api/user/referrals', () =>
  outage.on
    ? HttpResponse.json({ type: 'server_error', msg: SERVER_MSG.serverError }, { status: 500 })
    : undefined,
);

export const ErrorThenTryAgain: Story = {
  args: { code: 'CHIAMAKA1' },
  parameters: { msw: { handlers: [downWhileOn] } },
  beforeEach: () => {
    outage.on = true;
  },
  play: async ({ canvas, userEvent }) => {
    await expect(
      await canvas.findByText(SERVER_MSG.serverError, {}, { timeout: 8000 }),
    ).toBeVisible();
    // The link does not depend on the figures.
    await expect(canvas.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    outage.on = false;
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('table', { name: 'Referral earnings' })).toBeVisible();
    await expect(canvas.queryByText(SERVER_MSG.serverError)).toBeNull();
    await expect(await canvas.findByText('Page 1 of 2')).toBeVisible();
  },
};

/** The server keeps failing: its message stays, with Try again. */
export const LoadError: Story = {
  parameters: { msw: { handlers: [variants.myReferrals.error] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(SERVER_MSG.serverError, {}, { timeout: 8000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Copy puts the link on the clipboard. */
export const CopyLink: Story = {
  play: async ({ canvas, userEvent }) => {
    const writeText = fn(async (_text: string) => undefined);
    // Headless Chromium has no clipboard permission: stand in for it.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(await canvas.findByRole('button', { name: 'Copy link' }));
    await expect(writeText).toHaveBeenCalledWith(
      `${window.location.origin}/auth/signup?referral_code=${demoCode()}`,
    );
  },
};
