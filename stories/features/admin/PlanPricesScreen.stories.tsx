import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { MSG, SERVER_MSG } from '@contract';
import { db, variants } from '@mocks/index';
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
    await userEvent.type(name, '1.5GB - 30 days');
    await userEvent.clear(price);
    await userEvent.type(price, '777');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await expect(await within(dialog).findByText(SERVER_MSG.productUpdated)).toBeVisible();
    await expect(name).toBeDisabled();
    // The list revalidated with the new name and price.
    await userEvent.keyboard('{Escape}');
    const row = await canvas.findByRole('button', { name: /1\.5GB - 30 days/ });
    await expect(within(row).getByText(formatNaira(77_700))).toBeVisible();
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
    await userEvent.clear(price);
    await userEvent.type(price, '9999');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await expect(await within(dialog).findByText(SERVER_MSG.productUpdated)).toBeVisible();
    await waitFor(() => expect(db.catalogue.cabletv[0]!.plans[0]!.price).toBe(999_900));
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
