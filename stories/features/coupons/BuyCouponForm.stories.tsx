import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  airtimePrice,
  api,
  billPrice,
  couponOfAdminCreditMessage,
  couponPrice,
  FALLBACK,
  MSG,
  NAIRA,
  SERVER_MSG,
} from '@contract';
import { db, DEMO_CUSTOMER, demoSession, errorHandler, refuse, variants } from '@mocks/index';
import { BuyCouponForm } from '@/features/coupons/components/buy-coupon-form';
import { clearSession, saveTokens } from '@/lib/session';
import { formatNaira } from '@/lib/money';

const meta = {
  title: 'Features/Coupons/BuyCouponForm',
  component: BuyCouponForm,
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof BuyCouponForm>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

const GENERATE = 'Generate coupons';

async function choose(canvas: Canvas, label: RegExp, option: RegExp | string) {
  await userEvent.click(await canvas.findByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}
async function fill(canvas: Canvas, label: RegExp, value: string) {
  const field = await canvas.findByLabelText(label);
  await userEvent.clear(field);
  if (value) await userEvent.type(field, value);
}
async function pin(canvas: Canvas, value = '123456') {
  await fill(canvas, /Secret pin/, value);
}
const total = (canvas: Canvas) => canvas.findByTestId('total');
const setBalance = (kobo: number) => {
  const user = db.users.find((u) => u.id === DEMO_CUSTOMER.id);
  if (user) user.wallet_balance = kobo;
};

export const Idle: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('combobox', { name: /Product/ })).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Decrease/ })).toBeDisabled();
  },
};

/** Every rule of spec §5 "Buy coupon". */
export const ValidationFailure: Story = {
  play: async ({ canvas }) => {
    await choose(canvas, /Product/, 'Airtime');
    await fill(canvas, /Amount per coupon/, '2OO');
    await pin(canvas);
    await userEvent.click(canvas.getByRole('button', { name: GENERATE }));
    await expect(await canvas.findByText(MSG.couponAmount)).toBeVisible();
    await fill(canvas, /Amount per coupon/, '150');
    await userEvent.click(canvas.getByRole('button', { name: GENERATE }));
    await expect(await canvas.findByText(MSG.couponMinimum)).toBeVisible();
    await fill(canvas, /Amount per coupon/, '500');
    await pin(canvas, '');
    await userEvent.click(canvas.getByRole('button', { name: GENERATE }));
    await expect(await canvas.findByText(MSG.airtimePinRequired)).toBeVisible();
  },
};

/** Electricity coupons have the same ₦200 minimum. */
export const ElectricityMinimum: Story = {
  play: async ({ canvas }) => {
    await choose(canvas, /Product/, 'Electricity');
    await choose(canvas, /Electricity company/, /Ikeja/);
    await fill(canvas, /Amount per coupon/, '100');
    await pin(canvas);
    await userEvent.click(canvas.getByRole('button', { name: GENERATE }));
    await expect(await canvas.findByText(MSG.couponMinimum)).toBeVisible();
  },
};

/** units × (price + fee), updated by the stepper. */
export const TotalShown: Story = {
  play: async ({ canvas }) => {
    await choose(canvas, /Product/, 'Airtime');
    await fill(canvas, /Amount per coupon/, '500');
    // For any network: the face value, no network discount.
    await expect(await total(canvas)).toHaveTextContent(formatNaira(500 * NAIRA));
    await choose(canvas, /Network/, 'MTN');
    await expect(await total(canvas)).toHaveTextContent(
      formatNaira(couponPrice(airtimePrice(500 * NAIRA, 2), 1).total),
    );
    await userEvent.click(canvas.getByRole('button', { name: /Increase/ }));
    await userEvent.click(canvas.getByRole('button', { name: /Increase/ }));
    await waitFor(async () =>
      expect(await total(canvas)).toHaveTextContent(
        formatNaira(couponPrice(airtimePrice(500 * NAIRA, 2), 3).total),
      ),
    );
  },
};

/** On the Resellers tier (2 % off airtime, ADR 0027) a coupon costs the tier's price per unit. */
export const ResellerTierTotal: Story = {
  beforeEach: () => {
    db.users.find((u) => u.id === DEMO_CUSTOMER.id)!.tier_id = 'tier_resellers';
  },
  play: async ({ canvas }) => {
    await choose(canvas, /Product/, 'Airtime');
    await fill(canvas, /Amount per coupon/, '1000');
    await choose(canvas, /Network/, 'MTN');
    await userEvent.click(canvas.getByRole('button', { name: /Increase/ }));
    // ₦980 standard, ₦19.60 off on the tier: 2 × ₦960.40.
    await waitFor(async () => expect(await total(canvas)).toHaveTextContent('₦1,920.80'));
  },
};

export const CableTotal: Story = {
  play: async ({ canvas }) => {
    await choose(canvas, /Product/, 'Cable TV');
    await choose(canvas, /Plan/, /^DStv Compact(?! Plus)/);
    await expect(await total(canvas)).toHaveTextContent(
      formatNaira(billPrice(19_000 * NAIRA, 100 * NAIRA).total),
    );
  },
};

