import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { billPrice, MSG, NAIRA } from '@contract';
import { CableForm } from '@/features/purchases/components/products/cable';
import { formatNaira } from '@/lib/money';
import { choose, expectTotal, fill, signedIn, submit, typePin } from './helpers';
import * as purchase from './product-stories';

const meta = {
  title: 'Features/Purchases/CableForm',
  component: CableForm,
  beforeEach: signedIn,
} satisfies Meta<typeof CableForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const PAY = 'Pay subscription';
const CARD = '7024589134';

async function pickCompact(canvas: Parameters<typeof choose>[0]) {
  await choose(canvas, /TV provider/, 'DStv');
  await choose(canvas, /Plan/, /^DStv Compact(?! Plus)/);
}

/** DStv Compact for the "Living room DStv" smart card; its owner is looked up with Verify. */
const cable: purchase.Product = {
  buys: 'cabletv',
  catalogue: 'cableProducts',
  loading: 'Loading TV plans',
  submit: PAY,
  first: (canvas) => canvas.findByRole('combobox', { name: /TV provider/ }),
  number: CARD,
  fill: async (canvas, { number = CARD } = {}) => {
    await pickCompact(canvas);
    await fill(canvas, /Smart card number/, number);
  },
  verifies: true,
  lookUp: async (canvas) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
  },
  saved: {
    button: /^Living room DStv/,
    numberField: /Smart card number/,
    provider: /TV provider/,
    providerText: /DStv/i,
  },
};

export const Idle: Story = purchase.idle(cable);

export const LoadingCatalogue: Story = purchase.loadingCatalogue(cable);

export const CatalogueError: Story = purchase.catalogueError(cable);

/** Spec §5 "Cable TV": plan and digits-only card ('Invalid Decoder Number'), pin ('Invalid Pin'). */
export const ValidationFailure: Story = {
  play: async ({ canvas }) => {
    await choose(canvas, /TV provider/, 'DStv');
    await fill(canvas, /Smart card number/, CARD);
    await typePin(canvas);
    await submit(canvas, PAY);
    await expect(await canvas.findByText(MSG.cableDecoder)).toBeVisible();
    await choose(canvas, /Plan/, /^DStv Compact(?! Plus)/);
    await fill(canvas, /Smart card number/, '70245-89134');
    await submit(canvas, PAY);
    await expect(await canvas.findByText(MSG.cableDecoder)).toBeVisible();
    await fill(canvas, /Smart card number/, CARD);
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
export const CustomerVerified: Story = purchase.customerVerified(cable);

export const CustomerNotFound: Story = purchase.customerNotFound(cable);

export const InsufficientFunds: Story = purchase.insufficientFunds(cable, { balance: 100 * NAIRA });

export const WrongPin: Story = purchase.wrongPin(cable);

export const ServerErrorFallback: Story = purchase.serverErrorFallback(cable);

export const Success: Story = purchase.success(cable);

export const Pending: Story = purchase.pending(cable);

/** Sandbox: a smart card ending 0000 fails, with the provider's message. */
export const Failed: Story = purchase.failed(cable);

/** Issue 17: the saved "Living room DStv" fills the provider and the smart card. */
export const SavedRecipient: Story = purchase.savedRecipient(cable);

/**
 * The name has not come back yet (the look-up hangs): the form refuses to pay until the
 * customer has seen whom they pay (issue 24; ADR 0046).
 */
export const VerifyFirst: Story = purchase.verifyFirst(cable);
