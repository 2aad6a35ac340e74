import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { api, SERVER_MSG, TIER_MSG, tierBelowCostMessage } from '@contract';
import { db, errorHandler, variants } from '@mocks/index';
import { TiersScreen } from '@/features/admin/components/tiers-screen';
import { signedInAsAdmin } from './session';

const meta = {
  title: 'Features/Admin/TiersScreen',
  component: TiersScreen,
  beforeEach: signedInAsAdmin,
} satisfies Meta<typeof TiersScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The default tier and the seeded Resellers tier, each with its discounts, and a new-tier form. */
export const Success: Story = {
  play: async ({ canvas }) => {
    const resellers = await canvas.findByRole('form', { name: 'Resellers' });
    await expect(within(resellers).getByLabelText('Airtime')).toHaveValue('2');
    await expect(within(resellers).getByLabelText('Data')).toHaveValue('1.5');
    await expect(canvas.getByRole('form', { name: 'Standard' })).toHaveTextContent('Default');
    await expect(canvas.getByRole('form', { name: 'New tier' })).toBeVisible();
  },
};

/** Only the default tier: the empty state says what to do. */
export const Empty: Story = {
  parameters: { msw: { handlers: [variants.tiers.empty] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No tiers besides the default yet')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.tiers.slow] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading tiers' })).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [variants.tiers.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};

/** Field rules with the contract's messages; nothing is sent until they pass. */
export const ValidationMessages: Story = {
  play: async ({ canvas, userEvent }) => {
    const form = await canvas.findByRole('form', { name: 'New tier' });
    await userEvent.clear(within(form).getByLabelText('Airtime'));
    await userEvent.type(within(form).getByLabelText('Airtime'), '1.005');
    await userEvent.click(within(form).getByRole('button', { name: 'Create tier' }));
    await expect(await within(form).findByText(TIER_MSG.nameRequired)).toBeVisible();
    await expect(within(form).getByText(TIER_MSG.discount)).toBeVisible();
    await userEvent.type(within(form).getByLabelText(/Name/), 'x'.repeat(41));
    await userEvent.click(within(form).getByRole('button', { name: 'Create tier' }));
    await expect(await within(form).findByText(TIER_MSG.nameTooLong)).toBeVisible();
    await expect(db.tiers).toHaveLength(2);
  },
};

/** A discount that would sell below the provider's cost is refused with the most allowed. */
export const BelowCostRefused: Story = {
  play: async ({ canvas, userEvent }) => {
    const form = await canvas.findByRole('form', { name: 'Resellers' });
    const airtime = within(form).getByLabelText('Airtime');
    await userEvent.clear(airtime);
    await userEvent.type(airtime, '2.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await expect(await within(form).findByText(tierBelowCostMessage('airtime', 208))).toBeVisible();
    await expect(db.tiers[1]!.discounts.airtime).toBe(200);
  },
};

/** Creating a tier: saved, listed with its own form, and recorded in the audit log. */
export const CreateTier: Story = {
  play: async ({ canvas, userEvent }) => {
    const form = await canvas.findByRole('form', { name: 'New tier' });
    await userEvent.type(within(form).getByLabelText(/Name/), 'Agents');
    const cable = within(form).getByLabelText('Cable TV');
    await userEvent.clear(cable);
    await userEvent.type(cable, '1');
    await userEvent.click(within(form).getByRole('button', { name: 'Create tier' }));
    await expect(await within(form).findByText(TIER_MSG.created)).toBeVisible();
    const agents = await canvas.findByRole('form', { name: 'Agents' });
    await expect(within(agents).getByLabelText('Cable TV')).toHaveValue('1');
    await expect(db.audit[0]).toMatchObject({ action: 'tier.create', target_label: 'Agents' });
  },
};

/** While the save is on its way the button shows it is busy. */
export const Saving: Story = {
  parameters: {
    msw: { handlers: [variants.editTier.slow] },
  },
  play: async ({ canvas, userEvent }) => {
    const form = await canvas.findByRole('form', { name: 'Resellers' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await expect(await within(form).findByRole('button', { name: /Save/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** The server's refusal shows in the tier's own form. */
export const SaveFails: Story = {
  parameters: {
    msw: { handlers: [errorHandler(api.editTier, 409, 'conflict', TIER_MSG.nameTaken)] },
  },
  play: async ({ canvas, userEvent }) => {
    const form = await canvas.findByRole('form', { name: 'Resellers' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await expect(await within(form).findByText(TIER_MSG.nameTaken)).toBeVisible();
  },
};
