import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { api, FALLBACK, MSG, NAIRA, SERVER_MSG, TRUST_MSG } from '@contract';
import { db, errorHandler, refuse, SEED_COUPONS, variants } from '@mocks/index';
import { AirtimeScreen } from '@/features/purchases/components/products/airtime';
import { CableScreen } from '@/features/purchases/components/products/cable';
import { DataScreen } from '@/features/purchases/components/products/data';
import { EducationScreen } from '@/features/purchases/components/products/education';
import { ElectricityScreen } from '@/features/purchases/components/products/electricity';
import { choose, fill, openCouponTab, signedIn, submit, typePin, verified } from './helpers';

/**
 * The "Use Coupon" tab shared by the five purchase screens (spec §4 coupon flow): Load a
 * code; a coupon for this screen shows its fixed details and asks for the destination and pin.
 */
const meta = {
  title: 'Features/Purchases/CouponTab',
  component: AirtimeScreen,
  beforeEach: signedIn,
} satisfies Meta<typeof AirtimeScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = Parameters<typeof fill>[0];

async function load(canvas: Canvas, code: string) {
  await openCouponTab(canvas);
  await fill(canvas, /Coupon code/, code);
  await submit(canvas, 'Load');
}

export const Blank: Story = {
  play: async ({ canvas }) => {
    await openCouponTab(canvas);
    await submit(canvas, 'Load');
    await expect(await canvas.findByText(MSG.couponBlank)).toBeVisible();
  },
};

/**
 * The tab's form loads when the tab is first opened, then stays: what was typed is
 * still there after a visit to "Use wallet".
 */
export const KeepsCodeAcrossTabs: Story = {
  play: async ({ canvas }) => {
    await openCouponTab(canvas);
    await fill(canvas, /Coupon code/, SEED_COUPONS.airtime);
    await userEvent.click(canvas.getByRole('tab', { name: 'Use wallet' }));
    await expect(canvas.queryByRole('form', { name: 'Load coupon' })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('tab', { name: 'Use Coupon' }));
    await expect(canvas.getByLabelText(/Coupon code/)).toHaveValue(SEED_COUPONS.airtime);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.verifyCoupon.slow] } },
  play: async ({ canvas }) => {
    await load(canvas, SEED_COUPONS.airtime);
    await expect(canvas.getByRole('button', { name: 'Load' })).toHaveAttribute('aria-busy', 'true');
  },
};

/** An unknown code: the server's sentence. */
export const InvalidCode: Story = {
  play: async ({ canvas }) => {
    await load(canvas, 'NOPE12345678-AIRTIME');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(MSG.couponInvalid);
  },
};

export const AlreadyUsed: Story = {
  play: async ({ canvas }) => {
    await load(canvas, SEED_COUPONS.airtimeUsed);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.couponUsed);
  },
};

export const Expired: Story = {
  render: () => <CableScreen />,
  play: async ({ canvas }) => {
    await load(canvas, SEED_COUPONS.cableExpired);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.couponExpired);
  },
};

/** The owner's account is blocked: the code is on hold until an admin unblocks it (ADR 0015). */
export const Frozen: Story = {
  parameters: {
    msw: { handlers: [refuse(api.verifyCoupon, 'invalid_coupon', SERVER_MSG.couponFrozen)] },
  },
  play: async ({ canvas }) => {
    await load(canvas, SEED_COUPONS.airtime);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.couponFrozen);
  },
};

/** No message from the server: the coupon screen's fallback. */
export const VerifyErrorFallback: Story = {
  parameters: { msw: { handlers: [errorHandler(api.verifyCoupon, 500, 'server_error', '')] } },
  play: async ({ canvas }) => {
    await load(canvas, SEED_COUPONS.airtime);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(FALLBACK.couponVerify);
  },
};

/** A data coupon on the airtime screen: the spec's words, then the page it belongs to. */
export const OtherProduct: Story = {
  play: async ({ canvas }) => {
    await load(canvas, SEED_COUPONS.data);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Invalid coupon code supplied. This is a Data coupon: redeem it on the Data page.',
    );
    await expect(canvas.queryByRole('form', { name: 'Redeem coupon' })).toBeNull();
  },
};