export const InsufficientFunds: Story = {
  beforeEach: () => setBalance(300 * NAIRA),
  play: async ({ canvas }) => {
    await choose(canvas, /Product/, 'Airtime');
    await fill(canvas, /Amount per coupon/, '500');
    await pin(canvas);
    await userEvent.click(canvas.getByRole('button', { name: GENERATE }));
    await expect(await canvas.findByText(MSG.insufficientFunds)).toBeVisible();
  },
};

export const LoadingPlans: Story = {
  parameters: { msw: { handlers: [variants.dataProducts.slow] } },
  play: async ({ canvas }) => {
    await choose(canvas, /Product/, /MTN, GLO/);
    await expect(await canvas.findByRole('status', { name: 'Loading plans' })).toBeVisible();
  },
};

export const WrongPin: Story = {
  parameters: { msw: { handlers: [refuse(api.buyCoupon, 'wrong_pin', SERVER_MSG.wrongPin)] } },
  play: async ({ canvas }) => {
    await choose(canvas, /Product/, 'Airtime');
    await fill(canvas, /Amount per coupon/, '500');
    await pin(canvas, '654321');
    await userEvent.click(canvas.getByRole('button', { name: GENERATE }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.wrongPin);
  },
};

/**
 * Money our team credited in the last 7 days may not pay for coupons (ADR 0088): the server's
 * sentence is shown where purchase errors are, and no code is generated.
 */
export const AdminCreditRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        refuse(api.buyCoupon, 'limit_exceeded', couponOfAdminCreditMessage(50_000 * NAIRA)),
      ],
    },
  },
  play: async ({ canvas }) => {
    await choose(canvas, /Product/, 'Airtime');
    await fill(canvas, /Amount per coupon/, '500');
    await pin(canvas);
    await userEvent.click(canvas.getByRole('button', { name: GENERATE }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      '₦50,000 of your balance was credited by our team in the last 7 days and cannot pay for coupons yet: you can spend it on airtime, data and bills for yourself, and a withdrawal of it is checked by our team first.',
    );
    await expect(canvas.queryByRole('list', { name: 'Generated coupon codes' })).toBeNull();
  },
};

export const ServerErrorFallback: Story = {
  parameters: { msw: { handlers: [errorHandler(api.buyCoupon, 500, 'server_error', '')] } },
  play: async ({ canvas }) => {
    await choose(canvas, /Product/, 'Airtime');
    await fill(canvas, /Amount per coupon/, '500');
    await pin(canvas);
    await userEvent.click(canvas.getByRole('button', { name: GENERATE }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(FALLBACK.purchase);
  },
};

/** Two data coupons: each code with its own copy button. */
export const Success: Story = {
  play: async ({ canvas }) => {
    await choose(canvas, /Product/, /MTN, GLO/);
    await choose(canvas, /Plan/, /MTN 1\.5 GB · 30 days/);
    await userEvent.click(canvas.getByRole('button', { name: /Increase/ }));
    await pin(canvas);
    await userEvent.click(canvas.getByRole('button', { name: GENERATE }));
    const list = await canvas.findByRole('list', { name: 'Generated coupon codes' });
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    for (const item of items) {
      await expect(item).toHaveTextContent(/-DATA-REGULAR/);
      await expect(within(item).getByRole('button', { name: /Copy/ })).toBeVisible();
    }
  },
};

/** An exam-pin coupon: the plan's price plus the convenience fee, one code per unit. */
export const EducationSuccess: Story = {
  play: async ({ canvas }) => {
    await choose(canvas, /Product/, 'Education');
    await pin(canvas);
    await userEvent.click(canvas.getByRole('button', { name: GENERATE }));
    await expect(await canvas.findByText(MSG.inputsInvalid)).toBeVisible();
    await choose(canvas, /Plan/, /WAEC Result Checker PIN/);
    await expect(await total(canvas)).toHaveTextContent(
      formatNaira(billPrice(900 * NAIRA, 50 * NAIRA).total),
    );
    await userEvent.click(canvas.getByRole('button', { name: GENERATE }));
    const list = await canvas.findByRole('list', { name: 'Generated coupon codes' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await expect(list).toHaveTextContent(/-EDUCATION/);
  },
};

/** SPECTRANET and SMILE plans sell as their own coupon product. */
export const DataNonRegularSuccess: Story = {
  play: async ({ canvas }) => {
    await choose(canvas, /Product/, /SPECTRANET, SMILE/);
    await choose(canvas, /Plan/, /Spectranet 7 GB · 30 days/);
    await pin(canvas);
    await userEvent.click(canvas.getByRole('button', { name: GENERATE }));
    const list = await canvas.findByRole('list', { name: 'Generated coupon codes' });
    await expect(list).toHaveTextContent(/-DATA-NON-REGULAR/);
  },
};
