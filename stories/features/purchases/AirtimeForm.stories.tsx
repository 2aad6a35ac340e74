import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { airtimePrice, MSG, NAIRA } from '@contract';
import { variants } from '@mocks/index';
import { formatNaira } from '@/lib/money';
import { AirtimeForm } from '@/features/purchases/components/products/airtime';
import { choose, expectTotal, fill, onTier, signedIn, submit, typePin } from './helpers';
import * as purchase from './product-stories';

const meta = {
  title: 'Features/Purchases/AirtimeForm',
  component: AirtimeForm,
  beforeEach: signedIn,
} satisfies Meta<typeof AirtimeForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const BUY = 'Buy airtime';
const MUM = '08031234567';

const airtime: purchase.Product = {
  buys: 'airtime',
  catalogue: 'networks',
  loading: 'Loading networks',
  submit: BUY,
  first: (canvas) => canvas.findByLabelText(/Phone number/),
  number: MUM,
  fill: async (canvas, { number = MUM, amount = '500' } = {}) => {
    await fill(canvas, /Phone number/, number);
    await fill(canvas, /Amount/, amount);
  },
  saved: {
    button: /^Mum's MTN/,
    numberField: /Phone number/,
    provider: /Network/,
    providerText: 'MTN',
  },
};

/** Empty form once the networks have loaded. */
export const Idle: Story = purchase.idle(airtime);

/** The catalogue is still loading. */
export const LoadingCatalogue: Story = purchase.loadingCatalogue(airtime);

/** The catalogue could not load: the server's message and a retry. */
export const CatalogueError: Story = purchase.catalogueError(airtime);

/** The network follows the prefix (0803 → MTN) and can be overridden (ported numbers). */
export const NetworkSuggestion: Story = {
  play: async ({ canvas }) => {
    await fill(canvas, /Phone number/, '08031234567');
    const network = canvas.getByRole('combobox', { name: /Network/ });
    await waitFor(() => expect(network).toHaveTextContent('MTN'));
    await choose(canvas, /Network/, /GLO/);
    // Found again: the select's light trigger gave way to the Radix one when opened.
    await expect(canvas.getByRole('combobox', { name: /Network/ })).toHaveTextContent('GLO');
  },
};

/** Every rule of spec §5 "Airtime", in the order a customer meets them. */
export const ValidationFailure: Story = {
  play: async ({ canvas }) => {
    await canvas.findByLabelText(/Phone number/);
    // Bad phone.
    await fill(canvas, /Phone number/, '0803123');
    await fill(canvas, /Amount/, '500');
    await typePin(canvas);
    await submit(canvas, BUY);
    await expect(await canvas.findByText(MSG.airtimeInvalid)).toBeVisible();
    // The spec's one sentence names both, but it sits under the field that is wrong only.
    const phone = canvas.getByLabelText(/Phone number/);
    const amount = canvas.getByLabelText(/Amount/);
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAccessibleDescription(expect.stringContaining(MSG.airtimeInvalid));
    await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
    // Letters in the amount.
    await fill(canvas, /Phone number/, '08031234567');
    await fill(canvas, /Amount/, '5OO');
    await submit(canvas, BUY);
    await expect(await canvas.findByText(MSG.airtimeInvalid)).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveAccessibleDescription(expect.stringContaining(MSG.airtimeInvalid));
    await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
    // Not above 50.
    await fill(canvas, /Amount/, '50');
    await submit(canvas, BUY);
    await expect(await canvas.findByText(MSG.airtimeInvalid)).toBeVisible();
    // Below 100.
    await fill(canvas, /Amount/, '80');
    await submit(canvas, BUY);
    await expect(await canvas.findByText(MSG.airtimeMinimum)).toBeVisible();
    // No pin.
    await fill(canvas, /Amount/, '500');
    await typePin(canvas, '');
    await submit(canvas, BUY);
    await expect(await canvas.findByText(MSG.airtimePinRequired)).toBeVisible();
  },
};

/** More than the wallet holds. */
export const InsufficientFunds: Story = purchase.insufficientFunds(airtime, { amount: '900000' });

/** The total (amount − MTN's 2 % off) shows before the pin is asked. */
export const TotalShown: Story = {
  play: async ({ canvas }) => {
    await airtime.fill(canvas, { amount: '1000' });
    await expectTotal(canvas, formatNaira(airtimePrice(1_000 * NAIRA, 2).total));
  },
};

/**
 * On the Resellers tier (2 % more off airtime, ADR 0027): ₦1,000 MTN costs ₦980 − ₦19.60,
 * the tier's price the server charges.
 */
export const ResellerTierPrice: Story = {
  beforeEach: onTier('tier_resellers'),
  play: async ({ canvas }) => {
    await airtime.fill(canvas, { amount: '1000' });
    await waitFor(() => expectTotal(canvas, '₦960.40'));
  },
};

export const WrongPin: Story = purchase.wrongPin(airtime);

/** No message from the server: the spec's fallback word for word. */
export const ServerErrorFallback: Story = purchase.serverErrorFallback(airtime);

export const Submitting: Story = {
  parameters: { msw: { handlers: [variants.airtime.slow] } },
  play: async ({ canvas }) => {
    await airtime.fill(canvas);
    await typePin(canvas);
    await submit(canvas, BUY);
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: BUY })).toHaveAttribute('aria-busy', 'true'),
    );
  },
};

export const Success: Story = purchase.success(airtime);

/** Sandbox: a number ending 1111 stays pending. */
export const Pending: Story = purchase.pending(airtime);

/** Sandbox: a number ending 0000 fails, with the provider's message. */
export const Failed: Story = purchase.failed(airtime);

/** a saved recipient fills number and network; a quick amount, the pin, Buy. */
export const SavedRecipientQuickAmount: Story = purchase.savedRecipient(airtime, async (canvas) => {
  await userEvent.click(canvas.getByRole('button', { name: '₦500.00' }));
  await expect(canvas.getByLabelText(/Amount/)).toHaveValue('500');
  await typePin(canvas);
  await submit(canvas, BUY);
  await expect(await canvas.findByText('Purchase successful')).toBeVisible();
});