/** An airtime coupon on the Data page names the Airtime page. */
export const AirtimeCouponOnData: Story = {
  render: () => <DataScreen />,
  play: async ({ canvas }) => {
    await load(canvas, SEED_COUPONS.airtime);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      MSG.couponInvalid + ' ' + TRUST_MSG.couponForScreen('Airtime'),
    );
  },
};

/** Loaded: fixed details; the phone and pin rules of the airtime form apply. */
export const AirtimeLoaded: Story = {
  play: async ({ canvas }) => {
    await load(canvas, SEED_COUPONS.airtime);
    const details = await canvas.findByRole('region', { name: 'Coupon details' });
    await expect(within(details).getByText(SEED_COUPONS.airtime)).toBeVisible();
    await fill(canvas, /Phone number/, '0803');
    await typePin(canvas);
    await submit(canvas, 'Redeem coupon');
    await expect(await canvas.findByText(MSG.airtimeInvalid)).toBeVisible();
    await fill(canvas, /Phone number/, '08031234567');
    await typePin(canvas, '');
    await submit(canvas, 'Redeem coupon');
    await expect(await canvas.findByText(MSG.airtimePinRequired)).toBeVisible();
  },
};

export const AirtimeRedeemed: Story = {
  play: async ({ canvas }) => {
    await load(canvas, SEED_COUPONS.airtime);
    await fill(canvas, /Phone number/, '08031234567');
    await typePin(canvas);
    await submit(canvas, 'Redeem coupon');
    await expect(await canvas.findByText('Purchase successful')).toBeVisible();
  },
};

export const WrongPin: Story = {
  parameters: { msw: { handlers: [refuse(api.airtime, 'wrong_pin', SERVER_MSG.wrongPin)] } },
  play: async ({ canvas }) => {
    await load(canvas, SEED_COUPONS.airtime);
    await fill(canvas, /Phone number/, '08031234567');
    await typePin(canvas, '654321');
    await submit(canvas, 'Redeem coupon');
    await expect(await canvas.findByText(SERVER_MSG.wrongPin)).toBeVisible();
  },
};

export const DataRedeemed: Story = {
  render: () => <DataScreen />,
  play: async ({ canvas }) => {
    await load(canvas, SEED_COUPONS.data);
    await fill(canvas, /Phone number/, 'abc');
    await submit(canvas, 'Redeem coupon');
    await expect(await canvas.findByText(MSG.dataPhone)).toBeVisible();
    await fill(canvas, /Phone number/, '08031234567');
    await typePin(canvas);
    await submit(canvas, 'Redeem coupon');
    await expect(await canvas.findByText('Purchase successful')).toBeVisible();
  },
};

/** SPECTRANET/SMILE coupons ask for the account id. */
export const DataNonRegularAccountId: Story = {
  render: () => <DataScreen />,
  play: async ({ canvas }) => {
    await load(canvas, SEED_COUPONS.dataNonRegular);
    await typePin(canvas);
    await submit(canvas, 'Redeem coupon');
    await expect(await canvas.findByText(MSG.dataAccountId)).toBeVisible();
  },
};

export const ElectricityRedeemedWithToken: Story = {
  render: () => <ElectricityScreen />,
  play: async ({ canvas }) => {
    await load(canvas, SEED_COUPONS.electricity);
    await typePin(canvas);
    await submit(canvas, 'Redeem coupon');
    await expect(await canvas.findByText(MSG.electricityMeterEmpty)).toBeVisible();
    await fill(canvas, /Meter number/, '45031234567');
    // Paid only to a meter whose name is on screen (ADR 0046): leaving the field verifies it.
    await submit(canvas, 'Redeem coupon');
    await expect(await canvas.findByText(TRUST_MSG.verifyFirst)).toBeVisible();
    await verified(canvas);
    await submit(canvas, 'Redeem coupon');
    const result = await canvas.findByTestId('purchase-result');
    await expect(within(result).getByText('Token')).toBeVisible();
  },
};

