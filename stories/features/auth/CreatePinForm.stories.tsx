import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { MSG, SERVER_MSG, TRUST_MSG } from '@contract';
import { demoSession, noPinSession, variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { CreatePinForm } from '@/features/auth/components/create-pin-form';
import { clearSession, saveTokens } from '@/lib/session';
import { ScreenAt } from './routes';

const meta = {
  title: 'Features/Auth/CreatePinForm',
  component: CreatePinForm,
  parameters: { router: { initialEntries: [paths.createPin] } },
  render: () => (
    <ScreenAt pattern={paths.createPin}>
      <CreatePinForm />
    </ScreenAt>
  ),
  // Signed in as a customer without a pin; nothing is left behind for the next story.
  beforeEach: () => {
    saveTokens(noPinSession());
    return () => clearSession();
  },
} satisfies Meta<typeof CreatePinForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvas }) => {
    const pin = canvas.getByLabelText(/^Secret pin/);
    await expect(pin).toHaveAttribute('inputmode', 'numeric');
    await expect(pin).toHaveAttribute('type', 'password');
  },
};

/** Every pin rule (spec §5): required, digits only, exactly six. */
export const ValidationFailure: Story = {
  play: async ({ canvas, userEvent }) => {
    const pin = canvas.getByLabelText(/^Secret pin/);
    const submit = canvas.getByRole('button', { name: 'Create pin' });

    await userEvent.click(submit);
    await expect(await canvas.findByText(MSG.pinRequired)).toBeVisible();
    await waitFor(() => expect(pin).toHaveFocus());

    // Letters cannot be typed; a pasted pin with letters is refused with the rule's message.
    await userEvent.click(pin);
    await userEvent.paste('12ab56');
    await expect(await canvas.findByText(MSG.pinInvalid)).toBeVisible();

    await userEvent.type(pin, '123');
    await userEvent.click(submit);
    await expect(await canvas.findByText(MSG.pinLength)).toBeVisible();
    await expect(pin).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.createPin.slow] } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/^Secret pin/), '482915');
    await userEvent.type(canvas.getByLabelText(/^Confirm secret pin/), '482915');
    await userEvent.click(canvas.getByRole('button', { name: 'Create pin' }));
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Create pin' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
  },
};

/** A customer who already has a pin: the server's message. */
export const ServerError: Story = {
  beforeEach: () => {
    saveTokens(demoSession());
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/^Secret pin/), '482915');
    await userEvent.type(canvas.getByLabelText(/^Confirm secret pin/), '482915');
    await userEvent.click(canvas.getByRole('button', { name: 'Create pin' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.pinAlreadySet);
  },
};

/** Created: on to the dashboard. */
export const Success: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/^Secret pin/), '482915');
    await userEvent.type(canvas.getByLabelText(/^Confirm secret pin/), '482915');
    await userEvent.click(canvas.getByRole('button', { name: 'Create pin' }));
    await expect(
      await canvas.findByRole('heading', { name: 'User dashboard' }),
    ).toBeInTheDocument();
  },
};

/** The pin typed twice: a confirmation that differs is refused, nothing is sent. */
export const ConfirmationDiffers: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/^Secret pin/), '482915');
    await userEvent.type(canvas.getByLabelText(/^Confirm secret pin/), '482951');
    await userEvent.click(canvas.getByRole('button', { name: 'Create pin' }));
    await expect(await canvas.findByText(TRUST_MSG.pinsNotEqual)).toBeVisible();
    await waitFor(() => expect(canvas.getByLabelText(/^Confirm secret pin/)).toHaveFocus());
    await expect(canvas.getByLabelText(/^Confirm secret pin/)).toHaveAttribute('type', 'password');
  },
};
