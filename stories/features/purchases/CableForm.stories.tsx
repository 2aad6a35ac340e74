import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { billPrice, MSG, NAIRA, TV_MSG } from '@contract';
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

/** the saved "Living room DStv" fills the provider and the smart card. */
export const SavedRecipient: Story = purchase.savedRecipient(cable);

/**
 * The name has not come back yet (the look-up hangs): the form refuses to pay until the
 * customer has seen whom they pay (ADR 0046).
 */
export const VerifyFirst: Story = purchase.verifyFirst(cable);

/** The verified DStv card is on DStv Yanga (our ₦6,000 plan): renewing it is offered first. */
async function verifyCard(canvas: Parameters<typeof choose>[0]) {
  await choose(canvas, /TV provider/, 'DStv');
  await fill(canvas, /Smart card number/, CARD);
  await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
  await canvas.findByTestId('bouquet-choice');
}

/**
 * Renew current bouquet (ADR 0077), offered beside Change bouquet: our plan's name and price
 * in naira (never the provider's "N2,565"), the renewal's total before the pin, no plan to
 * choose once picked; paying renews it.
 */
export const RenewOffered: Story = {
  play: async ({ canvas }) => {
    await verifyCard(canvas);
    const total = formatNaira(billPrice(6_000 * NAIRA, 100 * NAIRA).total);
    await expect(canvas.getByTestId('customer')).toHaveTextContent(
      `Current bouquet: DStv Yanga (${formatNaira(6_000 * NAIRA)})`,
    );
    await expect(canvas.getByTestId('customer')).not.toHaveTextContent(/N\d/);
    const renew = canvas.getByRole('radio', { name: `${TV_MSG.renew}: DStv Yanga · ${total}` });
    await userEvent.click(renew);
    await expect(renew).toBeChecked();
    await expect(canvas.queryByRole('combobox', { name: /Plan/ })).toBeNull();
    await expectTotal(canvas, total);
    await typePin(canvas);
    await submit(canvas, PAY);
    await expect(await canvas.findByText('Purchase successful')).toBeVisible();
  },
};

/** Change bouquet: choosing another plan says, before the pin, that it replaces DStv Yanga. */
export const ChangeWarning: Story = {
  play: async ({ canvas }) => {
    await verifyCard(canvas);
    await expect(canvas.getByRole('radio', { name: TV_MSG.change })).toBeChecked();
    await choose(canvas, /Plan/, /^DStv Compact(?! Plus)/);
    await expect(await canvas.findByTestId('change-warning')).toHaveTextContent(
      TV_MSG.changeReplaces('DStv Yanga'),
    );
    await expectTotal(canvas, formatNaira(billPrice(19_000 * NAIRA, 100 * NAIRA).total));
  },
};
