import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { FALLBACK } from '@contract';
import { electricityPrice, MSG, NAIRA } from '@contract';
import { ElectricityForm } from '@/features/purchases/components/products/electricity';
import { formatNaira } from '@/lib/money';
import { choose, expectTotal, fill, signedIn, submit, typePin } from './helpers';
import * as purchase from './product-stories';

const meta = {
  title: 'Features/Purchases/ElectricityForm',
  component: ElectricityForm,
  beforeEach: signedIn,
} satisfies Meta<typeof ElectricityForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const BUY = 'Buy electricity';
const METER = '45031234567';

/**
 * ₦5,000 on the "Home meter" (Ikeja Electric prepaid); its owner is looked up when the meter
 * field is left.
 */
const electricity: purchase.Product = {
  buys: 'electricity',
  catalogue: 'electricityProducts',
  loading: 'Loading electricity companies',
  submit: BUY,
  first: (canvas) => canvas.findByLabelText(/Meter number/),
  number: METER,
  fill: async (canvas, { number = METER, amount = '5000' } = {}) => {
    await choose(canvas, /Electricity company/, /Ikeja Electric \(IKEDC\) Prepaid/);
    await fill(canvas, /Meter number/, number);
    await fill(canvas, /Amount/, amount);
  },
  verifies: true,
  saved: {
    button: /^Home meter/,
    numberField: /Meter number/,
    provider: /Electricity company/,
    providerText: /Ikeja/i,
  },
};

export const Idle: Story = purchase.idle(electricity);

export const LoadingCatalogue: Story = purchase.loadingCatalogue(electricity);

export const CatalogueError: Story = purchase.catalogueError(electricity);

/** Every rule of spec §5 "Electricity". */
export const ValidationFailure: Story = {
  play: async ({ canvas }) => {
    await choose(canvas, /Electricity company/, /Ikeja Electric \(IKEDC\) Prepaid/);
    await typePin(canvas);
    await submit(canvas, BUY);
    await expect(await canvas.findByText(MSG.electricityMeterEmpty)).toBeVisible();
    await expect(await canvas.findByText(MSG.electricityAmountEmpty)).toBeVisible();
    await fill(canvas, /Meter number/, '4503-1234');
    await fill(canvas, /Amount/, '5k');
    await submit(canvas, BUY);
    await expect(await canvas.findAllByText(MSG.electricityInvalid)).toHaveLength(2);
    await fill(canvas, /Meter number/, METER);
    await fill(canvas, /Amount/, '300');
    await submit(canvas, BUY);
    await expect(await canvas.findByText(MSG.electricityMinimum)).toBeVisible();
    await fill(canvas, /Amount/, '5000');
    await typePin(canvas, '');
    await submit(canvas, BUY);
    await expect(await canvas.findByText(MSG.invalidPin)).toBeVisible();
  },
};

/**
 * A pasted 300-digit "meter": leaving the field gives the meter rule's message under it, not
 * the connection fallback (the number is never sent to be verified).
 */
export const MeterTooLong: Story = {
  play: async ({ canvas }) => {
    await choose(canvas, /Electricity company/, /Ikeja Electric \(IKEDC\) Prepaid/);
    const meter = canvas.getByLabelText(/Meter number/);
    await userEvent.click(meter);
    await userEvent.paste('4'.repeat(300));
    await userEvent.tab();
    await expect(await canvas.findByText(MSG.electricityInvalid)).toBeVisible();
    await expect(meter).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.queryByText(FALLBACK.purchase)).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Verify' })).toBeDisabled();
  },
};

/** Under ₦1,000 the DisCo's percent fee; from ₦1,000 a flat ₦100 (spec §9). */
export const TotalShown: Story = {
  play: async ({ canvas }) => {
    await electricity.fill(canvas, { amount: '800' });
    await expectTotal(canvas, formatNaira(electricityPrice(800 * NAIRA, 1.5).total));
    await fill(canvas, /Amount/, '5000');
    await expectTotal(canvas, formatNaira(electricityPrice(5_000 * NAIRA, 1.5).total));
  },
};

/** The meter's owner and address show after leaving the meter field. */
export const CustomerVerified: Story = purchase.customerVerified(electricity);

export const CustomerNotFound: Story = purchase.customerNotFound(electricity);

export const InsufficientFunds: Story = purchase.insufficientFunds(electricity, {
  balance: 1_000 * NAIRA,
});

export const WrongPin: Story = purchase.wrongPin(electricity);

export const ServerErrorFallback: Story = purchase.serverErrorFallback(electricity);

/** The token, units and exchange reference, each copyable. */
export const SuccessWithToken: Story = purchase.success(electricity, async (canvas) => {
  const result = await canvas.findByTestId('purchase-result');
  await expect(within(result).getByText('Token')).toBeVisible();
  await expect(within(result).getByText('Units')).toBeVisible();
  await expect(within(result).getByText('Exchange reference')).toBeVisible();
  await expect(within(result).getByRole('button', { name: /Copy token/ })).toBeVisible();
});

export const Pending: Story = purchase.pending(electricity);

/** Sandbox: a meter ending 0000 fails, with the provider's message. */
export const Failed: Story = purchase.failed(electricity);

/** the saved "Home meter" fills the DisCo and the meter. */
export const SavedRecipient: Story = purchase.savedRecipient(electricity);

/**
 * The name has not come back yet (the look-up hangs): the form refuses to pay until the
 * customer has seen whom they pay (ADR 0046).
 */
export const VerifyFirst: Story = purchase.verifyFirst(electricity);
