import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { commissionAboveMarginMessage, REFERRAL_MSG, SERVER_MSG } from '@contract';
import { db, variants } from '@mocks/index';
import { ReferralSettingsScreen } from '@/features/admin/components/referral-settings-screen';
import { signedInAsAdmin, signedInAsRole } from './session';

const meta = {
  title: 'Features/Admin/ReferralSettingsScreen',
  component: ReferralSettingsScreen,
  beforeEach: signedInAsAdmin,
} satisfies Meta<typeof ReferralSettingsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

type Play = NonNullable<Story['play']>;
type Ctx = Parameters<Play>[0];

const form = async ({ canvas }: Pick<Ctx, 'canvas'>) =>
  within(await canvas.findByRole('form', { name: 'Referral commissions' }));

async function retype(ctx: Ctx, label: string, text: string) {
  const f = await form(ctx);
  const input = f.getByLabelText(label);
  await ctx.userEvent.clear(input);
  if (text) await ctx.userEvent.type(input, text);
}

async function chooseBasis(ctx: Ctx, product: string, option: string) {
  const f = await form(ctx);
  await ctx.userEvent.click(f.getByRole('combobox', { name: `${product} commission is` }));
  await ctx.userEvent.click(await screen.findByRole('option', { name: option }));
}

/** The defaults (ADR 0056): 10% of our margin everywhere, no bonus, ₦2,000 a day. */
export const Defaults: Story = {
  play: async (ctx) => {
    const f = await form(ctx);
    for (const product of ['Airtime', 'Data', 'Cable TV', 'Electricity', 'Education']) {
      await expect(f.getByLabelText(`${product} commission (%)`)).toHaveValue('10');
      await expect(f.getByRole('combobox', { name: `${product} commission is` })).toHaveTextContent(
        'of our margin',
      );
    }
    await expect(f.getByLabelText('First-funding bonus (₦)')).toHaveValue('0.00');
    await expect(f.getByLabelText('Daily cap per referrer (₦)')).toHaveValue('2,000.00');
    await expect(f.getByText('The defaults: never saved.')).toBeVisible();
  },
};

/**
 * Naira in, kobo out: 20% of the Airtime margin, 5% of the Data amount, a ₦500 bonus and a
 * ₦5,000 cap. Save asks first, listing what will apply; then saved, audited, and shown.
 */
