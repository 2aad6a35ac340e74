import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { api, FALLBACK, MSG, SERVER_MSG } from '@contract';
import { errorHandler, refuse, variants } from '@mocks/index';
import { DataForm } from '@/features/purchases/components/products/data';
import {
  choose,
  expectTotal,
  fill,
  onTier,
  setBalance,
  signedIn,
  submit,
  typePin,
} from './helpers';

const meta = {
  title: 'Features/Purchases/DataForm',
  component: DataForm,
  beforeEach: signedIn,
} satisfies Meta<typeof DataForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const BUY = 'Buy data';

export const Idle: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('combobox', { name: /Network/ })).toBeVisible();
  },
};

export const LoadingCatalogue: Story = {
  parameters: { msw: { handlers: [variants.dataProducts.slow] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading data plans' })).toBeVisible();
  },
};

export const CatalogueError: Story = {
  parameters: { msw: { handlers: [variants.dataProducts.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.serverError);
  },
};

/** Phone rule, pin rule and the plan's price as the total (spec §5 "Data"). */
export const ValidationFailure: Story = {
  play: async ({ canvas }) => {
    await choose(canvas, /Network/, 'MTN');
    await submit(canvas, BUY);
    await expect(await canvas.findByText(MSG.dataPhone)).toBeVisible();
    await choose(canvas, /Plan/, /1\.5GB - 30 days/);
    await fill(canvas, /Phone number/, '0803123456a');
    await submit(canvas, BUY);
    await expect(await canvas.findByText(MSG.dataPhone)).toBeVisible();
    await fill(canvas, /Phone number/, '08031234567');
    await expectTotal(canvas, '₦1,000.00');
    await submit(canvas, BUY);
    await expect(await canvas.findByText(MSG.dataPinRequired)).toBeVisible();
  },
};

/** On the Resellers tier (1.5 % off data, ADR 0027) the plan list and the total show its price. */
export const ResellerTierPrice: Story = {
  beforeEach: onTier('tier_resellers'),
  play: async ({ canvas }) => {
    await choose(canvas, /Network/, 'MTN');
    await userEvent.click(await canvas.findByRole('combobox', { name: /Plan/ }));
    const option = await screen.findByRole('option', { name: /1\.5GB - 30 days/ });
    await waitFor(() => expect(option).toHaveTextContent('₦985.00'));
    await userEvent.click(option);
    await expectTotal(canvas, '₦985.00');
  },
};

/** SPECTRANET and SMILE are bought for an account id. */
export const AccountIdRequired: Story = {
  play: async ({ canvas }) => {
    await choose(canvas, /Network/, 'SPECTRANET');
    await choose(canvas, /Plan/, /Spectranet 7GB/);
    await typePin(canvas);
    await submit(canvas, BUY);
    await expect(await canvas.findByText(MSG.dataAccountId)).toBeVisible();
  },
};

export const InsufficientFunds: Story = {
  beforeEach: () => setBalance(50_000),
  play: async ({ canvas }) => {
    await choose(canvas, /Network/, 'MTN');
    await choose(canvas, /Plan/, /1\.5GB - 30 days/);
    await fill(canvas, /Phone number/, '08031234567');
    await typePin(canvas);
    await submit(canvas, BUY);
    await expect(await canvas.findByText(MSG.insufficientFunds)).toBeVisible();
  },
};

export const WrongPin: Story = {
  parameters: { msw: { handlers: [refuse(api.data, 'wrong_pin', SERVER_MSG.wrongPin)] } },
  play: async ({ canvas }) => {
    await choose(canvas, /Network/, 'MTN');
    await choose(canvas, /Plan/, /1\.5GB - 30 days/);
    await fill(canvas, /Phone number/, '08031234567');
    await typePin(canvas, '654321');
    await submit(canvas, BUY);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.wrongPin);
  },
};

export const ServerErrorFallback: Story = {
  parameters: { msw: { handlers: [errorHandler(api.data, 500, 'server_error', '')] } },
  play: async ({ canvas }) => {
    await choose(canvas, /Network/, 'MTN');
    await choose(canvas, /Plan/, /1\.5GB - 30 days/);
    await fill(canvas, /Phone number/, '08031234567');
    await typePin(canvas);
    await submit(canvas, BUY);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(FALLBACK.purchase);
  },
};

export const Success: Story = {
  play: async ({ canvas }) => {
    await choose(canvas, /Network/, 'MTN');
    await choose(canvas, /Plan/, /1\.5GB - 30 days/);
    await fill(canvas, /Phone number/, '08031234567');
    await typePin(canvas);
    await submit(canvas, BUY);
    await expect(await canvas.findByText('Purchase successful')).toBeVisible();
  },
};

export const Pending: Story = {
  play: async ({ canvas }) => {
    await choose(canvas, /Network/, 'MTN');
    await choose(canvas, /Plan/, /1\.5GB - 30 days/);
    await fill(canvas, /Phone number/, '08031231111');
    await typePin(canvas);
    await submit(canvas, BUY);
    await expect(await canvas.findByText('Purchase pending')).toBeVisible();
  },
};

export const Failed: Story = {
  play: async ({ canvas }) => {
    await choose(canvas, /Network/, 'MTN');
    await choose(canvas, /Plan/, /1\.5GB - 30 days/);
    await fill(canvas, /Phone number/, '08031230000');
    await typePin(canvas);
    await submit(canvas, BUY);
    await expect(await canvas.findByText('Purchase failed')).toBeVisible();
  },
};
