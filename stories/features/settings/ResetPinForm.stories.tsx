import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { api, FALLBACK, MSG, SERVER_MSG, TRUST_MSG } from '@contract';
import { demoSession, errorHandler, SEED_PASSWORD, variants } from '@mocks/index';
import { ResetPinForm } from '@/features/settings/components/reset-pin-form';
import { clearSession, saveTokens } from '@/lib/session';

const meta = {
  title: 'Features/Settings/ResetPinForm',
  component: ResetPinForm,
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof ResetPinForm>;

export default meta;
type Story = StoryObj<typeof meta>;

type Ctx = Parameters<NonNullable<Story['play']>>[0];

async function fill({ canvas, userEvent }: Ctx, password: string, pin: string, confirmPin = pin) {
  await userEvent.type(canvas.getByLabelText(/^Password/), password);
  await userEvent.type(canvas.getByLabelText(/^New secret pin/), pin);
  if (confirmPin)
    await userEvent.type(canvas.getByLabelText(/^Confirm new secret pin/), confirmPin);
  await userEvent.click(canvas.getByRole('button', { name: 'Reset pin' }));
}

export const Idle: Story = {};

/** Every reset-pin rule (spec §5): password required, digits only, exactly six. */
export const ValidationFailure: Story = {
  play: async ({ canvas, userEvent }) => {
    const submit = canvas.getByRole('button', { name: 'Reset pin' });
    const pin = canvas.getByLabelText(/^New secret pin/);
    await userEvent.click(submit);
    await expect(await canvas.findByText(MSG.currentPasswordRequired)).toBeVisible();
    await waitFor(() => expect(canvas.getByLabelText(/^Password/)).toHaveFocus());

    // A pasted pin with letters is refused with the rule's message.
    await userEvent.click(pin);
    await userEvent.paste('12ab56');
    await expect(await canvas.findByText(MSG.pinInvalid)).toBeVisible();

    await userEvent.type(canvas.getByLabelText(/^Password/), SEED_PASSWORD);
    await userEvent.type(pin, '123');
    await userEvent.click(submit);
    await expect(await canvas.findByText(MSG.pinLength)).toBeVisible();
    await expect(pin).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Success: Story = {
  play: async (ctx) => {
    await fill(ctx, SEED_PASSWORD, '654321');
    await expect(await ctx.canvas.findByText(MSG.pinChanged)).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.resetPin.slow] } },
  play: async (ctx) => {
    await fill(ctx, SEED_PASSWORD, '654321');
    await waitFor(() =>
      expect(ctx.canvas.getByRole('button', { name: 'Reset pin' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
  },
};

export const WrongPassword: Story = {
  play: async (ctx) => {
    await fill(ctx, 'NotMyPassword1', '654321');
    await expect(await ctx.canvas.findByText(SERVER_MSG.wrongPassword)).toBeVisible();
  },
};

/** No message from the server: "Oops!! a problem occured while trying to reset your secret pin." */
export const FallbackError: Story = {
  parameters: { msw: { handlers: [errorHandler(api.resetPin, 400, 'bad_request', '')] } },
  play: async (ctx) => {
    await fill(ctx, SEED_PASSWORD, '654321');
    await expect(await ctx.canvas.findByText(FALLBACK.resetPin)).toBeVisible();
  },
};

/** The new pin typed twice: a confirmation that differs is refused, nothing is sent. */
export const ConfirmationDiffers: Story = {
  play: async (ctx) => {
    await fill(ctx, SEED_PASSWORD, '482915', '482951');
    await expect(await ctx.canvas.findByText(TRUST_MSG.pinsNotEqual)).toBeVisible();
    await expect(ctx.canvas.queryByText(MSG.pinChanged)).toBeNull();
  },
};
