import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { api, electricityPrice, FALLBACK, MSG, NAIRA, SERVER_MSG, TRUST_MSG } from '@contract';
import { errorHandler, refuse, variants } from '@mocks/index';
import { ElectricityForm } from '@/features/purchases/components/products/electricity';
import { formatNaira } from '@/lib/money';
import {
  choose,
  expectTotal,
  fill,
  setBalance,
  signedIn,
  submit,
  typePin,
  verified,
  anyCustomer,
} from './helpers';

const meta = {
  title: 'Features/Purchases/ElectricityForm',
  component: ElectricityForm,
  beforeEach: signedIn,
} satisfies Meta<typeof ElectricityForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const BUY = 'Buy electricity';
type Canvas = Parameters<typeof choose>[0];

async function fillValid(canvas: Canvas, meter = '45031234567', amount = '5000') {
  await choose(canvas, /Electricity company/, /Ikeja Electric \(IKEDC\) Prepaid/);
  await fill(canvas, /Meter number/, meter);
  await fill(canvas, /Amount/, amount);
}

export const Idle: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText(/Meter number/)).toBeVisible();
  },
};

export const LoadingCatalogue: Story = {
  parameters: { msw: { handlers: [variants.electricityProducts.slow] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('status', { name: 'Loading electricity companies' }),
    ).toBeVisible();
  },
};

export const CatalogueError: Story = {
  parameters: { msw: { handlers: [variants.electricityProducts.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.serverError);
  },
};

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
    await fill(canvas, /Meter number/, '45031234567');
    await fill(canvas, /Amount/, '300');
    await submit(canvas, BUY);
    await expect(await canvas.findByText(MSG.electricityMinimum)).toBeVisible();
    await fill(canvas, /Amount/, '5000');
    await typePin(canvas, '');
    await submit(canvas, BUY);
    await expect(await canvas.findByText(MSG.invalidPin)).toBeVisible();
  },
};

/** Under ₦1,000 the DisCo's percent fee; from ₦1,000 a flat ₦100 (spec §9). */
export const TotalShown: Story = {
  play: async ({ canvas }) => {
    await fillValid(canvas, '45031234567', '800');
    await expectTotal(canvas, formatNaira(electricityPrice(800 * NAIRA, 1.5).total));
    await fill(canvas, /Amount/, '5000');
    await expectTotal(canvas, formatNaira(electricityPrice(5_000 * NAIRA, 1.5).total));
  },
};

/** The meter's owner and address show after leaving the meter field. */
export const CustomerVerified: Story = {
  play: async ({ canvas }) => {
    await fillValid(canvas);
    await expect(await canvas.findByTestId('customer')).toBeVisible();
  },
};

export const CustomerNotFound: Story = {
  play: async ({ canvas }) => {
    await fillValid(canvas, '45031230000');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.customerNotFound);
  },
};

export const InsufficientFunds: Story = {
  beforeEach: () => setBalance(1_000 * NAIRA),
  play: async ({ canvas }) => {
    await fillValid(canvas);
    await typePin(canvas);
    await submit(canvas, BUY);
    await expect(await canvas.findByText(MSG.insufficientFunds)).toBeVisible();
  },
};

export const WrongPin: Story = {
  parameters: { msw: { handlers: [refuse(api.electricity, 'wrong_pin', SERVER_MSG.wrongPin)] } },
  play: async ({ canvas }) => {
    await fillValid(canvas);
    await typePin(canvas, '654321');
    await verified(canvas);
    await submit(canvas, BUY);
    await expect(await canvas.findByText(SERVER_MSG.wrongPin)).toBeVisible();
  },
};

export const ServerErrorFallback: Story = {
  parameters: { msw: { handlers: [errorHandler(api.electricity, 500, 'server_error', '')] } },
  play: async ({ canvas }) => {
    await fillValid(canvas);
    await typePin(canvas);
    await verified(canvas);
    await submit(canvas, BUY);
    await expect(await canvas.findByText(FALLBACK.purchase)).toBeVisible();
  },
};

/** The token, units and exchange reference, each copyable. */
export const SuccessWithToken: Story = {
  play: async ({ canvas }) => {
    await fillValid(canvas);
    await typePin(canvas);
    await verified(canvas);
    await submit(canvas, BUY);
    const result = await canvas.findByTestId('purchase-result');
    await expect(within(result).getByText('Token')).toBeVisible();
    await expect(within(result).getByText('Units')).toBeVisible();
    await expect(within(result).getByText('Exchange reference')).toBeVisible();
    await expect(within(result).getByRole('button', { name: /Copy token/ })).toBeVisible();
  },
};

export const Pending: Story = {
  play: async ({ canvas }) => {
    await fillValid(canvas, '45031231111');
    await typePin(canvas);
    await verified(canvas);
    await submit(canvas, BUY);
    await expect(await canvas.findByText('Purchase pending')).toBeVisible();
  },
};

/** Sandbox: a meter ending 0000 fails, with the provider's message. */
export const Failed: Story = {
  parameters: { msw: { handlers: [anyCustomer] } },
  play: async ({ canvas }) => {
    await fillValid(canvas, '45031230000');
    await typePin(canvas);
    await verified(canvas);
    await submit(canvas, BUY);
    await expect(await canvas.findByText('Purchase failed')).toBeVisible();
  },
};

/** Issue 17: the saved "Home meter" fills the DisCo and the meter. */
export const SavedRecipient: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(
      await canvas.findByRole('button', { name: /^Home meter/ }, { timeout: 5000 }),
    );
    await expect(canvas.getByLabelText(/Meter number/)).toHaveValue('45031234567');
    await expect(canvas.getByRole('combobox', { name: /Electricity company/ })).toHaveTextContent(
      /Ikeja/i,
    );
  },
};

/**
 * The name has not come back yet (the look-up hangs): the form refuses to pay until the
 * customer has seen whom they pay (issue 24; ADR 0046).
 */
export const VerifyFirst: Story = {
  parameters: { msw: { handlers: [variants.verifyCustomer.slow] } },
  play: async ({ canvas }) => {
    await fillValid(canvas);
    await typePin(canvas);
    await submit(canvas, BUY);
    await expect(await canvas.findByText(TRUST_MSG.verifyFirst)).toBeVisible();
    await expect(canvas.queryByTestId('purchase-result')).toBeNull();
  },
};
