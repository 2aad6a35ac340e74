import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { CATALOGUE_MSG, MSG, nairaText, SERVER_MSG } from '@contract';
import { cleanPlanName } from '@contract/plan-names';
import { db, variants } from '@mocks/index';
import { seedListing, setPlanSync } from '@mocks/services/catalogue-sync';
import { PlanPricesScreen } from '@/features/admin/components/plan-prices-screen';
import { formatNaira } from '@/lib/money';
import { signedInAsAdmin } from './session';

const meta = {
  title: 'Features/Admin/PlanPricesScreen',
  component: PlanPricesScreen,
  args: { kind: 'data' },
  beforeEach: signedInAsAdmin,
} satisfies Meta<typeof PlanPricesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const firstDataPlan = () => {
  const variation = db.catalogue.data[0]!;
  return { variation, plan: variation.plans[0]! };
};

/** The first network's plans, name and price. */
export const DataPlans: Story = {
  play: async ({ canvas }) => {
    const { variation, plan } = firstDataPlan();
    await expect(
      await canvas.findByRole('heading', { name: `${variation.name} plans` }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: new RegExp(plan.name) })).toBeVisible();
  },
};

/**
 * Each plan shows the clean name customers read, the provider's own name beneath it in muted
 * text (ADR 0077): "100 MB · 1 day" over "100MB - 1 day".
 */
export const CleanAndProviderNames: Story = {
  play: async ({ canvas }) => {
    const { plan } = firstDataPlan();
    const row = await canvas.findByRole('button', { name: new RegExp(plan.name) });
    const clean = cleanPlanName(plan.name);
    await expect(clean).not.toBe(plan.name);
    await expect(within(row).getByText(clean)).toBeVisible();
    const own = within(row).getByText(plan.name);
    await expect(own).toBeVisible();
    await expect(own).toHaveClass('text-muted');
  },
};

/** Choosing another network lists its plans. */
export const ChooseNetwork: Story = {
  play: async ({ canvas, userEvent }) => {
    const other = db.catalogue.data[1]!;
    await userEvent.click(await canvas.findByRole('combobox', { name: 'Network' }));
    await userEvent.click(await screen.findByRole('option', { name: other.name }));
    await expect(await canvas.findByRole('heading', { name: `${other.name} plans` })).toBeVisible();
  },
};