export const SaveConfirmed: Story = {
  play: async (ctx) => {
    await retype(ctx, 'Airtime commission (%)', '20');
    await chooseBasis(ctx, 'Data', 'of the amount');
    await retype(ctx, 'Data commission (%)', '2.5');
    await retype(ctx, 'First-funding bonus (₦)', '500');
    await retype(ctx, 'Daily cap per referrer (₦)', '₦5,000');
    await ctx.userEvent.click((await form(ctx)).getByRole('button', { name: 'Save' }));

    const ask = await screen.findByRole('alertdialog', { name: 'Save referral commissions?' });
    await expect(ask).toHaveTextContent('Airtime20% of our margin');
    await expect(ask).toHaveTextContent('Data2.5% of the amount');
    await expect(ask).toHaveTextContent('First-funding bonus₦500.00');
    await expect(ask).toHaveTextContent('Daily cap₦5,000.00');
    // Nothing is sent before the confirmation.
    await expect(db.referrals.settings.updated_at).toBeNull();
    await ctx.userEvent.click(within(ask).getByRole('button', { name: 'Save commissions' }));

    await expect(await ctx.canvas.findByText(REFERRAL_MSG.saved)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const saved = db.referrals.settings;
    await expect(saved.rates.airtime).toEqual({ basis: 'margin', percent: 2_000 });
    await expect(saved.rates.data).toEqual({ basis: 'amount', percent: 250 });
    await expect(saved.first_funding_bonus).toBe(50_000);
    await expect(saved.daily_cap).toBe(500_000);
    await expect(db.audit[0]).toMatchObject({
      action: 'referral.settings',
      after: { daily_cap_kobo: 500_000, first_funding_bonus_kobo: 50_000 },
    });
    const f = await form(ctx);
    await expect(await f.findByText(/^Last saved/)).toBeVisible();
    await expect(f.getByLabelText('Daily cap per referrer (₦)')).toHaveValue('5,000.00');
  },
};

/** Cancel in the confirmation: nothing is saved. */
export const SaveCancelled: Story = {
  play: async (ctx) => {
    await retype(ctx, 'Airtime commission (%)', '50');
    await ctx.userEvent.click((await form(ctx)).getByRole('button', { name: 'Save' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Save referral commissions?' });
    await ctx.userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(db.referrals.settings.rates.airtime.percent).toBe(1_000);
    await expect(db.referrals.settings.updated_at).toBeNull();
    await expect(ctx.canvas.queryByText(REFERRAL_MSG.saved)).toBeNull();
  },
};

/** Each rule with the contract's words; no confirmation until every field passes. */
export const ValidationMessages: Story = {
  play: async (ctx) => {
    await retype(ctx, 'Airtime commission (%)', '12.345');
    await retype(ctx, 'Data commission (%)', '101');
    await retype(ctx, 'Cable TV commission (%)', '');
    await retype(ctx, 'First-funding bonus (₦)', '5,000.01');
    await retype(ctx, 'Daily cap per referrer (₦)', 'lots');
    const f = await form(ctx);
    await ctx.userEvent.click(f.getByRole('button', { name: 'Save' }));
    await expect(await f.findAllByText(REFERRAL_MSG.rate)).toHaveLength(3);
    await expect(f.getByText(REFERRAL_MSG.bonus)).toBeVisible();
    await expect(f.getByText(REFERRAL_MSG.cap)).toBeVisible();
    await expect(f.getByLabelText('Airtime commission (%)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    // Correcting a field clears its message.
    await retype(ctx, 'Daily cap per referrer (₦)', '100000');
    await expect(f.queryByText(REFERRAL_MSG.cap)).toBeNull();
  },
};

/** Of the amount, a rate may not pass what the provider gives us (6% on airtime). */
export const AboveTheMarginRefused: Story = {
  play: async (ctx) => {
    await chooseBasis(ctx, 'Airtime', 'of the amount');
    const f = await form(ctx);
    await ctx.userEvent.click(f.getByRole('button', { name: 'Save' }));
    await expect(await f.findByText(commissionAboveMarginMessage('airtime'))).toBeVisible();
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await retype(ctx, 'Airtime commission (%)', '6');
    await ctx.userEvent.click(f.getByRole('button', { name: 'Save' }));
    await expect(
      await screen.findByRole('alertdialog', { name: 'Save referral commissions?' }),
    ).toHaveTextContent('Airtime6% of the amount');
  },
};

/** The save fails: the server's message in the confirmation, which stays open; nothing saved. */
export const SaveFails: Story = {
  parameters: { msw: { handlers: [variants.setReferralSettings.error] } },
  play: async (ctx) => {
    await retype(ctx, 'Airtime commission (%)', '20');
    await ctx.userEvent.click((await form(ctx)).getByRole('button', { name: 'Save' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Save referral commissions?' });
    await ctx.userEvent.click(within(ask).getByRole('button', { name: 'Save commissions' }));
    await expect(await within(ask).findByText(SERVER_MSG.serverError)).toBeVisible();
    await expect(ctx.canvas.queryByText(REFERRAL_MSG.saved)).toBeNull();
    await expect(db.referrals.settings.rates.airtime.percent).toBe(1_000);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.referralSettings.slow] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('status', { name: 'Loading referral commissions' }),
    ).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [variants.referralSettings.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
    await expect(canvas.queryByRole('form')).toBeNull();
  },
};

/**
 * A pricing admin reads what referrals pay but cannot change it: the money leaves our margin,
 * so only an owner may (ADR 0070).
 */
export const PricingReadsOnly: Story = {
  beforeEach: signedInAsRole('pricing'),
  play: async (ctx) => {
    const f = await form(ctx);
    await expect(f.getByTestId('owner-only')).toHaveTextContent(
      'Only an owner changes what referrals pay.',
    );
    await expect(f.queryByRole('button', { name: 'Save' })).toBeNull();
  },
};