/** A ₦200 coupon (the coupon minimum) buys its own amount: the wallet's ₦500 rule is not its. */
export const ElectricityCouponOf200: Story = {
  render: () => <ElectricityScreen />,
  beforeEach: () => {
    const coupon = db.coupons.find((c) => c.coupon_code === SEED_COUPONS.electricity);
    if (!coupon) throw new Error('seed electricity coupon missing');
    coupon.meta_data = { ...coupon.meta_data, amount: 200 * NAIRA };
  },
  play: async ({ canvas }) => {
    await load(canvas, SEED_COUPONS.electricity);
    const details = await canvas.findByRole('region', { name: 'Coupon details' });
    await expect(within(details).getByText('₦200.00')).toBeVisible();
    await fill(canvas, /Meter number/, '45031234567');
    await typePin(canvas);
    await verified(canvas);
    await submit(canvas, 'Redeem coupon');
    const result = await canvas.findByTestId('purchase-result');
    await expect(within(result).getByText('Token')).toBeVisible();
  },
};

/**
 * A coupon sold before coupons kept their DisCo (decision 0013): the customer chooses the
 * meter's DisCo; the face value is what the coupon paid for.
 */
export const ElectricityCouponWithoutDisco: Story = {
  render: () => <ElectricityScreen />,
  beforeEach: () => {
    const coupon = db.coupons.find((c) => c.coupon_code === SEED_COUPONS.electricity);
    if (!coupon) throw new Error('seed electricity coupon missing');
    const { product, name, amount } = coupon.meta_data;
    coupon.meta_data = { product, name, amount };
  },
  play: async ({ canvas }) => {
    await load(canvas, SEED_COUPONS.electricity);
    await canvas.findByRole('region', { name: 'Coupon details' });
    await fill(canvas, /Meter number/, '45031234567');
    await typePin(canvas);
    await submit(canvas, 'Redeem coupon');
    await expect(await canvas.findByText(SERVER_MSG.chooseDisco)).toBeVisible();
    await choose(canvas, /Electricity company/, /Eko Electric \(EKEDC\) Prepaid/);
    // With the DisCo known the meter can be verified, and must be before it is paid.
    await submit(canvas, 'Redeem coupon');
    await expect(await canvas.findByText(TRUST_MSG.verifyFirst)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await verified(canvas);
    await submit(canvas, 'Redeem coupon');
    const result = await canvas.findByTestId('purchase-result');
    await expect(within(result).getByText('Token')).toBeVisible();
  },
};

export const EducationRedeemedWithPin: Story = {
  render: () => <EducationScreen />,
  play: async ({ canvas }) => {
    await load(canvas, SEED_COUPONS.education);
    await canvas.findByRole('region', { name: 'Coupon details' });
    await submit(canvas, 'Redeem coupon');
    await expect(await canvas.findByText(MSG.invalidPin)).toBeVisible();
    await typePin(canvas);
    await submit(canvas, 'Redeem coupon');
    const result = await canvas.findByTestId('purchase-result');
    await expect(within(result).getByText('Pin')).toBeVisible();
  },
};

/** A JAMB coupon asks the candidate's profile id before the pin. */
export const EducationJambAsksProfileId: Story = {
  render: () => <EducationScreen />,
  beforeEach: () => {
    const coupon = db.coupons.find((c) => c.coupon_code === SEED_COUPONS.education);
    if (!coupon) throw new Error('seed education coupon missing');
    coupon.meta_data = { ...coupon.meta_data, service_id: 'jamb', plan_id: 'utme' };
  },
  play: async ({ canvas }) => {
    await load(canvas, SEED_COUPONS.education);
    await canvas.findByRole('region', { name: 'Coupon details' });
    await typePin(canvas);
    await submit(canvas, 'Redeem coupon');
    await expect(await canvas.findByText(SERVER_MSG.jambProfileId)).toBeVisible();
    await fill(canvas, /JAMB profile ID/, '1234567890');
    await submit(canvas, 'Redeem coupon');
    const result = await canvas.findByTestId('purchase-result');
    await expect(within(result).getByText('Pin')).toBeVisible();
  },
};
