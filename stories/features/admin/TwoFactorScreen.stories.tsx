import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { RECOVERY_CODE_COUNT, SERVER_MSG, TWO_FACTOR_MSG } from '@contract';
import { db, DEMO_ADMIN, MOCK_TOTP_CODE, MOCK_TOTP_SECRET, variants } from '@mocks/index';
import { groupKey, TwoFactorScreen } from '@/features/admin/components/two-factor-screen';
import { signedInAsAdmin } from './session';

const meta = {
  title: 'Features/Admin/TwoFactorScreen',
  component: TwoFactorScreen,
  beforeEach: signedInAsAdmin,
} satisfies Meta<typeof TwoFactorScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
type User = {
  click: (el: Element) => Promise<void>;
  paste: (text: string) => Promise<void>;
};

const admin = () => db.users.find((u) => u.id === DEMO_ADMIN.id)!;

/** Presses Set up and waits for the key. */
async function showKey(canvas: Canvas, userEvent: User) {
  await userEvent.click(await canvas.findByRole('button', { name: 'Set up two-factor sign-in' }));
  return canvas.findByTestId('two-factor-key');
}

async function sendCode(canvas: Canvas, userEvent: User, code: string) {
  await userEvent.click(canvas.getByLabelText(/Code from the app/));
  await userEvent.paste(code);
  await userEvent.click(canvas.getByRole('button', { name: 'Turn on two-factor sign-in' }));
}

/** Not set up (sandbox: optional): what it is, and one button. */
export const NotEnrolled: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Two-factor sign-in' }),
    ).toBeVisible();
    await expect(
      await canvas.findByRole('button', { name: 'Set up two-factor sign-in' }),
    ).toBeVisible();
    await expect(canvas.getByText(/Two-factor sign-in is off/)).toBeVisible();
    await expect(canvas.queryByText(TWO_FACTOR_MSG.enrolFirst)).toBeNull();
  },
};

/** Live mode: every admin must set it up before anything else. */
export const Required: Story = {
  beforeEach: () => {
    db.settings.twoFactorRequired = true;
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(TWO_FACTOR_MSG.enrolFirst)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();
  },
};

/** The key in groups of four with Copy, and the otpauth:// link; nothing is on yet. */
export const KeyShown: Story = {
  play: async ({ canvas, userEvent }) => {
    const key = await showKey(canvas, userEvent);
    await expect(key).toHaveTextContent(groupKey(MOCK_TOTP_SECRET));
    await expect(key).toHaveTextContent(/^JBSW Y3DP /);
    await expect(canvas.getByRole('button', { name: 'Copy key' })).toBeVisible();
    const link = canvas.getByRole('link', { name: 'open the key in your authenticator app' });
    await expect(link.getAttribute('href')).toMatch(/^otpauth:\/\/totp\/.+secret=JBSWY3DP/);
    await expect(admin().two_factor?.enrolled).toBe(false);
  },
};

/** No code typed: said under the field, nothing sent. */
export const NoCode: Story = {
  play: async ({ canvas, userEvent }) => {
    await showKey(canvas, userEvent);
    await userEvent.click(canvas.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    await expect(await canvas.findByText(TWO_FACTOR_MSG.codeRequired)).toBeVisible();
    await expect(admin().two_factor?.enrolled).toBe(false);
  },
};

/** A wrong code: the server's words, and two-factor stays off. */
export const WrongCode: Story = {
  play: async ({ canvas, userEvent }) => {
    await showKey(canvas, userEvent);
    await sendCode(canvas, userEvent, '000000');
    await expect(await canvas.findByText(TWO_FACTOR_MSG.codeWrong)).toBeVisible();
    await expect(admin().two_factor?.enrolled).toBe(false);
    await expect(canvas.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  },
};

/**
 * The right code: the ten recovery codes, once, with Copy and Download as text; "I have saved
 * them" ends on "Two-factor sign-in is on." and the codes are gone from the screen.
 */
export const RecoveryCodes: Story = {
  play: async ({ canvas, userEvent }) => {
    await showKey(canvas, userEvent);
    await sendCode(canvas, userEvent, MOCK_TOTP_CODE);
    const list = await canvas.findByRole('list', { name: 'Recovery codes' });
    const codes = within(list).getAllByRole('listitem');
    await expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    await expect(codes[0]).toHaveTextContent(/^[2-9A-Z]{5}-[2-9A-Z]{5}$/);
    await expect(admin().two_factor).toMatchObject({ enrolled: true });
    await expect(canvas.getByRole('button', { name: 'Copy codes' })).toBeVisible();
    const download = canvas.getByRole('link', { name: 'Download as text' });
    await expect(download).toHaveAttribute('download', expect.stringMatching(/\.txt$/));
    await expect(decodeURIComponent(download.getAttribute('href')!)).toContain(
      codes[0]!.textContent!,
    );
    await userEvent.click(canvas.getByRole('button', { name: 'I have saved them' }));
    await expect(await canvas.findByText(TWO_FACTOR_MSG.enrolled)).toBeVisible();
    await expect(canvas.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  },
};

/** Already on: says so, and how a lost phone is handled; no set-up button. */
export const Enrolled: Story = {
  beforeEach: () => {
    admin().two_factor = { secret: MOCK_TOTP_SECRET, enrolled: true, recovery: [] };
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(TWO_FACTOR_MSG.enrolled)).toBeVisible();
    await expect(canvas.getByText(/ask an owner to reset two-factor/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Set up two-factor sign-in' })).toBeNull();
  },
};

/** The key could not be made: the server's message, the button stays. */
export const StartError: Story = {
  parameters: { msw: { handlers: [variants.twoFactorStart.error] } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Set up two-factor sign-in' }));
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
    await expect(canvas.queryByTestId('two-factor-key')).toBeNull();
  },
};

/** The state could not be read. */
export const ServerError: Story = {
  parameters: { msw: { handlers: [variants.adminSelf.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.adminSelf.slow] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Two-factor sign-in' }),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Set up two-factor sign-in' })).toBeNull();
  },
};
