import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { api, FALLBACK, MSG, SERVER_MSG } from '@contract';
import { DEMO_ADMIN, DEMO_CUSTOMER, errorHandler, variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { LoginForm } from '@/features/auth/components/login-form';
import { clearSession } from '@/lib/session';
import { ScreenAt } from './routes';

const meta = {
  title: 'Features/Auth/LoginForm',
  component: LoginForm,
  parameters: { router: { initialEntries: [paths.login] } },
  render: () => (
    <ScreenAt pattern={paths.login}>
      <LoginForm />
    </ScreenAt>
  ),
  // Start signed out and leave no session behind for the next story.
  beforeEach: () => {
    clearSession();
    return () => clearSession();
  },
} satisfies Meta<typeof LoginForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The empty form: labelled fields with the browser's autofill hints. */
export const Idle: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(canvas.getByLabelText(/E-mail address/)).toHaveAttribute(
      'autocomplete',
      'username',
    );
    await expect(canvas.getByLabelText(/Password/)).toHaveAttribute(
      'autocomplete',
      'current-password',
    );
    await expect(canvas.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      paths.forgotPassword,
    );
  },
};

/** Every login rule (spec §5): both fields required, then the e-mail pattern. */
export const ValidationFailure: Story = {
  play: async ({ canvas, userEvent }) => {
    const email = canvas.getByLabelText(/E-mail address/);
    const password = canvas.getByLabelText(/Password/);
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
    await expect(await canvas.findAllByText(MSG.loginRequired)).toHaveLength(2);
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(email).toHaveFocus());

    await userEvent.type(email, 'ada@example');
    await userEvent.type(password, 'Password123');
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
    await expect(await canvas.findByText(MSG.loginEmail)).toBeVisible();
    await expect(canvas.queryByText(MSG.loginRequired)).toBeNull();
    await waitFor(() => expect(email).toHaveFocus());
  },
};

/** The session ended on expiry: the login screen says so (spec §4). */
export const SessionExpired: Story = {
  beforeEach: () => {
    clearSession(MSG.sessionExpired);
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(MSG.sessionExpired);
  },
};

/** While the call is under way the button is busy. */
export const Loading: Story = {
  parameters: { msw: { handlers: [variants.login.slow] } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/E-mail address/), DEMO_CUSTOMER.email);
    await userEvent.type(canvas.getByLabelText(/Password/), DEMO_CUSTOMER.password);
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Log in' })).toHaveAttribute('aria-busy', 'true'),
    );
  },
};

/** A refusal shows the server's message (wrong password). */
export const ServerError: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/E-mail address/), DEMO_CUSTOMER.email);
    await userEvent.type(canvas.getByLabelText(/Password/), 'NotThePassword1');
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.invalidCredentials);
  },
};

/** Too many wrong passwords from this address for this account: 429 with the wait (ADR 0015). */
export const RateLimited: Story = {
  parameters: {
    msw: {
      handlers: [errorHandler(api.login, 429, 'rate_limited', SERVER_MSG.tooManyAttempts(15))],
    },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/E-mail address/), DEMO_CUSTOMER.email);
    await userEvent.type(canvas.getByLabelText(/Password/), DEMO_CUSTOMER.password);
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      SERVER_MSG.tooManyAttempts(15),
    );
  },
};

/** A failure without a message shows the spec's fallback (spec §8). */
export const ServerErrorFallback: Story = {
  parameters: { msw: { handlers: [errorHandler(api.login, 500, 'server_error', '')] } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/E-mail address/), DEMO_CUSTOMER.email);
    await userEvent.type(canvas.getByLabelText(/Password/), DEMO_CUSTOMER.password);
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(FALLBACK.auth);
  },
};

/** Success saves the session and opens the dashboard. */
export const Success: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/E-mail address/), DEMO_CUSTOMER.email);
    await userEvent.type(canvas.getByLabelText(/Password/), DEMO_CUSTOMER.password);
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
    await expect(
      await canvas.findByRole('heading', { name: 'User dashboard' }),
    ).toBeInTheDocument();
    await expect(localStorage.getItem('JWTtoken')).toBeTruthy();
  },
};

/** An admin lands on the admin dashboard, not the customer's. */
export const AdminSuccess: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/E-mail address/), DEMO_ADMIN.email);
    await userEvent.type(canvas.getByLabelText(/Password/), DEMO_ADMIN.password);
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
    await expect(
      await canvas.findByRole('heading', { name: 'Admin dashboard' }),
    ).toBeInTheDocument();
    await expect(canvas.queryByRole('heading', { name: 'User dashboard' })).toBeNull();
  },
};

/** The validation state in the dark theme (axe checks its contrast too). */
export const ValidationFailureDark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
    await expect(await canvas.findAllByText(MSG.loginRequired)).toHaveLength(2);
  },
};
