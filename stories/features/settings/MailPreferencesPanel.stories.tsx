import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { MAIL_PREFS_MSG, SERVER_MSG } from '@contract';
import { demoSession, variants } from '@mocks/index';
import { MailPreferencesPanel } from '@/features/settings/components/mail-preferences-panel';
import { clearSession, saveTokens } from '@/lib/session';

/** Settings → E-mails (issue 24; ADR 0047): the switch for the mails about the customer's money. */
const meta = {
  title: 'Features/Settings/MailPreferencesPanel',
  component: MailPreferencesPanel,
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof MailPreferencesPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

const theSwitch = (canvas: Parameters<NonNullable<Story['play']>>[0]['canvas']) =>
  canvas.findByRole('switch', { name: MAIL_PREFS_MSG.label });

/** On, as for every new account; the hint says security e-mails always go. */
export const On: Story = {
  play: async ({ canvas }) => {
    await expect(await theSwitch(canvas)).toBeChecked();
    await expect(canvas.getByText(MAIL_PREFS_MSG.hint)).toBeVisible();
  },
};

/** Turned off, then on again: each change is saved and says so. */
export const Off: Story = {
  play: async ({ canvas, userEvent }) => {
    const box = await theSwitch(canvas);
    await waitFor(() => expect(box).toBeChecked());
    await userEvent.click(box);
    await expect(await canvas.findByText(MAIL_PREFS_MSG.saved)).toBeVisible();
    await waitFor(() => expect(box).not.toBeChecked());
    await expect(box).toBeEnabled();
    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.mailPreferences.slow] } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('switch')).toBeNull();
  },
};

/** The switch cannot be read: the error, no switch that could lie about the setting. */
export const LoadError: Story = {
  parameters: { msw: { handlers: [variants.mailPreferences.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.serverError);
    await expect(canvas.queryByRole('switch')).toBeNull();
  },
};

/** While the choice is saved: shown, and the switch waits. */
export const Saving: Story = {
  parameters: { msw: { handlers: [variants.setMailPreferences.slow] } },
  play: async ({ canvas, userEvent }) => {
    const box = await theSwitch(canvas);
    await waitFor(() => expect(box).toBeChecked());
    await userEvent.click(box);
    await expect(await canvas.findByText('Saving…')).toBeVisible();
    await expect(box).not.toBeChecked();
    await expect(box).toBeDisabled();
  },
};

/** Saving fails: the server's message, and the switch back on the stored choice. */
export const SaveError: Story = {
  parameters: { msw: { handlers: [variants.setMailPreferences.error] } },
  play: async ({ canvas, userEvent }) => {
    const box = await theSwitch(canvas);
    await waitFor(() => expect(box).toBeChecked());
    await userEvent.click(box);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.serverError);
    await expect(box).toBeChecked();
  },
};
