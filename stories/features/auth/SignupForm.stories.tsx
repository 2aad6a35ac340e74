import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { MSG, SERVER_MSG } from '@contract';
import { DEMO_CUSTOMER, variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { SignupForm } from '@/features/auth/components/signup-form';
import { ScreenAt } from './routes';

const meta = {
  title: 'Features/Auth/SignupForm',
  component: SignupForm,
  parameters: { router: { initialEntries: [paths.signup] } },
  render: () => (
    <ScreenAt pattern={paths.signup}>
      <SignupForm />
    </ScreenAt>
  ),
} satisfies Meta<typeof SignupForm>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];
type UserEvent = Parameters<NonNullable<Story['play']>>[0]['userEvent'];

async function fill(
  canvas: Canvas,
  userEvent: UserEvent,
  values: { name: string; email: string; phone: string; password: string; confirm: string },
) {
  await userEvent.type(canvas.getByLabelText(/Full name/), values.name);
  await userEvent.type(canvas.getByLabelText(/E-mail address/), values.email);
  await userEvent.type(canvas.getByLabelText(/Phone number/), values.phone);
  await userEvent.type(canvas.getByLabelText(/^Password/), values.password);
  await userEvent.type(canvas.getByLabelText(/Confirm password/), values.confirm);
  await userEvent.click(canvas.getByRole('button', { name: 'Sign up' }));
}

const good = {
  name: 'Adaeze Okafor',
  email: 'adaeze.new@example.com',
  phone: '08031234567',
  password: 'Kobo2026wallet',
  confirm: 'Kobo2026wallet',
};

/** The empty form: labelled fields, autofill hints, numeric keypad for the phone. */
export const Idle: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(/Full name/)).toHaveAttribute('autocomplete', 'name');
    await expect(canvas.getByLabelText(/E-mail address/)).toHaveAttribute('autocomplete', 'email');
    await expect(canvas.getByLabelText(/Phone number/)).toHaveAttribute('inputmode', 'numeric');
    await expect(canvas.getByLabelText(/^Password/)).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
    await expect(canvas.queryByLabelText('Referral code')).toBeNull();
  },
};

/** `?referral_code=` is read from the query string and sent with the signup. */
export const WithReferralCode: Story = {
  parameters: { router: { initialEntries: [paths.signupWithReferral('ADA123')] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Referral code')).toHaveValue('ADA123');
  },
};

/** Every signup rule (spec §5), each under its field; focus goes to the first. */
export const ValidationFailure: Story = {
  play: async ({ canvas, userEvent }) => {
    await fill(canvas, userEvent, {
      name: 'Ada O',
      email: 'ada@example',
      phone: '06031234567',
      password: 'short1',
      confirm: 'different',
    });
    await expect(await canvas.findByText(MSG.signupName)).toBeVisible();
    await expect(canvas.getByText(MSG.signupEmail)).toBeVisible();
    await expect(canvas.getByText(MSG.signupPhone)).toBeVisible();
    await expect(canvas.getByText(MSG.passwordTooShort)).toBeVisible();
    await expect(canvas.getByText(MSG.passwordsNotEqual)).toBeVisible();
    await waitFor(() => expect(canvas.getByLabelText(/Full name/)).toHaveFocus());

    // Phone: letters and spaces are refused too.
    const phone = canvas.getByLabelText(/Phone number/);
    await userEvent.clear(phone);
    await userEvent.type(phone, '0803 12345a');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign up' }));
    await expect(await canvas.findByText(MSG.signupPhone)).toBeVisible();
  },
};

/** While the call is under way the button is busy. */
export const Loading: Story = {
  parameters: { msw: { handlers: [variants.register.slow] } },
  play: async ({ canvas, userEvent }) => {
    await fill(canvas, userEvent, good);
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Sign up' })).toHaveAttribute('aria-busy', 'true'),
    );
  },
};

/** A refusal shows the server's message (the e-mail is taken). */
export const ServerError: Story = {
  play: async ({ canvas, userEvent }) => {
    await fill(canvas, userEvent, { ...good, email: DEMO_CUSTOMER.email });
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.emailTaken);
  },
};

/**
 * On a phone (360 px) the form is taller than the screen and its message sits above the
 * button the customer pressed: the refusal is scrolled into view and focused, so it is seen
 * and read out.
 */
export const ServerErrorOnReferralSignup: Story = {
  parameters: {
    router: { initialEntries: [paths.signupWithReferral('ADA123')] },
    viewport: { defaultViewport: 'mobile1' },
  },
  play: async ({ canvas, userEvent }) => {
    await fill(canvas, userEvent, { ...good, email: DEMO_CUSTOMER.email });
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(SERVER_MSG.emailTaken);
    await waitFor(() => expect(alert).toHaveFocus());
  },
};

/** A 500 shows the server's message. */
export const ServerDown: Story = {
  parameters: { msw: { handlers: [variants.register.error] } },
  play: async ({ canvas, userEvent }) => {
    await fill(canvas, userEvent, good);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.serverError);
  },
};

/** Success: the thank-you screen with the 24-hour notice, and a new link on request. */
export const Success: Story = {
  play: async ({ canvas, userEvent }) => {
    await fill(canvas, userEvent, good);
    await expect(await canvas.findByText(MSG.signupSuccess)).toBeVisible();
    await expect(canvas.getByText(good.email)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Resend verification link' }));
    await expect(await canvas.findByText(SERVER_MSG.verificationSent)).toBeVisible();
  },
};

/** The validation state in the dark theme (axe checks its contrast too). */
export const ValidationFailureDark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas, userEvent }) => {
    await fill(canvas, userEvent, { ...good, name: 'Ada', confirm: 'different' });
    await expect(await canvas.findByText(MSG.signupName)).toBeVisible();
    await expect(canvas.getByText(MSG.passwordsNotEqual)).toBeVisible();
  },
};
