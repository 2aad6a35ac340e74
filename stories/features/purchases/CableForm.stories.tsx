import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { api, billPrice, FALLBACK, MSG, NAIRA, SERVER_MSG, TRUST_MSG } from '@contract';
import { errorHandler, refuse, variants } from '@mocks/index';
import { CableForm } from '@/features/purchases/components/products/cable';
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
  title: 'Features/Purchases/CableForm',
  component: CableForm,
  beforeEach: signedIn,
} satisfies Meta<typeof CableForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const PAY = 'Pay subscription';

async function pickCompact(canvas: Parameters<typeof choose>[0]) {
  await choose(canvas, /TV provider/, 'DStv');
  await choose(canvas, /Plan/, /^DStv Compact(?! Plus)/);
}

export const Idle: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('combobox', { name: /TV provider/ })).toBeVisible();
  },
};

export const LoadingCatalogue: Story = {
  parameters: { msw: { handlers: [variants.cableProducts.slow] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading TV plans' })).toBeVisible();
  },
};

export const CatalogueError: Story = {
  parameters: { msw: { handlers: [variants.cableProducts.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.serverError);
  },
};

/** Spec §5 "Cable TV": plan and digits-only card ('Invalid Decoder Number'), pin ('Invalid Pin'). */
export const ValidationFailure: Story = {
  play: async ({ canvas }) => {
    await choose(canvas, /TV provider/, 'DStv');
    await fill(canvas, /Smart card number/, '7024589134');
    await typePin(canvas);
    await submit(canvas, PAY);
    await expect(await canvas.findByText(MSG.cableDecoder)).toBeVisible();
    await choose(canvas, /Plan/, /^DStv Compact(?! Plus)/);
    await fill(canvas, /Smart card number/, '70245-89134');
    await submit(canvas, PAY);
    await expect(await canvas.findByText(MSG.cableDecoder)).toBeVisible();
    await fill(canvas, /Smart card number/, '7024589134');
    await typePin(canvas, '');
    await submit(canvas, PAY);
    await expect(await canvas.findByText(MSG.invalidPin)).toBeVisible();
  },
};

/** Plan price plus DStv's ₦100 convenience fee, before the pin. */
export const TotalShown: Story = {
  play: async ({ canvas }) => {
    await pickCompact(canvas);
    await expectTotal(canvas, formatNaira(billPrice(19_000 * NAIRA, 100 * NAIRA).total));
  },
};

/** The smart card's owner shows after the number is entered. */
export const CustomerVerified: Story = {
  play: async ({ canvas, userEvent }) => {
    await pickCompact(canvas);
    await fill(canvas, /Smart card number/, '7024589134');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(await canvas.findByTestId('customer')).toBeVisible();
  },
};

export const CustomerNotFound: Story = {
  play: async ({ canvas, userEvent }) => {
    await pickCompact(canvas);
    await fill(canvas, /Smart card number/, '7024580000');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.customerNotFound);
  },
};

export const InsufficientFunds: Story = {
  beforeEach: () => setBalance(100 * NAIRA),
  play: async ({ canvas }) => {
    await pickCompact(canvas);
    await fill(canvas, /Smart card number/, '7024589134');
    await typePin(canvas);
    await submit(canvas, PAY);
    await expect(await canvas.findByText(MSG.insufficientFunds)).toBeVisible();
  },
};

export const WrongPin: Story = {
  parameters: { msw: { handlers: [refuse(api.cabletv, 'wrong_pin', SERVER_MSG.wrongPin)] } },
  play: async ({ canvas }) => {
    await pickCompact(canvas);
    await fill(canvas, /Smart card number/, '7024589134');
    await typePin(canvas, '654321');
    await verified(canvas);
    await submit(canvas, PAY);
    await expect(await canvas.findByText(SERVER_MSG.wrongPin)).toBeVisible();
  },
};

export const ServerErrorFallback: Story = {
  parameters: { msw: { handlers: [errorHandler(api.cabletv, 500, 'server_error', '')] } },
  play: async ({ canvas }) => {
    await pickCompact(canvas);
    await fill(canvas, /Smart card number/, '7024589134');
    await typePin(canvas);
    await verified(canvas);
    await submit(canvas, PAY);
    await expect(await canvas.findByText(FALLBACK.purchase)).toBeVisible();
  },
};

export const Success: Story = {
  play: async ({ canvas }) => {
    await pickCompact(canvas);
    await fill(canvas, /Smart card number/, '7024589134');
    await typePin(canvas);
    await verified(canvas);
    await submit(canvas, PAY);
    await expect(await canvas.findByText('Purchase successful')).toBeVisible();
  },
};

export const Pending: Story = {
  play: async ({ canvas }) => {
    await pickCompact(canvas);
    await fill(canvas, /Smart card number/, '7024581111');
    await typePin(canvas);
    await verified(canvas);
    await submit(canvas, PAY);
    await expect(await canvas.findByText('Purchase pending')).toBeVisible();
  },
};

/** Sandbox: a smart card ending 0000 fails, with the provider's message. */
export const Failed: Story = {
  parameters: { msw: { handlers: [anyCustomer] } },
  play: async ({ canvas }) => {
    await pickCompact(canvas);
    await fill(canvas, /Smart card number/, '7024580000');
    await typePin(canvas);
    await verified(canvas);
    await submit(canvas, PAY);
    await expect(await canvas.findByText('Purchase failed')).toBeVisible();
  },
};

/** Issue 17: the saved "Living room DStv" fills the provider and the smart card. */
export const SavedRecipient: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(
      await canvas.findByRole('button', { name: /^Living room DStv/ }, { timeout: 5000 }),
    );
    await expect(canvas.getByLabelText(/Smart card number/)).toHaveValue('7024589134');
    await expect(canvas.getByRole('combobox', { name: /TV provider/ })).toHaveTextContent(/DStv/i);
  },
};

/**
 * The name has not come back yet (the look-up hangs): the form refuses to pay until the
 * customer has seen whom they pay (issue 24; ADR 0046).
 */
export const VerifyFirst: Story = {
  parameters: { msw: { handlers: [variants.verifyCustomer.slow] } },
  play: async ({ canvas }) => {
    await pickCompact(canvas);
    await fill(canvas, /Smart card number/, '7024589134');
    await typePin(canvas);
    await submit(canvas, PAY);
    await expect(await canvas.findByText(TRUST_MSG.verifyFirst)).toBeVisible();
    await expect(canvas.queryByTestId('purchase-result')).toBeNull();
  },
};