/** View mode, Edit enables the fields, Update saves the new name and price. */
export const EditPrice: Story = {
  play: async ({ canvas, userEvent }) => {
    const { plan } = firstDataPlan();
    await userEvent.click(await canvas.findByRole('button', { name: new RegExp(plan.name) }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Plan name');
    const price = within(dialog).getByLabelText('Price (₦)');
    await expect(name).toBeDisabled();
    await expect(price).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await expect(name).toBeEnabled();
    await userEvent.clear(name);
    await userEvent.type(name, 'Daily 100MB promo');
    await userEvent.clear(price);
    // ₦100 → ₦115: within 20 %, so it saves without asking.
    await userEvent.type(price, '115');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await expect(await within(dialog).findByText(SERVER_MSG.productUpdated)).toBeVisible();
    await expect(name).toBeDisabled();
    // The list revalidated with the new name and price.
    await userEvent.keyboard('{Escape}');
    const row = await canvas.findByRole('button', { name: /Daily 100MB promo/ });
    await expect(within(row).getByText(formatNaira(11_500))).toBeVisible();
  },
};

/** Every rule of the edit form: a name is required; the price is a positive whole naira amount. */
export const EditValidation: Story = {
  play: async ({ canvas, userEvent }) => {
    const { plan } = firstDataPlan();
    await userEvent.click(await canvas.findByRole('button', { name: new RegExp(plan.name) }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const name = within(dialog).getByLabelText('Plan name');
    const price = within(dialog).getByLabelText('Price (₦)');
    await userEvent.clear(name);
    await userEvent.clear(price);
    await userEvent.type(price, 'abc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await expect(await within(dialog).findByText(MSG.inputsInvalid)).toBeVisible();
    await expect(within(dialog).getByText(MSG.couponAmount)).toBeVisible();
    await userEvent.type(name, 'Plan');
    for (const bad of ['0', '12.5']) {
      await userEvent.clear(price);
      await userEvent.type(price, bad);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
      await expect(await within(dialog).findByText(MSG.couponAmount)).toBeVisible();
    }
  },
};

/** Delete asks first, then takes the plan off sale (on_sale: false), nothing else; it can be put back. */
export const DeletePlan: Story = {
  play: async ({ canvas, userEvent }) => {
    const { plan } = firstDataPlan();
    await userEvent.click(await canvas.findByRole('button', { name: new RegExp(plan.name) }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(within(dialog).getByText('Delete this plan?')).toBeVisible();
    await expect(db.offSale.has(plan.id)).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    await expect(await within(dialog).findByText(SERVER_MSG.productUpdated)).toBeVisible();
    await waitFor(() => expect(db.offSale.has(plan.id)).toBe(true));
    await expect(db.catalogue.data[0]!.plans[0]!.name).toBe(plan.name);
    // The list marks it; the popup offers to put it back on sale.
    await userEvent.keyboard('{Escape}');
    const listed = await canvas.findByRole('button', { name: new RegExp(plan.name) });
    await waitFor(() => expect(listed).toHaveTextContent('Off sale'));
    await userEvent.click(listed);
    const reopened = await screen.findByRole('dialog');
    await userEvent.click(within(reopened).getByRole('button', { name: 'Put back on sale' }));
    await waitFor(() => expect(db.offSale.has(plan.id)).toBe(false));
    await expect(await within(reopened).findByRole('button', { name: 'Delete' })).toBeVisible();
  },
};

/** Cable TV: the same per TV provider. */
export const CablePlans: Story = {
  args: { kind: 'cabletv' },
  play: async ({ canvas, userEvent }) => {
    const variation = db.catalogue.cabletv[0]!;
    const plan = variation.plans[0]!;
    await expect(
      await canvas.findByRole('heading', { name: `${variation.name} plans` }),
    ).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'TV provider' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: new RegExp(plan.name) }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const price = within(dialog).getByLabelText('Price (₦)');
    // 10 % up, whole naira: within 20 %, so it saves without asking.
    const next = Math.round((plan.price * 1.1) / 100);
    await userEvent.clear(price);
    await userEvent.type(price, String(next));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await expect(await within(dialog).findByText(SERVER_MSG.productUpdated)).toBeVisible();
    await waitFor(() => expect(db.catalogue.cabletv[0]!.plans[0]!.price).toBe(next * 100));
  },
};

/** Each sync flag: its badge, the provider's cost and our margin (ADR 0044). */
export const SyncFlags: Story = {
  beforeEach: () => {
    const plans = db.catalogue.data[0]!.plans;
    setPlanSync(plans[0]!.id, {
      cost: plans[0]!.wallet_price + 100_00,
      sync_flag: 'price_above_ours',
      offBySync: true,
    });
    setPlanSync(plans[1]!.id, {
      cost: plans[1]!.wallet_price,
      sync_flag: 'not_at_provider',
      offBySync: true,
    });
    setPlanSync(plans[2]!.id, { cost: plans[2]!.wallet_price, sync_flag: 'new', offBySync: true });
    setPlanSync(plans[3]!.id, { cost: plans[3]!.wallet_price - 50_00 });
  },
  play: async ({ canvas }) => {
    const plans = db.catalogue.data[0]!.plans;
    const row = async (i: number) =>
      canvas.findByRole('button', { name: new RegExp(plans[i]!.name.replace('.', '\\.')) });
    await expect(
      within(await row(0)).getByText('Provider price above ours — off sale'),
    ).toBeVisible();
    await expect(within(await row(0)).getByText('Off sale')).toBeVisible();
    await expect(within(await row(1)).getByText('No longer sold by the provider')).toBeVisible();
    await expect(within(await row(2)).getByText('New — set a price')).toBeVisible();
    // A plan that sells: its cost and our margin, no badge.
    const fine = await row(3);
    await expect(fine).toHaveTextContent(
      `Cost ${formatNaira(plans[3]!.wallet_price - 50_00)} · Margin ${formatNaira(50_00)}`,
    );
    await expect(within(fine).queryByText('Off sale')).toBeNull();
  },
};

/**
 * A plan sold for what the provider charges us says "Priced at cost" (a margin of ₦0.00); a
 * plan that earns a margin does not, and while one does there is no banner (ADR 0077).
 */
export const PricedAtCost: Story = {
  beforeEach: () => {
    const plans = db.catalogue.data[0]!.plans;
    setPlanSync(plans[0]!.id, { cost: plans[0]!.wallet_price });
    setPlanSync(plans[1]!.id, { cost: plans[1]!.wallet_price - 20_00 });
  },
  play: async ({ canvas }) => {
    const { variation } = firstDataPlan();
    const plans = variation.plans;
    const row = async (i: number) =>
      canvas.findByRole('button', { name: new RegExp(plans[i]!.name.replace('.', '\\.')) });
    const atCost = await row(0);
    await expect(within(atCost).getByText(CATALOGUE_MSG.pricedAtCost)).toBeVisible();
    await expect(atCost).toHaveTextContent(`Margin ${formatNaira(0)}`);
    const earning = await row(1);
    await expect(earning).toHaveTextContent(`Margin ${formatNaira(20_00)}`);
    await expect(within(earning).queryByText(CATALOGUE_MSG.pricedAtCost)).toBeNull();
    await expect(canvas.queryByText(CATALOGUE_MSG.everyPlanAtCost(variation.name))).toBeNull();
  },
};

/** Every plan of the network on sale is at cost: a banner above the list says it earns nothing. */
export const EveryPlanAtCost: Story = {
  beforeEach: () => {
    for (const p of db.catalogue.data[0]!.plans) setPlanSync(p.id, { cost: p.wallet_price });
  },
  play: async ({ canvas }) => {
    const { variation, plan } = firstDataPlan();
    const banner = await canvas.findByText(CATALOGUE_MSG.everyPlanAtCost(variation.name));
    await expect(banner).toBeVisible();
    await expect(banner.closest('[role="status"]')).not.toBeNull();
    const row = await canvas.findByRole('button', { name: new RegExp(plan.name) });
    await expect(within(row).getByText(CATALOGUE_MSG.pricedAtCost)).toBeVisible();
  },
};

/**
 * "Sync now": the provider's price of the first plan rose above ours and it sells one more;
 * the summary counts them and the list shows both flags.
 */
export const SyncNow: Story = {
  beforeEach: () => {
    const variation = db.catalogue.data[0]!;
    const first = variation.plans[0]!;
    db.catalogueSync.listings.set(variation.service_id, [
      ...seedListing(variation.service_id).map((v) =>
        v.code === first.plan_id ? { ...v, amount: first.wallet_price + 100_00 } : v,
      ),
      { code: 'mtn-weekend-9gb', name: 'Weekend 9GB - 2 days', amount: 1_200_00 },
    ]);
  },
  play: async ({ canvas, userEvent }) => {
    const { plan } = firstDataPlan();
    await canvas.findByRole('heading', { name: 'MTN plans' });
    await userEvent.click(canvas.getByRole('button', { name: 'Sync now' }));
    await expect(await canvas.findByText(CATALOGUE_MSG.synced)).toBeVisible();
    await expect(
      canvas.getByText('1 added · 0 repriced · 1 flagged · 0 back on sale'),
    ).toBeVisible();
    const risen = await canvas.findByRole('button', { name: new RegExp(plan.name) });
    await waitFor(() =>
      expect(within(risen).getByText('Provider price above ours — off sale')).toBeVisible(),
    );
    const added = await canvas.findByRole('button', { name: /Weekend 9GB - 2 days/ });
    await expect(within(added).getByText('New — set a price')).toBeVisible();
    await expect(db.offSale.has(plan.id)).toBe(true);
  },
};

/** A provider that cannot be reached: its service is named and left as it was. */
export const SyncNowProviderDown: Story = {
  beforeEach: () => {
    db.catalogueSync.listings.set(db.catalogue.data[0]!.service_id, 'down');
  },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { name: 'MTN plans' });
    await userEvent.click(canvas.getByRole('button', { name: 'Sync now' }));
    await expect(
      await canvas.findByText(/Not synced \(left as they were\): mtn-data/),
    ).toBeVisible();
    await expect(db.offSale.size).toBe(0);
  },
};

/** a price under the provider's cost is refused with the server's sentence. */
export const PriceBelowCost: Story = {
  beforeEach: () => {
    const plan = db.catalogue.data[0]!.plans[0]!;
    setPlanSync(plan.id, { cost: plan.wallet_price + 100_00 });
  },
  play: async ({ canvas, userEvent }) => {
    const { plan } = firstDataPlan();
    const cost = plan.wallet_price + 100_00;
    await userEvent.click(await canvas.findByRole('button', { name: new RegExp(plan.name) }));
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByText(/Provider cost/)).toHaveTextContent(formatNaira(cost));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const price = within(dialog).getByLabelText('Price (₦)');
    await userEvent.clear(price);
    await userEvent.type(price, String(cost / 100 - 1));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await expect(
      await within(dialog).findByText(CATALOGUE_MSG.priceBelowCost(nairaText(cost))),
    ).toBeVisible();
    await expect(db.catalogue.data[0]!.plans[0]!.wallet_price).toBe(plan.wallet_price);
    // At the cost it saves (a rise of more than 20 %, so it asks first).
    await userEvent.clear(price);
    await userEvent.type(price, String(cost / 100));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Yes, raise the price' }),
    );
    await expect(await within(dialog).findByText(SERVER_MSG.productUpdated)).toBeVisible();
  },
};

/** A plan the sync took off sale goes back on sale once repriced at or above the cost. */
export const RepriceFlaggedPlan: Story = {
  beforeEach: () => {
    const plan = db.catalogue.data[0]!.plans[0]!;
    setPlanSync(plan.id, {
      cost: plan.wallet_price + 100_00,
      sync_flag: 'price_above_ours',
      offBySync: true,
    });
  },
  play: async ({ canvas, userEvent }) => {
    const { plan } = firstDataPlan();
    const cost = plan.wallet_price + 100_00;
    await userEvent.click(await canvas.findByRole('button', { name: new RegExp(plan.name) }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const price = within(dialog).getByLabelText('Price (₦)');
    await userEvent.clear(price);
    await userEvent.type(price, String(cost / 100));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Yes, raise the price' }),
    );
    await expect(await within(dialog).findByText(SERVER_MSG.productUpdated)).toBeVisible();
    await waitFor(() => expect(db.offSale.has(plan.id)).toBe(false));
    await userEvent.keyboard('{Escape}');
    const row = await canvas.findByRole('button', { name: new RegExp(plan.name) });
    await waitFor(() => expect(within(row).queryByText(/Provider price above ours/)).toBeNull());
    await expect(within(row).queryByText('Off sale')).toBeNull();
  },
};

/**
 * A cut of more than 20 % (₦100 → ₦75) asks first; Back keeps the form, Yes
 * saves it.
 */
export const PriceCutConfirm: Story = {
  play: async ({ canvas, userEvent }) => {
    const { plan } = firstDataPlan();
    // Read now: saving changes the mock's plan in place.
    const before = plan.wallet_price;
    await userEvent.click(await canvas.findByRole('button', { name: new RegExp(plan.name) }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const price = within(dialog).getByLabelText('Price (₦)');
    await userEvent.clear(price);
    await userEvent.type(price, String((before * 0.75) / 100));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await expect(await within(dialog).findByText('Cut the price by more than 20 %?')).toBeVisible();
    await expect(db.catalogue.data[0]!.plans[0]!.wallet_price).toBe(before);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await expect(within(dialog).queryByText('Cut the price by more than 20 %?')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Yes, cut the price' }),
    );
    await expect(await within(dialog).findByText(SERVER_MSG.productUpdated)).toBeVisible();
    await waitFor(() => expect(db.catalogue.data[0]!.plans[0]!.wallet_price).toBe(before * 0.75));
  },
};

/** A rise of more than 20 % (₦100 → ₦1,000, a zero too many) asks too; Back saves nothing. */
export const PriceRiseConfirm: Story = {
  play: async ({ canvas, userEvent }) => {
    const { plan } = firstDataPlan();
    const before = plan.wallet_price;
    await userEvent.click(await canvas.findByRole('button', { name: new RegExp(plan.name) }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const price = within(dialog).getByLabelText('Price (₦)');
    await userEvent.clear(price);
    await userEvent.type(price, String((before * 10) / 100));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await expect(
      await within(dialog).findByText('Raise the price by more than 20 %?'),
    ).toBeVisible();
    await expect(
      within(dialog).getByRole('button', { name: 'Yes, raise the price' }),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await expect(db.catalogue.data[0]!.plans[0]!.wallet_price).toBe(before);
  },
};

/**
 * The rise confirmation left open (the visual baseline's state): old and new price side by
 * side, nothing saved until "Yes, raise the price".
 */
export const PriceRiseConfirmOpen: Story = {
  play: async ({ canvas, userEvent }) => {
    const { plan } = firstDataPlan();
    const before = plan.wallet_price;
    await userEvent.click(await canvas.findByRole('button', { name: new RegExp(plan.name) }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const price = within(dialog).getByLabelText('Price (₦)');
    await userEvent.clear(price);
    await userEvent.type(price, String((before * 10) / 100));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await expect(
      await within(dialog).findByText('Raise the price by more than 20 %?'),
    ).toBeVisible();
    await expect(
      within(dialog).getByRole('button', { name: 'Yes, raise the price' }),
    ).toBeVisible();
    await expect(db.catalogue.data[0]!.plans[0]!.wallet_price).toBe(before);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.products.slow] } },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [variants.products.empty] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No networks yet')).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [variants.products.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};
