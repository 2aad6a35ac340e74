import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { MSG } from '@contract';
import { DataForm } from '@/features/purchases/components/products/data';
import { choose, expectTotal, fill, onTier, signedIn, submit, typePin } from './helpers';
import * as purchase from './product-stories';

const meta = {
  title: 'Features/Purchases/DataForm',
  component: DataForm,
  beforeEach: signedIn,
} satisfies Meta<typeof DataForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const BUY = 'Buy data';
const PHONE = '08031234567';

/** MTN's 1.5GB for a month, to an MTN number. */
const data: purchase.Product = {
  buys: 'data',
  catalogue: 'dataProducts',
  loading: 'Loading data plans',
  submit: BUY,
  first: (canvas) => canvas.findByRole('combobox', { name: /Network/ }),
  number: PHONE,
  fill: async (canvas, { number = PHONE } = {}) => {
    await choose(canvas, /Network/, 'MTN');
    await choose(canvas, /Plan/, /1\.5 GB · 30 days/);
    await fill(canvas, /Phone number/, number);
  },
};

export const Idle: Story = purchase.idle(data);

export const LoadingCatalogue: Story = purchase.loadingCatalogue(data);

export const CatalogueError: Story = purchase.catalogueError(data);

/** Phone rule, pin rule and the plan's price as the total (spec §5 "Data"). */
export const ValidationFailure: Story = {
  play: async ({ canvas }) => {
    await choose(canvas, /Network/, 'MTN');
    await submit(canvas, BUY);
    await expect(await canvas.findByText(MSG.dataPhone)).toBeVisible();
    await choose(canvas, /Plan/, /1\.5 GB · 30 days/);
    await fill(canvas, /Phone number/, '0803123456a');
    await submit(canvas, BUY);
    await expect(await canvas.findByText(MSG.dataPhone)).toBeVisible();
    await fill(canvas, /Phone number/, PHONE);
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
    const option = await screen.findByRole('option', { name: /1\.5 GB · 30 days/ });
    await waitFor(() => expect(option).toHaveTextContent('₦985.00'));
    await userEvent.click(option);
    await expectTotal(canvas, '₦985.00');
  },
};

/** SPECTRANET and SMILE are bought for an account id. */
export const AccountIdRequired: Story = {
  play: async ({ canvas }) => {
    await choose(canvas, /Network/, 'SPECTRANET');
    await choose(canvas, /Plan/, /Spectranet 7 GB/);
    await typePin(canvas);
    await submit(canvas, BUY);
    await expect(await canvas.findByText(MSG.dataAccountId)).toBeVisible();
  },
};

export const InsufficientFunds: Story = purchase.insufficientFunds(data, { balance: 50_000 });

export const WrongPin: Story = purchase.wrongPin(data);

export const ServerErrorFallback: Story = purchase.serverErrorFallback(data);

export const Success: Story = purchase.success(data);

export const Pending: Story = purchase.pending(data);

export const Failed: Story = purchase.failed(data);
