import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { MSG, SERVER_MSG, TIMERS } from '@contract';
import { DEMO_CUSTOMER, variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { ScreenAt } from './routes';

const meta = {
  title: 'Features/Auth/ForgotPasswordForm',
  component: ForgotPasswordForm,
  parameters: { router: { initialEntries: [paths.forgotPassword] } },
  render: () => (
    <ScreenAt pattern={paths.forgotPassword}>
      <ForgotPasswordForm />
    </ScreenAt>
  ),
} satisfies Meta<typeof ForgotPasswordForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(/E-mail address/)).toHaveAttribute('inputmode', 'email');
    await expect(canvas.getByRole('button', { name: 'Reset' })).toBeEnabled();
  },
};

/** The one rule (spec §5): empty or malformed e-mail. */
export const ValidationFailure: Story = {
  play: async ({ canvas, userEvent }) => {
    const email = canvas.getByLabelText(/E-mail address/);
    await userEvent.click(canvas.getByRole('button', { name: 'Reset' }));
    await expect(await canvas.findByText(MSG.forgotEmail)).toBeVisible();
    await waitFor(() => expect(email).toHaveFocus());
    await userEvent.type(email, 'ada at example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Reset' }));
    await expect(await canvas.findByText(MSG.forgotEmail)).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.initiateReset.slow] } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/E-mail address/), DEMO_CUSTOMER.email);
    await userEvent.click(canvas.getByRole('button', { name: 'Reset' }));
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Reset' })).toHaveAttribute('aria-busy', 'true'),
    );
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [variants.initiateReset.error] } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/E-mail address/), DEMO_CUSTOMER.email);
    await userEvent.click(canvas.getByRole('button', { name: 'Reset' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.serverError);
  },
};

/** Success names the address, then goes to login after 5 s (spec §2, TIMERS). */
export const SuccessThenRedirect: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/E-mail address/), DEMO_CUSTOMER.email);
    // The 5 s timer starts once the answer is in: never before the press.
    const pressedAt = performance.now();
    await userEvent.click(canvas.getByRole('button', { name: 'Reset' }));
    await expect(await canvas.findByText(DEMO_CUSTOMER.email)).toBeVisible();
    await expect(canvas.getByText(SERVER_MSG.resetLinkSent, { exact: false })).toBeVisible();
    await expect(
      await canvas.findByRole(
        'heading',
        { name: 'Login page' },
        { timeout: TIMERS.forgotPasswordRedirect + 5_000 },
      ),
    ).toBeInTheDocument();
    await expect(performance.now() - pressedAt).toBeGreaterThanOrEqual(
      TIMERS.forgotPasswordRedirect - 20,
    );
  },
};
