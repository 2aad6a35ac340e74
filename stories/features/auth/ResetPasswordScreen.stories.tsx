import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { MSG, SERVER_MSG, TIMERS } from '@contract';
import { SEED_LINK_TOKENS, variants } from '@mocks/index';
import { paths, routePatterns } from '@/config/routes';
import { ResetPasswordScreen } from '@/features/auth/components/reset-password-screen';
import { ScreenAt } from './routes';

const meta = {
  title: 'Features/Auth/ResetPasswordScreen',
  component: ResetPasswordScreen,
  parameters: {
    router: { initialEntries: [paths.resetPassword(SEED_LINK_TOKENS.resetPassword)] },
  },
  render: () => (
    <ScreenAt pattern={routePatterns.resetPassword}>
      <ResetPasswordScreen />
    </ScreenAt>
  ),
} satisfies Meta<typeof ResetPasswordScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

/** The token check starts after 1 s (TIMERS.resetTokenCheck); the form shows once it passes. */
async function formShown(canvas: Canvas) {
  return canvas.findByLabelText(/^New password/, {}, { timeout: TIMERS.resetTokenCheck + 2_000 });
}

/** Until the link is checked: a status line and no form. */
export const CheckingLink: Story = {
  parameters: { msw: { handlers: [variants.verifyResetToken.slow] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(/Checking your reset link/);
    await expect(canvas.queryByLabelText(/^New password/)).toBeNull();
  },
};

/** Set before the story renders, so never after the screen starts its 1 s timer. */
let renderedAt = 0;

/** The link is checked after 1 s, not at once; then the form shows. */
export const LinkValid: Story = {
  beforeEach: () => {
    renderedAt = performance.now();
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByLabelText(/^New password/)).toBeNull();
    await expect(await formShown(canvas)).toBeVisible();
    await expect(performance.now() - renderedAt).toBeGreaterThanOrEqual(
      TIMERS.resetTokenCheck - 20,
    );
    await expect(canvas.getByLabelText(/^New password/)).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
  },
};

/** A used or expired link shows the server's message and a way to ask for a new one. */
export const LinkInvalid: Story = {
  parameters: {
    router: { initialEntries: [paths.resetPassword(SEED_LINK_TOKENS.usedReset)] },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('alert', {}, { timeout: TIMERS.resetTokenCheck + 2_000 }),
    ).toHaveTextContent(SERVER_MSG.tokenInvalid);
    await expect(canvas.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      paths.forgotPassword,
    );
  },
};

/** Every reset rule (spec §5): required, too short, not equal. */
export const ValidationFailure: Story = {
  play: async ({ canvas, userEvent }) => {
    const password = await formShown(canvas);
    const confirm = canvas.getByLabelText(/Confirm new password/);
    const submit = canvas.getByRole('button', { name: 'Reset password' });

    await userEvent.click(submit);
    // The spec's sentence has two spaces: match it exactly, without collapsing whitespace.
    await expect(
      await canvas.findByText(MSG.resetPasswordRequired, { normalizer: (text) => text }),
    ).toBeVisible();
    await waitFor(() => expect(password).toHaveFocus());

    await userEvent.type(password, 'short1');
    await userEvent.click(submit);
    await expect(await canvas.findByText(MSG.passwordTooShort)).toBeVisible();

    await userEvent.clear(password);
    await userEvent.type(password, 'Kobo2026wallet');
    await userEvent.type(confirm, 'Kobo2026walle');
    await userEvent.click(submit);
    await expect(await canvas.findByText(MSG.passwordsNotEqual)).toBeVisible();
    await waitFor(() => expect(confirm).toHaveFocus());
  },
};

/** Saving fails: the server's message shows and the form stays. */
export const ServerError: Story = {
  parameters: { msw: { handlers: [variants.resetPassword.error] } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await formShown(canvas), 'Kobo2026wallet');
    await userEvent.type(canvas.getByLabelText(/Confirm new password/), 'Kobo2026wallet');
    await userEvent.click(canvas.getByRole('button', { name: 'Reset password' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.serverError);
    await expect(canvas.getByLabelText(/^New password/)).toBeVisible();
  },
};

/** Saving: the button is busy. */
export const Saving: Story = {
  parameters: { msw: { handlers: [variants.resetPassword.slow] } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await formShown(canvas), 'Kobo2026wallet');
    await userEvent.type(canvas.getByLabelText(/Confirm new password/), 'Kobo2026wallet');
    await userEvent.click(canvas.getByRole('button', { name: 'Reset password' }));
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Reset password' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
  },
};

/** Saved: the message shows, the form hides after 2 s (TIMERS.resetFormHide), login is linked. */
export const Success: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await formShown(canvas), 'Kobo2026wallet');
    await userEvent.type(canvas.getByLabelText(/Confirm new password/), 'Kobo2026wallet');
    // The 2 s timer starts once the answer is in: never before the press.
    const pressedAt = performance.now();
    await userEvent.click(canvas.getByRole('button', { name: 'Reset password' }));
    await expect(await canvas.findByText(SERVER_MSG.passwordReset)).toBeVisible();
    await expect(canvas.getByLabelText(/^New password/)).toBeInTheDocument();
    await waitFor(() => expect(canvas.queryByLabelText(/^New password/)).toBeNull(), {
      timeout: TIMERS.resetFormHide + 5_000,
    });
    await expect(performance.now() - pressedAt).toBeGreaterThanOrEqual(TIMERS.resetFormHide - 20);
    await expect(canvas.getByText(SERVER_MSG.passwordReset)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to login' })).toHaveAttribute(
      'href',
      paths.login,
    );
  },
};
