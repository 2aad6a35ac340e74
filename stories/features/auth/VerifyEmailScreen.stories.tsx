import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { api, FALLBACK, MSG, SERVER_MSG } from '@contract';
import { errorHandler, SEED_LINK_TOKENS, UNVERIFIED_CUSTOMER, variants } from '@mocks/index';
import { paths, routePatterns } from '@/config/routes';
import { VerifyEmailScreen } from '@/features/auth/components/verify-email-screen';
import { ScreenAt } from './routes';

const meta = {
  title: 'Features/Auth/VerifyEmailScreen',
  component: VerifyEmailScreen,
  parameters: {
    router: { initialEntries: [paths.verifyEmail(SEED_LINK_TOKENS.verifyEmail)] },
  },
  render: () => (
    <ScreenAt pattern={routePatterns.verifyEmail}>
      <VerifyEmailScreen />
    </ScreenAt>
  ),
} satisfies Meta<typeof VerifyEmailScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Until the answer arrives (spec §2). */
export const Verifying: Story = {
  parameters: { msw: { handlers: [variants.verifyEmail.slow] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(MSG.verifyingEmail);
  },
};

export const Verified: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(MSG.emailVerified)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', paths.login);
  },
};

/**
 * A link opened again after the account was verified (a second tap, another phone): it says
 * so and offers the login, never "invalid", and asks for no new link.
 */
export const AlreadyVerified: Story = {
  parameters: { router: { initialEntries: [paths.verifyEmail(SEED_LINK_TOKENS.usedVerify)] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.emailAlreadyVerified)).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'E-mail verified' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', paths.login);
    await expect(canvas.queryByText(SERVER_MSG.tokenInvalid)).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Resend verification link' })).toBeNull();
  },
};

/** A bad link: the server's message, then a new link on request (with the e-mail rule). */
export const Failed: Story = {
  parameters: { router: { initialEntries: [paths.verifyEmail('no-such-token')] } },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.tokenInvalid);
    const email = canvas.getByLabelText(/E-mail address/);
    await userEvent.type(email, 'ngozi@');
    await userEvent.click(canvas.getByRole('button', { name: 'Resend verification link' }));
    await expect(await canvas.findByText(MSG.forgotEmail)).toBeVisible();
    await userEvent.clear(email);
    await userEvent.type(email, UNVERIFIED_CUSTOMER.email);
    await userEvent.click(canvas.getByRole('button', { name: 'Resend verification link' }));
    await expect(await canvas.findByText(SERVER_MSG.verificationSent)).toBeVisible();
  },
};

/** A failure without a message shows the spec's fallback (spec §8). */
export const FailedWithoutMessage: Story = {
  parameters: { msw: { handlers: [errorHandler(api.verifyEmail, 500, 'server_error', '')] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(FALLBACK.auth);
  },
};
