import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { billPrice, MSG, NAIRA, SERVER_MSG } from '@contract';
import { EducationForm } from '@/features/purchases/components/products/education';
import { formatNaira } from '@/lib/money';
import { choose, expectTotal, fill, signedIn, submit, typePin } from './helpers';
import * as purchase from './product-stories';

const meta = {
  title: 'Features/Purchases/EducationForm',
  component: EducationForm,
  beforeEach: signedIn,
} satisfies Meta<typeof EducationForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const BUY = 'Buy pins';
type Canvas = Parameters<typeof choose>[0];
const pickWaec = (canvas: Canvas) => choose(canvas, /Exam/, /WAEC Result Checker PIN/);

/** One WAEC result checker pin. */
const education: purchase.Product = {
  buys: 'education',
  catalogue: 'educationProducts',
  loading: 'Loading exams',
  submit: BUY,
  first: (canvas) => canvas.findByRole('combobox', { name: /Exam/ }),
  fill: pickWaec,
};

export const Idle: Story = purchase.idle(education);

export const LoadingCatalogue: Story = purchase.loadingCatalogue(education);

export const CatalogueError: Story = purchase.catalogueError(education);

/** Pin required ('Invalid Pin'); units stay within 1 to 5 (the stepper's buttons stop there). */
export const ValidationFailure: Story = {
  play: async ({ canvas, userEvent }) => {
    await pickWaec(canvas);
    await submit(canvas, BUY);
    await expect(await canvas.findByText(MSG.invalidPin)).toBeVisible();
    const minus = canvas.getByRole('button', { name: /Decrease/ });
    await expect(minus).toBeDisabled();
    const plus = canvas.getByRole('button', { name: /Increase/ });
    for (let i = 0; i < 4; i += 1) await userEvent.click(plus);
    await expect(plus).toBeDisabled();
  },
};

/** (price + fee) × units, before the pin. */
export const TotalShown: Story = {
  play: async ({ canvas, userEvent }) => {
    await pickWaec(canvas);
    await userEvent.click(canvas.getByRole('button', { name: /Increase/ }));
    const unit = await canvas.findByText(/2 × WAEC Result Checker PIN/);
    await expect(unit).toBeVisible();
    const region = await canvas.findByRole('region', { name: 'Payment summary' });
    await expect(region).toBeVisible();
    await expectTotal(canvas, formatNaira(billPrice(900 * NAIRA, 50 * NAIRA, 2).total));
  },
};

export const InsufficientFunds: Story = purchase.insufficientFunds(education, {
  balance: 100 * NAIRA,
});

export const WrongPin: Story = purchase.wrongPin(education);

export const ServerErrorFallback: Story = purchase.serverErrorFallback(education);

/** The exam pins, each copyable. */
export const SuccessWithPins: Story = {
  play: async ({ canvas, userEvent }) => {
    await pickWaec(canvas);
    await userEvent.click(canvas.getByRole('button', { name: /Increase/ }));
    await typePin(canvas);
    await submit(canvas, BUY);
    const result = await canvas.findByTestId('purchase-result');
    await expect(within(result).getByText('Pin 1')).toBeVisible();
    await expect(within(result).getByText('Pin 2')).toBeVisible();
  },
};

/** JAMB pins ask the candidate's 10-digit profile id; the pins come with it. */
export const JambProfileId: Story = {
  play: async ({ canvas }) => {
    await choose(canvas, /Exam/, /JAMB UTME PIN/);
    await typePin(canvas);
    await submit(canvas, BUY);
    await expect(await canvas.findByText(SERVER_MSG.jambProfileId)).toBeVisible();
    await fill(canvas, /JAMB profile ID/, '12345');
    await submit(canvas, BUY);
    await expect(await canvas.findByText(SERVER_MSG.jambProfileId)).toBeVisible();
    await fill(canvas, /JAMB profile ID/, '1234567890');
    await expect(canvas.queryByText(SERVER_MSG.jambProfileId)).toBeNull();
    await submit(canvas, BUY);
    const result = await canvas.findByTestId('purchase-result');
    await expect(within(result).getByText('Pin')).toBeVisible();
  },
};

/** WAEC asks no profile id. */
export const WaecAsksNoProfileId: Story = {
  play: async ({ canvas }) => {
    await pickWaec(canvas);
    await expect(canvas.queryByLabelText(/JAMB profile ID/)).toBeNull();
  },
};
