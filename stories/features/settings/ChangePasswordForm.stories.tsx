import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { api, FALLBACK, MSG, SERVER_MSG } from '@contract';
import { demoSession, errorHandler, SEED_PASSWORD, variants } from '@mocks/index';
import { ChangePasswordForm } from '@/features/settings/components/change-password-form';
import { clearSession, saveTokens } from '@/lib/session';

const meta = {
  title: 'Features/Settings/ChangePasswordForm',
  component: ChangePasswordForm,
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof ChangePasswordForm>;

export default meta;
type Story = StoryObj<typeof meta>;

type Ctx = Parameters<NonNullable<Story['play']>>[0];

async function fill(
  { canvas, userEvent }: Ctx,
  values: { current: string; next: string; confirm: string },
) {
  await userEvent.type(canvas.getByLabelText(/^Current password/), values.current);
  await userEvent.type(canvas.getByLabelText(/^New password/), values.next);
  await userEvent.type(canvas.getByLabelText(/^Confirm new password/), values.confirm);
  await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
}

export const Idle: Story = {};

/** Every change-password rule (spec §5) with its exact message. */
export const ValidationFailure: Story = {
  play: async ({ canvas, userEvent }) => {
    const submit = canvas.getByRole('button', { name: 'Change password' });
    await userEvent.click(submit);
    await expect(await canvas.findByText(MSG.currentPasswordRequired)).toBeVisible();
    await expect(canvas.getByText(MSG.newPasswordRequired)).toBeVisible();
    await waitFor(() => expect(canvas.getByLabelText(/^Current password/)).toHaveFocus());

    await userEvent.type(canvas.getByLabelText(/^Current password/), SEED_PASSWORD);
    await userEvent.type(canvas.getByLabelText(/^New password/), 'short1');
    await userEvent.click(submit);
    await expect(await canvas.findByText(MSG.passwordTooShort)).toBeVisible();

    await userEvent.clear(canvas.getByLabelText(/^New password/));
    await userEvent.type(canvas.getByLabelText(/^New password/), 'Brandnew2026');
    await userEvent.type(canvas.getByLabelText(/^Confirm new password/), 'Brandnew2025');
    await userEvent.click(submit);
    await expect(await canvas.findByText(MSG.passwordsNotEqual)).toBeVisible();
  },
};

export const Success: Story = {
  play: async (ctx) => {
    const { canvas } = ctx;
    await fill(ctx, {
      current: SEED_PASSWORD,
      next: 'Brandnew2026',
      confirm: 'Brandnew2026',
    });
    await expect(await canvas.findByText(MSG.passwordChanged)).toBeVisible();
    await expect(canvas.getByLabelText(/^Current password/)).toHaveValue('');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.changePassword.slow] } },
  play: async (ctx) => {
    const { canvas } = ctx;
    await fill(ctx, {
      current: SEED_PASSWORD,
      next: 'Brandnew2026',
      confirm: 'Brandnew2026',
    });
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Change password' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
  },
};

/** A wrong current password: the server's message. */
export const WrongPassword: Story = {
  play: async (ctx) => {
    const { canvas } = ctx;
    await fill(ctx, {
      current: 'NotMyPassword1',
      next: 'Brandnew2026',
      confirm: 'Brandnew2026',
    });
    await expect(await canvas.findByText(SERVER_MSG.wrongPassword)).toBeVisible();
  },
};

/** No message from the server: "Oops!! your password cannot be changed at this moment." */
export const FallbackError: Story = {
  parameters: { msw: { handlers: [errorHandler(api.changePassword, 400, 'bad_request', '')] } },
  play: async (ctx) => {
    const { canvas } = ctx;
    await fill(ctx, {
      current: SEED_PASSWORD,
      next: 'Brandnew2026',
      confirm: 'Brandnew2026',
    });
    await expect(await canvas.findByText(FALLBACK.changePassword)).toBeVisible();
  },
};
